/*
 * pow_real.c — x^y in binary64 for the Pow kernels (onnx Pow, sonnx-pow).
 *
 * Accuracy: special cases exact (below); otherwise the C library's pow.
 * The bound this project relies on is the one it measured, not a libm's
 * documentation: against MPFR (tools/mpfr-verify, docs/sweeps.md "Pow
 * float64 base"), the binary64 results are at most 1 ULP off (0.11-0.21 %
 * of 10^6 samples per exponent type, never more), and exact whenever the
 * value is representable (the exact-result sweep samples).  So the
 * float64 Pow sweeps judge every disagreement against MPFR, and the
 * float32/16-bit kernels (pow_cr.c) take MPFR wherever rounding this
 * result once could differ from rounding x^y: they are correctly rounded
 * whatever the libm's error, within that 1 ULP.  Callers round this once
 * to the base type.
 *
 * Special cases, C11 Annex F.9.4.4 (= C99 F.9.4.4), in the order tested:
 *   pow(x, ±0) = 1 for any x, even NaN
 *   pow(+1, y) = 1 for any y, even NaN
 *   NaN operand otherwise: NaN (propagated, quiet)
 *   pow(±0, y) = ±inf for y an odd integer < 0
 *   pow(±0, y) = +inf for y < 0 and not an odd integer
 *   pow(±0, y) = ±0 for y an odd integer > 0
 *   pow(±0, y) = +0 for y > 0 and not an odd integer
 *   pow(-1, ±inf) = 1
 *   pow(x, -inf) = +inf for |x| < 1;  = +0 for |x| > 1
 *   pow(x, +inf) = +0 for |x| < 1;    = +inf for |x| > 1
 *   pow(-inf, y) = -0 for y an odd integer < 0; +0 for other y < 0
 *   pow(-inf, y) = -inf for y an odd integer > 0; +inf for other y > 0
 *   pow(+inf, y) = +0 for y < 0; +inf for y > 0
 *   pow(x, y) = NaN for finite x < 0 and finite non-integer y
 * These are the numpy/ONNX Runtime results as well (both call C pow).
 */
#include "pow/pow_real.h"

#include <math.h>

int sct_is_odd_integer(double y)
{
    if (!isfinite(y) || fabs(y) >= 0x1p53)
        return 0;
    double h = y * 0.5; /* exact */
    return floor(y) == y && floor(h) != h;
}

static int sct_is_integer(double y)
{
    return isfinite(y) && floor(y) == y;
}

double sct_pow_real(double x, double y)
{
    if (y == 0.0)
        return 1.0;
    if (x == 1.0)
        return 1.0;
    if (isnan(x) || isnan(y))
        return x + y; /* the NaN operand, quieted */
    if (x == 0.0) {
        int odd = sct_is_odd_integer(y);
        if (y < 0.0)
            return odd ? copysign(INFINITY, x) : INFINITY;
        return odd ? x : 0.0;
    }
    if (isinf(y)) {
        double ax = fabs(x);
        if (ax == 1.0) /* x == -1 here: x == +1 was handled */
            return 1.0;
        if (y < 0.0)
            return ax < 1.0 ? INFINITY : 0.0;
        return ax < 1.0 ? 0.0 : INFINITY;
    }
    if (isinf(x)) {
        int odd = sct_is_odd_integer(y);
        if (x < 0.0) {
            if (y < 0.0)
                return odd ? -0.0 : 0.0;
            return odd ? -INFINITY : INFINITY;
        }
        return y < 0.0 ? 0.0 : INFINITY;
    }
    if (x < 0.0 && !sct_is_integer(y))
        return NAN;
    return pow(x, y);
}
