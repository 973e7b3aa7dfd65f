/*
 * pow_real_int64.c — x^n in binary64 for int64/uint64 exponents (onnx Pow
 * with T1 = int64/uint64 and a floating-point base).
 *
 * Why a separate path: an exponent above 2^53 does not convert exactly to
 * binary64; the conversion would round it to an EVEN number and lose the
 * parity that decides the sign of (negative base)^n (Annex F.9.4.4 "y an
 * odd integer").  So:
 * - |n| <= 2^53: converted exactly, sct_pow_real (Annex F + glibc pow,
 *   < 1 ULP; pow_real.c).
 * - |n| > 2^53: sign * |x|^|n| (or its reciprocal power), the sign negative
 *   iff x is negative (incl. -0) and n is odd.
 *   Where long double has a significand of at least 64 bits (x86_64: the
 *   x87 extended format, LDBL_MANT_DIG == 64) |n| < 2^64 converts EXACTLY
 *   to long double, so powl(|x|, ±|n|) is one call on the exact operands:
 *   glibc's powl is accurate to about 1 ULP of long double (libm-test-ulps
 *   of x86_64: "pow" ldouble 1), i.e. 2^-11 ULP of binary64, and its
 *   exponent range (to 2^±16382) holds every finite binary64 result and the
 *   subnormal range, so the one rounding to double (C11 6.3.1.5, RNE)
 *   leaves an error below 0.5 + 2^-11 < 0.51 ULP of binary64 (the result
 *   is the correctly rounded one unless x^n lies within ~2^-11 ULP of a
 *   binary64 midpoint).  MPFR on 10^6 sampled float64^int64 pairs
 *   (docs/sweeps.md, "MPFR verification of the sampled spaces"): with the
 *   former two-pow product 1622 disagreements, up to 2 ULP; with powl
 *   1099 (generator v4) and 2108 (v5), every one exactly 1 ULP (most are
 *   glibc pow's for |n| <= 2^53; the sweep judges all of them, and every
 *   finite powl-path result, against MPFR).
 *   Fallback where long double is narrower (LDBL_MANT_DIG < 64, e.g.
 *   AArch64 has 113 and is fine, but a platform where long double is
 *   binary64 is not): |x|^hi * |x|^lo with hi = the part of |n| above bit
 *   32 and lo = its low 32 bits (both exact in binary64): two pow calls and
 *   one multiplication, <= 2.5 ULP.
 *   Specials: NaN -> NaN; |x| == 1 and 0 and inf follow from the same
 *   formula (1, 0 or inf powers), matching Annex F.
 *   For base types float16/bfloat16/float32 such an exponent with |x| != 1
 *   always over- or underflows (|ln|x|| >= 2^-25 times 2^53), so the result
 *   is exact (±inf / ±0).  Only float64 bases close to 1 give finite
 *   results here.
 */
#include <float.h>
#include <math.h>

#include "pow/pow_real.h"

static double sct_pow_huge_magnitude(double x, uint64_t m, int negative_exp)
{
    if (isnan(x))
        return x + x;
    /* |x| at least 2^-40 away from 1 (or 0 or inf): |ln|x|| > 2^-41, so
     * |n ln|x|| > 2^53 * 2^-41 = 4096, far beyond binary64's range
     * (|ln| < 745 for every non-zero finite double): the result is exactly
     * +inf or +0 (IEEE754-2019 §7.4, §7.5; Annex F for 0 and inf), the
     * value powl would round to as well, without its cost. */
    double ax = fabs(x);
    if (ax > 1.0 + 0x1p-40 || ax < 1.0 - 0x1p-40) {
        double r = (ax > 1.0) != (negative_exp != 0) ? INFINITY : 0.0;
        return (signbit(x) && (m & 1u)) ? -r : r;
    }
#if LDBL_MANT_DIG >= 64
    long double e = (long double)m; /* exact: m < 2^64 <= 2^LDBL_MANT_DIG */
    double r = (double)powl(fabsl((long double)x), negative_exp ? -e : e);
#else
    double hi = (double)(m & ~(uint64_t)0xffffffffu);
    double lo = (double)(m & (uint64_t)0xffffffffu);
    if (negative_exp) {
        hi = -hi;
        lo = -lo;
    }
    double r = pow(ax, hi) * (lo == 0.0 ? 1.0 : pow(ax, lo));
#endif
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
