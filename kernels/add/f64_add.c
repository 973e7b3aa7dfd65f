/*
 * f64_add.c — Add for float64 (sonnx-add E_ADD_FLOAT_FUNC_0010).
 *
 * Accuracy: correctly rounded, RNE: the native IEEE 754 binary64
 * addition (IEEE754-2019 §5.4.1; C11 F.3).  0 ULP.
 *
 * Special cases: as f32_add.c.
 */
#include "loops.h"

void sct_add_f64(const void *a, const void *b, void *c, size_t n)
{
    const double *restrict x = a;
    const double *restrict y = b;
    double *restrict z = c;
    for (size_t i = 0; i < n; i++)
        z[i] = x[i] + y[i];
}
