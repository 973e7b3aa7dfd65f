/*
 * sample_dump.c — prints samples [0, N) of a float32 sampled sweep as
 * "aaaaaaaa bbbbbbbb" hex lines (sct_sample_fill, the sweep's own path), so
 * that sweep.numpy_baseline_same_pairs can check that the numpy baseline of
 * bench/sweep_sampled.sh draws exactly the pairs the C sweep runs.
 *
 * usage: sample_dump Div|Mul N SEED
 */
#include <stdio.h>
#include <stdlib.h>

#include "sonnx_cts/plugin.h"
#include "sct/sweep/sweep_sample.h"

int main(int argc, char **argv)
{
    sct_sample_gen g;
    if (argc != 4 || sct_sample_gen_init(&g, argv[1], SONNX_DT_FLOAT, SONNX_DT_FLOAT,
                                         strtoull(argv[3], NULL, 0)) != 0) {
        fprintf(stderr, "usage: sample_dump Div|Mul N SEED\n");
        return 2;
    }
    size_t n = (size_t)strtoull(argv[2], NULL, 0);
    uint32_t *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
    if (a == NULL || b == NULL)
        return 2;
    sct_sample_fill(&g, 0, n, a, b);
    for (size_t i = 0; i < n; i++)
        printf("%08lx %08lx\n", (unsigned long)a[i], (unsigned long)b[i]);
    free(a);
    free(b);
    return 0;
}
