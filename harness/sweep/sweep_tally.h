/*
 * sweep_tally.h — internal: one thread's running counts of a sweep and the
 * comparison of one batch of implementation results with the reference.
 */
#ifndef SCT_SWEEP_TALLY_H
#define SCT_SWEEP_TALLY_H

#include "sct/sweep/sweep.h"
#include "sweep_space.h"

typedef struct sct_sweep_tally {
    sct_sweep_result r;      /* counts; first_mismatches has `cap` slots */
    size_t cap;
    sct_mismatch *scratch;   /* `cap` slots for merging */
} sct_sweep_tally;

/* 0, or -1 when the mismatch buffer cannot be allocated. */
int sct_sweep_tally_init(sct_sweep_tally *t, size_t keep_mismatches);
void sct_sweep_tally_free(sct_sweep_tally *t);

/* Compares n results (`a`, `b` their inputs, `want` the reference, `got`
 * the implementation) and adds them up.  Element i is pair first + i, or
 * first + offsets[i] when `offsets` is given (a batch with the undefined
 * pairs taken out).  Pairs must come in ascending index order per tally
 * (the first mismatches kept are the lowest indices). */
void sct_sweep_tally_batch(sct_sweep_tally *t, const sct_sweep_space *s,
                           sct_op_id op, const sct_compare_opts *opts,
                           uint64_t first, const uint32_t *offsets, size_t n,
                           const void *a, const void *b, const void *want,
                           const void *got);

/* Adds `src` into `dst` (counts, max ULP by value then lowest index, the
 * lowest-index mismatches). */
void sct_sweep_tally_merge(sct_sweep_tally *dst, const sct_sweep_tally *src);

#endif /* SCT_SWEEP_TALLY_H */
