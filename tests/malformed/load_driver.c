/*
 * load_driver.c — opens a vector set with harness/io and loads every case,
 * printing one line per case, so the malformed corpus can be checked without
 * the sonnx-cts CLI.
 *
 *   load_driver DIR
 *
 * Output: "case <id>: ok" or "case <id>: error: <message>" per case,
 * "set-error: <message>" per set-level error, "skipped: <dir: reason>",
 * then "summary: <n> cases, <ok> loaded, <bad> errors, <s> skipped".
 * Exit status: 0 all cases loaded, 2 any error (as `sonnx-cts run`), and 2
 * with "open-error: <message>" when the set cannot be opened at all.
 */
#include <stdio.h>

#include "sct/model/case.h"

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s VECTORS_DIR\n", argv[0]);
        return 2;
    }
    sct_vector_set set;
    char err[2048];
    if (sct_vector_set_open(argv[1], &set, err, sizeof err) != 0) {
        printf("open-error: %s\n", err);
        return 2;
    }
    size_t ok = 0, bad = 0;
    for (size_t i = 0; i < set.n_cases; i++) {
        const sct_case *c = sct_vector_set_case(&set, i);
        sct_case_data data;
        if (sct_case_load(&set, c, &data, err, sizeof err) == 0) {
            printf("case %s: ok\n", c->id);
            ok++;
            sct_case_data_free(&data);
        } else {
            printf("case %s: error: %s\n", c->id, err);
            bad++;
        }
    }
    for (size_t i = 0; i < set.n_errors; i++)
        printf("set-error: %s\n", set.errors[i]);
    for (size_t i = 0; i < set.n_skipped; i++)
        printf("skipped: %s\n", set.skipped[i]);
    printf("summary: %zu cases, %zu loaded, %zu errors, %zu skipped\n", set.n_cases, ok, bad,
           set.n_skipped);
    size_t n_errors = set.n_errors;
    sct_vector_set_free(&set);
    return (bad > 0 || n_errors > 0) ? 2 : 0;
}
