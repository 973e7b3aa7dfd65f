/*
 * pow_real_int64.c — x^n in binary64 for int64/uint64 exponents (onnx Pow
 * with T1 = int64/uint64 and a floating-point base).
 *
 * Why a separate path: an exponent above 2^53 does not convert exactly to
 * binary64; the conversion would round it to an EVEN number and lose the
 * parity that decides the sign of (negative base)^n (Annex F.9.4.4 "y an
 * odd integer").  So:
 * - |n| <= 2^53: converted exactly, sct_pow_real (Annex F + glibc pow).
 * - |n| > 2^53: x^n = sign * |x|^hi * |x|^lo with hi = the part of |n|
 *   above bit 32 and lo = its low 32 bits (both exact in binary64); the sign
 *   is negative iff x is negative (incl. -0) and n is odd.
 *   Specials: NaN -> NaN; |x| == 1 and 0 and inf follow from the same
 *   formula (1*1, 0*0 or inf*inf, 0*1 ...), matching Annex F.
 *   Accuracy: for base types float16/bfloat16/float32 such an exponent with
 *   |x| != 1 always over- or underflows (|ln|x|| >= 2^-25 times 2^53), so
 *   the result is exact (±inf / ±0).  For float64 bases close to 1 the
 *   result can be finite: two pow calls and one multiplication, <= 2.5 ULP.
 */
#include <math.h>

#include "pow/pow_real.h"

static double sct_pow_huge_magnitude(double x, uint64_t m, int negative_exp)
{
    if (isnan(x))
        return x + x;
    double ax = fabs(x);
    double hi = (double)(m & ~(uint64_t)0xffffffffu);
    double lo = (double)(m & (uint64_t)0xffffffffu);
    if (negative_exp) {
        hi = -hi;
        lo = -lo;
    }
    double r = pow(ax, hi) * (lo == 0.0 ? 1.0 : pow(ax, lo));
    return (signbit(x) && (m & 1u)) ? -r : r;
}

double sct_pow_real_u64(double x, uint64_t n)
{
    if (n <= ((uint64_t)1 << 53))
        return sct_pow_real(x, (double)n);
    return sct_pow_huge_magnitude(x, n, 0);
}

double sct_pow_real_i64(double x, int64_t n)
{
    if (n >= 0)
        return sct_pow_real_u64(x, (uint64_t)n);
    /* |n| without overflowing INT64_MIN. */
    uint64_t m = (uint64_t)(-(n + 1)) + 1u;
    if (m <= ((uint64_t)1 << 53))
        return sct_pow_real(x, -(double)m);
    return sct_pow_huge_magnitude(x, m, 1);
}
