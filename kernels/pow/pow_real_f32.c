/*
 * pow_real_f32.c — x^y for a float32 base and a float64 exponent, rounded
 * to binary32 without the double rounding of (float)pow(x, y).
 *
 * Why: the binary64 pow is within 0.52 ULP of binary64 (pow_real.c), i.e.
 * 2^-29 ULP of binary32; rounding it to binary32 is correct unless x^y lies
 * within that distance of a binary32 rounding boundary (a midpoint; next to
 * the subnormal grid the boundaries are coarser but the same argument
 * holds).  MPFR found such pairs for float32^float64 (91 of 10^6 sampled
 * pairs before this file, all next to 2^-150, the midpoint between 0 and
 * the smallest subnormal: pow gave exactly 2^-150, the conversion tied to
 * 0, the exact value was just above).  A float64 exponent reaches them
 * because it can have 53 significant bits (float32 and int32 exponents
 * could not: 0 disagreements on 10^7 to 10^8 samples).
 *
 * Rule (IEEE754-2019 §4.3.1 RNE is monotonic): with d = pow(x, y) and an
 * error < 1 ULP of d, the exact value lies in (pred(d), succ(d)); if both
 * ends round to the same binary32 value, so does the exact value — the
 * result is correctly rounded.  Otherwise (about 2^-28 of the pairs) x^y
 * is recomputed with powl, where long double has >= 64 bits (x86_64:
 * glibc powl ~1 ULP of long double = 2^-40 ULP of binary32; both operands
 * convert exactly), and the same test is made on its neighbours; only if
 * that is still ambiguous (x^y within ~2^-40 ULP of a binary32 boundary)
 * the long double result is rounded as it is (error < 0.5 + 2^-40 ULP).
 * Special cases (Annex F.9.4.4, zero, inf, NaN results) never take the
 * second step: they are exact in sct_pow_real.
 */
#include <float.h>
#include <math.h>

#include "pow/pow_real.h"

double sct_pow_real_f32(double x, double y)
{
    double d = sct_pow_real(x, y);
    if (d == 0.0 || !isfinite(d) ||
        (float)nextafter(d, -INFINITY) == (float)nextafter(d, INFINITY))
        return (float)d;
#if LDBL_MANT_DIG >= 64
    long double l = powl((long double)x, (long double)y);
    if (l != 0.0L && isfinite(l))
        return (float)l;
#endif
    return (float)d;
}
