/*
 * elem_match.c — the match rule for one element (docs/architecture.md,
 * "Tolerance policy"):
 * - floats: identical bits match; NaN matches any NaN unless strict_nan
 *   (then the bits must be identical: sign, quiet bit, payload);
 *   -0 vs +0, NaN vs number and ±inf vs anything else never match
 *   (IEEE754-2019 §6.1, §6.2, §6.3); otherwise finite values of the same
 *   sign match when their ULP distance is <= max_ulp.
 * - integers (compared on their value bits) and bools (raw byte): exact.
 */
#include "sct/check/compare.h"

#include "sct/check/elem_access.h"
#include "sct/check/fp_format.h"

bool sct_elem_matches(const sct_elem_ctx *ctx, const sct_compare_opts *opts)
{
    uint64_t e = ctx->expected_bits, a = ctx->actual_bits;
    const sct_fp_format *f = sct_fp_format_of(ctx->out_type);
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
