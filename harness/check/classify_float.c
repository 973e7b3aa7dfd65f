/*
 * classify_float.c — why a floating-point element mismatches.
 *
 * The checks run from the most specific explanation to the most general,
 * so every mismatch gets exactly one class:
 *   NaN expected (nan-payload / nan-expected), both zeros (zero-sign),
 *   expected subnormal got zero, or an input subnormal read as zero
 *   (subnormal-flushed), NaN got (unexpected-nan), inf expected
 *   (sign-flip / inf-expected-got-finite), inf got (overflow), opposite
 *   signs (sign-flip), 1 ULP with the exact result in between
 *   (rounded-toward-zero / rounded-away-from-zero), else off-by-n-ulp.
 */
#include <math.h>

#include "classify_internal.h"
#include "sct/check/elem_access.h"
#include "sct/check/fp_format.h"

/* Would the result be `actual` if subnormal inputs had been read as zeros
 * (DAZ)?  Only for ops whose result on a zero operand is an exact special
 * value (±0, ±inf, NaN, 1), computed here in double. */
/* Is `a` the special result (±0, ±inf, NaN, 1) that the op gives in
 * double on the inputs, read with subnormals as zeros when `flush`? */
static bool daz_result_matches(const sct_elem_ctx *ctx, bool flush, double a)
{
    double x = sct_input_as_double(ctx, 0, flush);
    double y = ctx->n_inputs > 1 ? sct_input_as_double(ctx, 1, flush) : 0.0;
    double r;
    if (!sct_classifier_applies(ctx, "daz-special") || !sct_op_arith_double(ctx->op, x, y, &r))
        return false;
    if (isnan(r) || isnan(a))
        return isnan(r) && isnan(a);
    if (!(r == 0.0 || isinf(r) || r == 1.0))
        return false; /* not a special result: flushing is not the story */
    return r == a && signbit(r) == signbit(a);
}

static bool flushed_inputs_explain(const sct_elem_ctx *ctx,
                                   const sct_fp_format *f)
{
    if (ctx->n_inputs == 0 || ctx->n_inputs > 2 || !sct_has_subnormal_input(ctx))
        return false;
    double a = sct_fp_to_double(f, ctx->actual_bits);
    if (!daz_result_matches(ctx, true, a))
        return false;
    /* The same double computation WITHOUT flushing must not also give
     * `actual`: then the flush changed nothing and the deviation comes from
     * elsewhere (e.g. an int64 exponent that lost its parity in the
     * conversion to double, which the double pow here suffers too). */
    return !daz_result_matches(ctx, false, a);
}

/* For a 1-ULP miss between nonzero finite values of the same sign: where
 * is the exact result?  Answerable for Div and Mul when inputs and output
 * have at most 24 significant bits: Mul is then exact in double, and a
 * quotient that is not exactly a 24-bit number lies at least 2^-48
 * relatively away from every such number, so rounding it to double (53
 * bits, monotonic) cannot move it across or onto the golden or the actual
 * value.  Returns SCT_DEV_ROUNDED_TOWARD_ZERO when
 * |actual| < |exact| < |expected|, SCT_DEV_ROUNDED_AWAY_FROM_ZERO when
 * |expected| < |exact| < |actual|, SCT_DEV_OFF_BY_ULP otherwise or when it
 * cannot be told (float64, Pow, mixed types). */
static sct_deviation rounding_direction(const sct_elem_ctx *ctx,
                                        const sct_fp_format *f)
{
    if (ctx->n_inputs == 0 || ctx->n_inputs > 2 || f->bits > 32)
        return SCT_DEV_OFF_BY_ULP;
    if (!sct_classifier_applies(ctx, "rounding-direction"))
        return SCT_DEV_OFF_BY_ULP;
    for (size_t k = 0; k < ctx->n_inputs; k++) {
        const sct_fp_format *fi = sct_fp_format_of(ctx->in_types[k]);
        if (fi == NULL || fi->bits > 32)
            return SCT_DEV_OFF_BY_ULP;
    }
    double x = sct_input_as_double(ctx, 0, false);
    double y = ctx->n_inputs > 1 ? sct_input_as_double(ctx, 1, false) : 0.0;
    double q;
    if (!sct_op_arith_double(ctx->op, x, y, &q))
        return SCT_DEV_OFF_BY_ULP;
    double e = fabs(sct_fp_to_double(f, ctx->expected_bits));
    double a = fabs(sct_fp_to_double(f, ctx->actual_bits));
    q = fabs(q);
    if (a < q && q < e)
        return SCT_DEV_ROUNDED_TOWARD_ZERO;
    if (e < q && q < a)
        return SCT_DEV_ROUNDED_AWAY_FROM_ZERO;
    return SCT_DEV_OFF_BY_ULP;
}

sct_deviation sct_classify_float(const sct_elem_ctx *ctx)
{
    const sct_fp_format *f = sct_fp_format_of(ctx->out_type);
    uint64_t e = ctx->expected_bits, a = ctx->actual_bits;
    sct_fp_class ce = sct_fp_classify(f, e), ca = sct_fp_classify(f, a);
    bool se = sct_fp_signbit(f, e), sa = sct_fp_signbit(f, a);

    if (ce == SCT_FP_NAN)
        return ca == SCT_FP_NAN ? SCT_DEV_NAN_PAYLOAD : SCT_DEV_NAN_EXPECTED;
    if (ce == SCT_FP_ZERO && ca == SCT_FP_ZERO)
        return SCT_DEV_ZERO_SIGN;
    if (ce == SCT_FP_SUBNORMAL && ca == SCT_FP_ZERO)
        return SCT_DEV_SUBNORMAL_FLUSHED;
    if (flushed_inputs_explain(ctx, f))
        return SCT_DEV_SUBNORMAL_FLUSHED;
    if (ca == SCT_FP_NAN)
        return SCT_DEV_UNEXPECTED_NAN;
    if (ce == SCT_FP_INF)
        return ca == SCT_FP_INF ? SCT_DEV_SIGN_FLIP
                                : SCT_DEV_INF_EXPECTED_GOT_FINITE;
    if (ca == SCT_FP_INF)
        return SCT_DEV_OVERFLOW;
    if (se != sa && ce != SCT_FP_ZERO && ca != SCT_FP_ZERO)
        return SCT_DEV_SIGN_FLIP;
    if (ce != SCT_FP_ZERO && ca != SCT_FP_ZERO &&
        sct_ulp_distance(ctx->out_type, e, a) == 1)
        return rounding_direction(ctx, f);
    return SCT_DEV_OFF_BY_ULP;
}
