/*
 * elem_match.c — the match rule for one element (docs/architecture.md,
 * "Tolerance policy"):
 * - floats: identical bits match; NaN matches any NaN unless strict_nan
 *   (then the bits must be identical: sign, quiet bit, payload);
 *   -0 vs +0, NaN vs number and ±inf vs anything else never match
 *   (IEEE754-2019 §6.1, §6.2, §6.3); otherwise finite values of the same
 *   sign match when their ULP distance is <= max_ulp.
 * - integers (compared on their value bits) and bools (raw byte): exact.
 * - one element whose value the authorities give two ways: Pow with a
 *   signaling NaN where C99 F.9.4.4 and ONNX's numpy give 1 and IEEE754-2019
 *   §6.2/§9.2.1 a quiet NaN (spec-notes SN-15): 1 and any NaN both match.
 */
#include "sct/check/compare.h"

#include "sct/check/elem_access.h"
#include "sct/check/fp_format.h"

/* spec-notes SN-15: pow(sNaN, ±0) and pow(+1, sNaN) with a float base.
 * IEEE754-2019 §9.2.1 gives 1 for "even a quiet NaN" only; a signaling
 * operand signals invalid and delivers a quiet NaN (§6.2, §7.2), while
 * C99 F.9.4.4, glibc and numpy (ONNX's reference) return 1. */
static bool pow_one_or_nan(const sct_elem_ctx *ctx)
{
    if (!sct_op_has_classifier(sct_op_by_id(ctx->op), "pow-snan") ||
        ctx->n_inputs != 2)
        return false;
    const sct_fp_format *fa = sct_fp_format_of(ctx->in_types[0]);
    const sct_fp_format *fb = sct_fp_format_of(ctx->in_types[1]);
    if (fa == NULL)
        return false; /* integer base: NaN exponents are undefined (SN-16) */
    uint64_t a = ctx->in_bits[0], b = ctx->in_bits[1];
    bool b_zero;
    if (fb != NULL) {
        b_zero = sct_fp_classify(fb, b) == SCT_FP_ZERO;
    } else {
        unsigned w = sct_elem_width(ctx->in_types[1]);
        b_zero = (b & (w >= 64 ? UINT64_MAX : (UINT64_C(1) << w) - 1u)) == 0;
    }
    if (b_zero && sct_fp_is_signaling(fa, a))
        return true;
    bool a_plus_one = a == sct_fp_magnitude(fa, a) &&
                      sct_fp_classify(fa, a) == SCT_FP_NORMAL &&
                      sct_fp_to_double(fa, a) == 1.0;
    return a_plus_one && fb != NULL && sct_fp_is_signaling(fb, b);
}

bool sct_elem_matches(const sct_elem_ctx *ctx, const sct_compare_opts *opts)
{
    uint64_t e = ctx->expected_bits, a = ctx->actual_bits;
    const sct_fp_format *f = sct_fp_format_of(ctx->out_type);
    if (f != NULL && pow_one_or_nan(ctx) && sct_fp_to_double(f, e) == 1.0 &&
        (a == e || sct_fp_classify(f, a) == SCT_FP_NAN))
        return true;
    if (f == NULL) {
        unsigned w = sct_elem_width(ctx->out_type);
        uint64_t mask = w >= 64 ? UINT64_MAX : (UINT64_C(1) << w) - 1u;
        return (e & mask) == (a & mask);
    }
    sct_fp_class ce = sct_fp_classify(f, e), ca = sct_fp_classify(f, a);
    if (ce == SCT_FP_NAN || ca == SCT_FP_NAN) {
        if (ce != ca)
            return false;
        return opts->strict_nan ? e == a : true;
    }
    if (e == a)
        return true;
    if (ce == SCT_FP_INF || ca == SCT_FP_INF)
        return false;
    if (ce == SCT_FP_ZERO && ca == SCT_FP_ZERO)
        return false; /* bits differ: only the sign can */
    if (sct_fp_signbit(f, e) != sct_fp_signbit(f, a))
        return false;
    return sct_ulp_distance(ctx->out_type, e, a) <= opts->max_ulp;
}

sct_elem_result sct_compare_elem(const sct_elem_ctx *ctx,
                                 const sct_compare_opts *opts)
{
    sct_elem_result r;
    r.match = sct_elem_matches(ctx, opts);
    r.ulp = sct_ulp_distance(ctx->out_type, ctx->expected_bits,
                             ctx->actual_bits);
    r.deviation = r.match ? SCT_DEV_NONE : sct_classify(ctx);
    return r;
}
