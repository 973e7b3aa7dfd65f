/*
 * compare_tensors.h — comparing a whole output tensor with its golden:
 * statistics for the case plus a callback per mismatching element (the
 * report keeps a capped sample; nothing here grows with the element count).
 */
#ifndef SCT_CHECK_COMPARE_TENSORS_H
#define SCT_CHECK_COMPARE_TENSORS_H

#include <stddef.h>
#include <stdint.h>

#include "sct/check/compare.h"

typedef struct sct_mismatch {
    uint64_t index;          /* flat row-major output index */
    size_t n_inputs;
    int32_t in_types[SCT_CHECK_MAX_INPUTS];
    uint64_t in_bits[SCT_CHECK_MAX_INPUTS]; /* the broadcast-mapped input elements */
    int32_t out_type;
    uint64_t expected_bits, actual_bits;
    uint64_t ulp;            /* SCT_ULP_NONE when not measurable */
    sct_deviation deviation;
} sct_mismatch;

typedef void (*sct_mismatch_fn)(void *user, const sct_mismatch *m);

typedef struct sct_tensor_stats {
    uint64_t elements;
    uint64_t mismatches;
    /* Largest ULP distance over ALL elements with a measurable distance,
     * matches within tolerance included (0 for integer/bool outputs). */
    uint64_t max_ulp;
    /* Mismatches whose distance is not measurable in ULP (NaN vs number,
     * integer and bool elements). */
    uint64_t unmeasurable;
    uint64_t deviation_counts[SCT_DEV_COUNT];
} sct_tensor_stats;

/* Compares `actual` with `expected` (same type and shape required),
 * feeding the classifier the broadcast-mapped `inputs`.  Returns 0, or
 * non-zero with `err` set when the tensors cannot be compared (type or
 * shape differ, buffer too small, inputs not broadcastable). */
int sct_compare_tensors(sct_op_id op, const sonnx_tensor *inputs,
                        size_t n_inputs, const sonnx_tensor *expected,
                        const sonnx_tensor *actual,
                        const sct_compare_opts *opts, sct_mismatch_fn on_mismatch,
                        void *user, sct_tensor_stats *stats, char *err,
                        size_t err_cap);

#endif /* SCT_CHECK_COMPARE_TENSORS_H */
