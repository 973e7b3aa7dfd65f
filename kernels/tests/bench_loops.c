/*
 * bench_loops.c — pairs per second of the 16-bit element loops (the sweeps
 * the exhaustive sweeps run these over 2^32 pairs).  Generates the pairs
 * in blocks the way a sweep does (A fixed per block, B over all 65536
 * encodings) and times only the loop calls, in thread CPU time.
 *
 * Usage: sct_bench_loops [log2_pairs]   (default 28: 2^28 pairs per loop)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "sct/kernels/kernels.h"

/* CPU time of this thread: the figures stay meaningful when other jobs
 * share the cores (wall time would count their slices too). */
static double sct_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

typedef struct bench_case {
    const char *op;
    int32_t a, b;
    const char *label;
} bench_case;

int main(int argc, char **argv)
{
    int log2_pairs = argc > 1 ? atoi(argv[1]) : 28;
    if (log2_pairs < 16 || log2_pairs > 32) {
        fprintf(stderr, "log2_pairs must be in 16..32\n");
        return 2;
    }
    static const bench_case cases[] = {
        {"Div", SONNX_DT_FLOAT16, SONNX_DT_FLOAT16, "Div float16"},
        {"Div", SONNX_DT_BFLOAT16, SONNX_DT_BFLOAT16, "Div bfloat16"},
        {"Mul", SONNX_DT_FLOAT16, SONNX_DT_FLOAT16, "Mul float16"},
        {"Mul", SONNX_DT_BFLOAT16, SONNX_DT_BFLOAT16, "Mul bfloat16"},
        {"Less", SONNX_DT_FLOAT16, SONNX_DT_FLOAT16, "Less float16"},
        {"Less", SONNX_DT_BFLOAT16, SONNX_DT_BFLOAT16, "Less bfloat16"},
        {"Pow", SONNX_DT_FLOAT16, SONNX_DT_FLOAT16, "Pow float16"},
        {"Pow", SONNX_DT_BFLOAT16, SONNX_DT_BFLOAT16, "Pow bfloat16"},
        {"Div", SONNX_DT_INT16, SONNX_DT_INT16, "Div int16"},
        {"Div", SONNX_DT_UINT16, SONNX_DT_UINT16, "Div uint16"},
        {"Mul", SONNX_DT_INT16, SONNX_DT_INT16, "Mul int16"},
        {"Less", SONNX_DT_INT16, SONNX_DT_INT16, "Less int16"},
    };
    enum { BLOCK = 65536 };
    uint16_t *a = malloc(BLOCK * sizeof *a), *b = malloc(BLOCK * sizeof *b);
    uint16_t *c = malloc(BLOCK * sizeof *c);
    if (!a || !b || !c)
        return 1;
    for (uint32_t i = 0; i < BLOCK; i++)
        b[i] = (uint16_t)i;
    uint64_t blocks = ((uint64_t)1 << log2_pairs) / BLOCK;
    printf("%-14s %14s %10s %12s\n", "loop", "pairs/s", "cpu s",
           "2^32 1 core");
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        const bench_case *bc = &cases[k];
        sct_kernel_loop loop = sct_kernel_contiguous(bc->op, bc->a, bc->b);
        if (loop == NULL) {
            printf("%-14s no loop\n", bc->label);
            continue;
        }
        uint64_t sink = 0;
        /* Pow is ~100x slower: a smaller slice keeps the run short. */
        uint64_t nblocks = bc->op[0] == 'P' ? (blocks + 63) / 64 : blocks;
        double t0 = sct_now();
        for (uint64_t blk = 0; blk < nblocks; blk++) {
            uint16_t av = (uint16_t)(blk * 40503u); /* spread over A */
            for (uint32_t i = 0; i < BLOCK; i++)
                a[i] = av;
            loop(a, b, c, BLOCK);
            sink += c[blk & (BLOCK - 1)];
        }
        double dt = sct_now() - t0;
        double pairs = (double)nblocks * BLOCK;
        printf("%-14s %14.3e %10.3f %12.1f   (sink %llu)\n", bc->label,
               pairs / dt, dt, 4294967296.0 / (pairs / dt),
               (unsigned long long)(sink & 1u));
    }
    free(a);
    free(b);
    free(c);
    return 0;
}
