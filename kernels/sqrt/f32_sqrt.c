/*
 * f32_sqrt.c — Sqrt for float32 (drafts-2026-08/sqrt.md, Sqrt (float):
 * Y[i] = squareRoot(X[i]) with IEEE 754 handling of zero, negative and
 * infinite inputs).
 *
 * Accuracy: correctly rounded, RNE: the native IEEE 754 binary32 square
 * root (IEEE754-2019 §5.4.1 requires squareRoot correctly rounded; x86-64
 * SQRTSS/VSQRTPS are).  0 ULP.  Built with -ffp-contract=off and never
 * -ffast-math (no reciprocal-square-root estimate).  This file is compiled
 * with -fno-math-errno: it only tells the compiler that sqrtf need not set
 * errno for x < 0, so it can use the instruction (and vectorise) without a
 * call to libm; the values are the same.
 *
 * Special cases (IEEE754-2019 §6.3, §7.2, §9.2.1): sqrt(-0) = -0,
 * sqrt(+0) = +0, sqrt(+inf) = +inf, sqrt(x < 0) = NaN (invalid, the
 * default NaN), sqrt(NaN) = NaN (quieted, payload kept), subnormal inputs
 * are not flushed (sqrt of the smallest subnormal 2^-149 is 2^-74.5,
 * normal).
 */
#include <math.h>

#include "loops.h"
#include "sct/kernels/simd.h"

SCT_VECTOR_LOOP
void sct_sqrt_f32(const void *a, const void *b, void *c, size_t n)
{
    (void)b; /* unary: the second input is NULL */
    const float *restrict x = a;
    float *restrict z = c;
    for (size_t i = 0; i < n; i++)
        z[i] = sqrtf(x[i]);
}
