/*
 * f16_sqrt.c — Sqrt for float16 (drafts-2026-08/sqrt.md, Sqrt (float):
 * Y[i] = squareRoot(X[i]) with IEEE 754 handling of zero, negative and
 * infinite inputs).
 *
 * Accuracy: correctly rounded, round-to-nearest-even.  0 ULP.
 *
 * How: decode exactly to binary32, take the correctly rounded binary32
 * square root (sqrtf: SQRTSS/VSQRTPS, see f32_sqrt.c), encode to float16
 * (numeric/fp16.h, RNE): two roundings.  The second is innocuous: a
 * square root rounded to q bits and then to p bits equals the square root
 * rounded once to p bits when q >= 2p + 2 (Figueroa, "When is double
 * rounding innocuous?", ACM SIGNUM Newsletter 30(3), 1995: the square root
 * of a p-bit number is never exactly a p-bit midpoint, and when it is not
 * it stays far enough from one that rounding to q bits first cannot land
 * on it), and here q = 24 >= 2·11 + 2 = 24.
 * Every float16 (subnormals included, down to 2^-24) is a normal
 * binary32 value, and the square root of a positive float16 lies in
 * [2^-12, 2^8): a normal float16, so neither rounding meets a subnormal or
 * an overflow boundary.
 * kernels/tests (test_sqrt) checks all 65536 inputs against MPFR.
 *
 * Special cases (IEEE754-2019 §6.3, §7.2, §9.2.1, carried exactly through
 * decode/encode): sqrt(-0) = -0, sqrt(+0) = +0, sqrt(+inf) = +inf,
 * sqrt(x < 0) = NaN (invalid), sqrt(NaN) = NaN (quieted, payload kept).
 * Compiled with -fno-math-errno (sqrtf need not set errno for x < 0, so it
 * is the inline instruction; values unchanged), never -ffast-math.
 */
#include <math.h>
#include <stdint.h>

#include "loops.h"
#include "sct/numeric/fp16.h"
#include "sct/kernels/simd.h"

SCT_VECTOR_LOOP
void sct_sqrt_f16(const void *a, const void *b, void *c, size_t n)
{
    (void)b; /* unary: the second input is NULL */
    const uint16_t *restrict x = a;
    uint16_t *restrict z = c;
    for (size_t i = 0; i < n; i++)
        z[i] = sct_f32_to_f16(sqrtf(sct_f16_to_f32(x[i])));
}
