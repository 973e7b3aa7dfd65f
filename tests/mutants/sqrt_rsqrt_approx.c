/*
 * sqrt_rsqrt_approx.c — defect: float32 Sqrt as x * rsqrt(x), the
 * reciprocal-square-root estimate (12 bits, as RSQRTSS gives) refined by
 * one Newton-Raphson step in binary32 — the fast-math expansion of sqrtf.
 * About 23 correct bits, not the correctly rounded root IEEE 754-2019
 * §5.4.1 requires: last-bit errors, most visible on exact squares and
 * near-midpoint roots.  Zeros, infinities and NaNs are special-cased as
 * real implementations do.  Expected finding: off-by-ULP deviations
 * ("rounded-toward-zero", "rounded-away-from-zero" or "off-by-n-ulp").
 */
#include <math.h>
#include <string.h>

#include "mutant.h"

const char sct_mutant_name[] = "sqrt-rsqrt-approx";

/* 1/sqrt(x) kept to 12 significant bits (the hardware estimate's
 * precision), then one Newton step r' = r (1.5 - 0.5 x r^2). */
static float rsqrt_sqrt(float x)
{
    if (!(x > 0.0f) || isinf(x))
        return sqrtf(x); /* 0, negative, inf, NaN: special-cased */
    float r = 1.0f / sqrtf(x);
    uint32_t u;
    memcpy(&u, &r, sizeof u);
    u &= ~UINT32_C(0x7ff); /* 23 - 11 = 12 bits left */
    memcpy(&r, &u, sizeof r);
    r = r * (1.5f - 0.5f * x * r * r);
    return x * r;
}

sonnx_status sct_mutant_run(const sonnx_op *op, const sonnx_tensor *in,
                            size_t n_in, sonnx_tensor *out, size_t n_out,
                            char *msg, size_t cap)
{
    sonnx_status s = sct_mutant_builtin_run(op, in, n_in, out, n_out, msg, cap);
    if (s != SONNX_STATUS_OK || !sct_mutant_is_op(op, "Sqrt") ||
        out[0].elem_type != SONNX_DT_FLOAT)
        return s;
    uint64_t n = sct_mutant_nelem(&out[0]);
    for (uint64_t i = 0; i < n; i++) {
        uint32_t xb = (uint32_t)sct_mutant_get(&in[0], i), yb;
        float x, y;
        memcpy(&x, &xb, sizeof x);
        y = rsqrt_sqrt(x);
        memcpy(&yb, &y, sizeof yb);
        sct_mutant_set(&out[0], i, yb);
    }
    return s;
}
