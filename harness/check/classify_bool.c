/*
 * classify_bool.c — why a bool element (Less) mismatches.
 * IEEE754-2019 §5.11: every ordered comparison with a NaN operand is
 * false, and -0 < +0 is false (the zeros compare equal).
 */
#include <math.h>

#include "classify_internal.h"
#include "sct/check/fp_format.h"

sct_deviation sct_classify_bool(const sct_elem_ctx *ctx)
{
    if (!sct_classifier_applies(ctx, "bool-nan") || ctx->n_inputs != 2)
        return SCT_DEV_BOOL_WRONG;
    bool actual_true = ctx->actual_bits != 0;
    bool any_nan = false, both_zero = true;
    for (size_t k = 0; k < 2; k++) {
        const sct_fp_format *f = sct_fp_format_of(ctx->in_types[k]);
        sct_fp_class c = f ? sct_fp_classify(f, ctx->in_bits[k]) : SCT_FP_NORMAL;
        any_nan = any_nan || c == SCT_FP_NAN;
        both_zero = both_zero && f != NULL && c == SCT_FP_ZERO;
    }
    if (any_nan && actual_true)
        return SCT_DEV_BOOL_NAN_COMPARE;
    if (both_zero && actual_true)
        return SCT_DEV_ZERO_SIGN; /* ordered -0 below +0 */
    if (sct_has_subnormal_input(ctx)) {
        double x = sct_input_as_double(ctx, 0, true);
        double y = sct_input_as_double(ctx, 1, true);
        if ((x < y) == actual_true && ctx->actual_bits <= 1u)
            return SCT_DEV_SUBNORMAL_FLUSHED;
    }
    return SCT_DEV_BOOL_WRONG;
}
