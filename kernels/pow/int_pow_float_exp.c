/*
 * int_pow_float_exp.c — Pow with an int32 or int64 base and a
 * floating-point exponent (onnx Pow opset 15: T in {int32, int64}, T1 in
 * {float16, bfloat16, float32, float64}; sonnx-pow R5/R6).
 *
 * Semantics (what ONNX Runtime and numpy's cast of np.power do): the real
 * power truncated toward zero to the base type.
 * - Integral, finite exponent with |y| < 2^63: EXACT, through the integer
 *   path of int_pow.c (same wraparound on overflow, same negative-exponent
 *   rules).  This keeps int64 results above 2^53 exact, which a binary64
 *   pow could not.
 * - Otherwise: sct_pow_real((double)base, y) (Annex F.9.4.4 + glibc pow),
 *   truncated toward zero.  int64 bases beyond 2^53 are rounded to binary64
 *   first (unavoidable for a non-integral power).
 * - Values the type cannot hold (undefined in the spec: the harness only
 *   checks no trap) get documented values WITHOUT the undefined float->int
 *   conversion (C11 6.3.1.4p1, caught by UBSan): NaN (e.g. a negative base
 *   with a non-integral exponent) -> 0; above the type's maximum -> MAX;
 *   below its minimum -> MIN (saturation).
 */
#include <math.h>
#include <stdint.h>

#include "loops.h"
#include "sct/numeric/bf16.h"
#include "sct/numeric/fp16.h"
#include "pow/int_pow.h"
#include "pow/pow_real.h"

/* Truncate r toward zero into [lo, hi]: lo = -2^(n-1), hi_excl = 2^(n-1),
 * both exact in binary64. */
static int64_t sct_trunc_saturate(double r, double lo, double hi_excl,
                                  int64_t min, int64_t max)
{
    if (isnan(r))
        return 0;
    double t = trunc(r);
    if (t >= hi_excl)
        return max;
    if (t < lo)
        return min;
    return (int64_t)t; /* in range: defined conversion */
}

static uint64_t sct_int_pow_real_exp(int64_t base, double y, int bits)
{
    if (isfinite(y) && trunc(y) == y && fabs(y) < 0x1p63) {
        int64_t e = (int64_t)y; /* |y| < 2^63: in range */
        uint64_t mag = e < 0 ? (uint64_t)(-(e + 1)) + 1u : (uint64_t)e;
        return sct_ipow_wrap(base, e < 0, mag);
    }
    double r = sct_pow_real((double)base, y);
    if (bits == 32)
        return (uint64_t)sct_trunc_saturate(r, -0x1p31, 0x1p31, INT32_MIN,
                                            INT32_MAX);
    return (uint64_t)sct_trunc_saturate(r, -0x1p63, 0x1p63, INT64_MIN,
                                        INT64_MAX);
}

#define SCT_POW_IF_LOOP(base, exp, BT, UT, BITS, ET, WIDEN)                   \
    void sct_pow_##base##_##exp(const void *a, const void *b, void *c,        \
                                size_t n)                                     \
    {                                                                         \
        const BT *restrict x = a;                                             \
        const ET *restrict y = b;                                             \
        UT *restrict z = c;                                                   \
        for (size_t i = 0; i < n; i++)                                        \
            z[i] = (UT)sct_int_pow_real_exp((int64_t)x[i], WIDEN(y[i]), BITS); \
    }

#define SCT_WIDEN_SAME(v) ((double)(v))

#define SCT_DEFINE_POW_INT_FLOAT(base, BT, UT, BITS)                            \
    SCT_POW_IF_LOOP(base, f16, BT, UT, BITS, uint16_t, sct_f16_to_f64)          \
    SCT_POW_IF_LOOP(base, bf16, BT, UT, BITS, uint16_t, sct_bf16_to_f64)        \
    SCT_POW_IF_LOOP(base, f32, BT, UT, BITS, float, SCT_WIDEN_SAME)             \
    SCT_POW_IF_LOOP(base, f64, BT, UT, BITS, double, SCT_WIDEN_SAME)

SCT_DEFINE_POW_INT_FLOAT(i32, int32_t, uint32_t, 32)
SCT_DEFINE_POW_INT_FLOAT(i64, int64_t, uint64_t, 64)
