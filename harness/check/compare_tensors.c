/*
 * compare_tensors.c — element loop of the comparison (compare_tensors.h).
 */
#include "compare_tensors.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "bcast_index.h"
#include "elem_access.h"

static uint64_t nelem_of(const sonnx_tensor *t)
{
    uint64_t n = 1;
    for (int32_t d = 0; d < t->rank; d++)
        n *= t->dims[d] > 0 ? (uint64_t)t->dims[d] : 0u;
    return n;
}

static bool fits(const sonnx_tensor *t, uint64_t nelem)
{
    unsigned w = sct_elem_width(t->elem_type);
    if (w == 0)
        return false;
    uint64_t need = w == 4 ? (nelem + 1u) / 2u : nelem * (w / 8u);
    return t->data != NULL ? t->nbytes >= need : need == 0;
}

int sct_compare_tensors(sct_op_kind op, const sonnx_tensor *inputs,
                        size_t n_inputs, const sonnx_tensor *expected,
                        const sonnx_tensor *actual,
                        const sct_compare_opts *opts, sct_mismatch_fn on_mismatch,
                        void *user, sct_tensor_stats *stats, char *err,
                        size_t err_cap)
{
    memset(stats, 0, sizeof *stats);
    if (expected->elem_type != actual->elem_type ||
        expected->rank != actual->rank ||
        memcmp(expected->dims, actual->dims,
               sizeof(int64_t) * (size_t)(expected->rank > 0 ? expected->rank : 0)) != 0) {
        snprintf(err, err_cap, "output type or shape differs from the golden");
        return 1;
    }
    uint64_t n = nelem_of(expected);
    if (!fits(expected, n) || !fits(actual, n)) {
        snprintf(err, err_cap, "output buffer smaller than its shape needs "
                 "(%" PRIu64 " elements of type %d)", n, (int)expected->elem_type);
        return 1;
    }
    if (n_inputs > 2)
        n_inputs = 2;
    sct_bcast_iter it;
    if (!sct_bcast_init(&it, expected->rank, expected->dims, n_inputs, inputs)) {
        snprintf(err, err_cap, "inputs do not broadcast to the output shape");
        return 1;
    }
    for (size_t k = 0; k < n_inputs; k++) {
        if (!fits(&inputs[k], nelem_of(&inputs[k]))) {
            snprintf(err, err_cap, "input %zu buffer smaller than its shape needs", k);
            return 1;
        }
    }

    sct_elem_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.op = op;
    ctx.out_type = expected->elem_type;
    ctx.n_inputs = n_inputs;
    for (size_t k = 0; k < n_inputs; k++)
        ctx.in_types[k] = inputs[k].elem_type;

    unsigned out_w = sct_elem_width(ctx.out_type);
    unsigned in_w[2] = {0, 0};
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
        if (sct_elem_matches(&ctx, opts))
            continue;
        for (size_t k = 0; k < n_inputs; k++)
            ctx.in_bits[k] = sct_elem_bits_w(inputs[k].data, in_w[k], it.offset[k]);
        sct_mismatch m;
        m.index = i;
        m.n_inputs = n_inputs;
        m.in_types[0] = ctx.in_types[0];
        m.in_types[1] = ctx.in_types[1];
        m.in_bits[0] = ctx.in_bits[0];
        m.in_bits[1] = ctx.in_bits[1];
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
