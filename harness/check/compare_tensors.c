/*
 * compare_tensors.c — element loop of the comparison (compare_tensors.h).
 */
#include "sct/check/compare_tensors.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "sct/check/bcast_index.h"
#include "sct/check/elem_access.h"
#include "sct/numeric/dtype.h"

/* Shapes are counted with sct_shape_nelem(), which refuses a rank outside
 * 0..SONNX_MAX_RANK, a negative dim and a product beyond uint64_t: read as
 * 0 elements such a shape would make a vacuous match. */
static bool fits(const sonnx_tensor *t, uint64_t nelem)
{
    uint64_t need;
    if (sct_elem_width(t->elem_type) == 0 ||
        !sct_dtype_storage_bytes(t->elem_type, nelem, &need))
        return false;
    return t->data != NULL ? t->nbytes >= need : need == 0;
}

int sct_compare_tensors(sct_op_id op, const sonnx_tensor *inputs,
                        size_t n_inputs, const sonnx_tensor *expected,
                        const sonnx_tensor *actual,
                        const sct_compare_opts *opts, sct_mismatch_fn on_mismatch,
                        void *user, sct_tensor_stats *stats, char *err,
                        size_t err_cap)
{
    memset(stats, 0, sizeof *stats);
    uint64_t n;
    if (!sct_shape_nelem(expected->rank, expected->dims, &n)) {
        snprintf(err, err_cap, "golden output shape is unusable (rank %d, negative "
                 "dim or element count overflow)", (int)expected->rank);
        return 1;
    }
    if (expected->elem_type != actual->elem_type ||
        expected->rank != actual->rank ||
        memcmp(expected->dims, actual->dims,
               sizeof(int64_t) * (size_t)(expected->rank > 0 ? expected->rank : 0)) != 0) {
        snprintf(err, err_cap, "output type or shape differs from the golden");
        return 1;
    }
    if (!fits(expected, n) || !fits(actual, n)) {
        snprintf(err, err_cap, "output buffer smaller than its shape needs "
                 "(%" PRIu64 " elements of type %d)", n, (int)expected->elem_type);
        return 1;
    }
    if (n_inputs > SCT_CHECK_MAX_INPUTS)
        n_inputs = SCT_CHECK_MAX_INPUTS;
    for (size_t k = 0; k < n_inputs; k++) {
        uint64_t in_n;
        if (!sct_shape_nelem(inputs[k].rank, inputs[k].dims, &in_n)) {
            snprintf(err, err_cap, "input %zu shape is unusable (rank %d, negative "
                     "dim or element count overflow)", k, (int)inputs[k].rank);
            return 1;
        }
        if (!fits(&inputs[k], in_n)) {
            snprintf(err, err_cap, "input %zu buffer smaller than its shape needs", k);
            return 1;
        }
    }
    sct_bcast_iter it;
    if (!sct_bcast_init(&it, expected->rank, expected->dims, n_inputs, inputs)) {
        snprintf(err, err_cap, "inputs do not broadcast to the output shape");
        return 1;
    }

    sct_elem_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.op = op;
    ctx.out_type = expected->elem_type;
    ctx.n_inputs = n_inputs;
    for (size_t k = 0; k < n_inputs; k++)
        ctx.in_types[k] = inputs[k].elem_type;

    unsigned out_w = sct_elem_width(ctx.out_type);
    unsigned in_w[SCT_CHECK_MAX_INPUTS] = {0};
    for (size_t k = 0; k < n_inputs; k++)
        in_w[k] = sct_elem_width(inputs[k].elem_type);
    stats->elements = n;
    for (uint64_t i = 0; i < n; i++, sct_bcast_next(&it)) {
        ctx.expected_bits = sct_elem_bits_w(expected->data, out_w, i);
        ctx.actual_bits = sct_elem_bits_w(actual->data, out_w, i);
        if (ctx.expected_bits == ctx.actual_bits)
            continue; /* identical bits: a match at 0 ULP, the fast path */
        uint64_t ulp = sct_ulp_distance(ctx.out_type, ctx.expected_bits,
                                        ctx.actual_bits);
        if (ulp != SCT_ULP_NONE && ulp > stats->max_ulp)
            stats->max_ulp = ulp;
        /* The inputs: the match rule needs them for Pow's two-way values
         * (elem_match.c), the classifier for every mismatch. */
        for (size_t k = 0; k < n_inputs; k++)
            ctx.in_bits[k] = sct_elem_bits_w(inputs[k].data, in_w[k], it.offset[k]);
        if (sct_elem_matches(&ctx, opts))
            continue;
        sct_mismatch m;
        m.index = i;
        m.n_inputs = n_inputs;
        memcpy(m.in_types, ctx.in_types, sizeof m.in_types);
        memcpy(m.in_bits, ctx.in_bits, sizeof m.in_bits);
        m.out_type = ctx.out_type;
        m.expected_bits = ctx.expected_bits;
        m.actual_bits = ctx.actual_bits;
        m.ulp = ulp;
        m.deviation = sct_classify(&ctx);
        stats->mismatches++;
        if (ulp == SCT_ULP_NONE)
            stats->unmeasurable++;
        stats->deviation_counts[m.deviation]++;
        if (on_mismatch != NULL)
            on_mismatch(user, &m);
    }
    return 0;
}
