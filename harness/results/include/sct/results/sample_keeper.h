/*
 * sample_keeper.h — which mismatching elements a report shows: the first
 * `max_errors` in index order, plus the worst element of the case when it
 * is not among them (largest ULP distance; an unmeasurable distance — NaN
 * against a number, integer, bool — counts as the largest; ties keep the
 * first).  At most max_errors + 1 samples per case, allocated as
 * mismatches occur (a huge --max-errors costs nothing on a passing case).
 */
#ifndef SCT_RESULTS_SAMPLE_KEEPER_H
#define SCT_RESULTS_SAMPLE_KEEPER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sct/check/compare_tensors.h"
#include "sct/results/report_model.h"

typedef struct sct_sample_keeper {
    uint32_t max_errors;
    int32_t rank;
    int64_t dims[SONNX_MAX_RANK];
    sct_sample *kept;   /* grows on demand up to max_errors + 1 */
    size_t n_kept, cap_kept;
    bool oom;           /* a sample could not be stored (counts stay exact) */
    sct_sample worst;
    bool have_worst;
    bool worst_kept;    /* the worst is one of kept[] */
    size_t worst_pos;
} sct_sample_keeper;

/* Returns 0, non-zero when out of memory. */
int sct_sample_keeper_init(sct_sample_keeper *k, uint32_t max_errors,
                           int32_t out_rank, const int64_t *out_dims);

/* sct_mismatch_fn: `user` is the keeper. */
void sct_sample_keeper_add(void *user, const sct_mismatch *m);

/* Hands the samples (worst flagged) to the caller, who frees them;
 * the keeper is empty afterwards. */
sct_sample *sct_sample_keeper_take(sct_sample_keeper *k, size_t *n);

void sct_sample_keeper_free(sct_sample_keeper *k);

#endif /* SCT_RESULTS_SAMPLE_KEEPER_H */
