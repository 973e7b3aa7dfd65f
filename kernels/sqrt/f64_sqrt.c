/*
 * f64_sqrt.c — Sqrt for float64 (drafts-2026-08/sqrt.md, Sqrt (float)).
 *
 * Accuracy: correctly rounded, RNE: the native IEEE 754 binary64 square
 * root (IEEE754-2019 §5.4.1; x86-64 SQRTSD/VSQRTPD).  0 ULP.  Compiled with
 * -fno-math-errno (no errno for x < 0, so the instruction is used inline;
 * values unchanged), -ffp-contract=off, never -ffast-math.
 *
 * Special cases: as f32_sqrt.c (-0 -> -0, +inf -> +inf, x < 0 -> NaN,
 * NaN -> NaN, subnormals not flushed).
 */
#include <math.h>

#include "loops.h"

void sct_sqrt_f64(const void *a, const void *b, void *c, size_t n)
{
    (void)b; /* unary: the second input is NULL */
    const double *restrict x = a;
    double *restrict z = c;
    for (size_t i = 0; i < n; i++)
        z[i] = sqrt(x[i]);
}
