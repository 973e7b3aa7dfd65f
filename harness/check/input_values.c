/*
 * input_values.c — input elements as doubles for the classifiers' "what
 * would a flush-to-zero implementation have produced" and "on which side
 * of the golden is the exact result" questions.
 */
#include <math.h>

#include "classify_internal.h"
#include "sct/check/elem_access.h"
#include "sct/check/fp_format.h"

double sct_input_as_double(const sct_elem_ctx *ctx, size_t k, bool flush)
{
    int32_t t = ctx->in_types[k];
    uint64_t bits = ctx->in_bits[k];
    const sct_fp_format *f = sct_fp_format_of(t);
    if (f != NULL) {
        double v = sct_fp_to_double(f, bits);
        if (flush && sct_fp_classify(f, bits) == SCT_FP_SUBNORMAL)
            return copysign(0.0, v);
        return v;
    }
    if (sct_type_is_unsigned_int(t))
        return (double)bits;
    return (double)sct_bits_to_int64(t, bits);
}

bool sct_has_subnormal_input(const sct_elem_ctx *ctx)
{
    for (size_t k = 0; k < ctx->n_inputs && k < SCT_CHECK_MAX_INPUTS; k++) {
        const sct_fp_format *f = sct_fp_format_of(ctx->in_types[k]);
        if (f != NULL &&
            sct_fp_classify(f, ctx->in_bits[k]) == SCT_FP_SUBNORMAL)
            return true;
    }
    return false;
}
