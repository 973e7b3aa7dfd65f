/*
 * f64_div.c — Div for float64 (sonnx-div:float, onnx-div).
 *
 * Accuracy: correctly rounded, RNE: the native IEEE 754 binary64 division
 * (IEEE754-2019 §5.4.1; C11 F.3).  0 ULP.  No FMA contraction, no
 * fast-math, no flush-to-zero in this build.
 *
 * Special cases: as f32_div.c (IEEE754 §6.1-§7.3).
 */
#include "loops.h"

void sct_div_f64(const void *a, const void *b, void *c, size_t n)
{
    const double *restrict x = a;
    const double *restrict y = b;
    double *restrict z = c;
    for (size_t i = 0; i < n; i++)
        z[i] = x[i] / y[i];
}
