/*
 * f32_add.c — Add for float32 (sonnx-add E_ADD_FLOAT_FUNC_0010).
 *
 * Accuracy: correctly rounded, RNE: the native IEEE 754 binary32
 * addition (IEEE754-2019 §5.4.1; C11 F.3).  0 ULP.  Built with
 * -ffp-contract=off, no fast-math, no FTZ/DAZ.
 *
 * Special cases (hardware, IEEE754-2019 §6.1-§7.4): inf - inf = NaN, NaN
 * propagates, an exact zero result is +0 except (-0) + (-0) = -0
 * (§6.3), overflow to ±inf, gradual underflow.
 */
#include "loops.h"
#include "sct/kernels/simd.h"

SCT_VECTOR_LOOP
void sct_add_f32(const void *a, const void *b, void *c, size_t n)
{
    const float *restrict x = a;
    const float *restrict y = b;
    float *restrict z = c;
    for (size_t i = 0; i < n; i++)
        z[i] = x[i] + y[i];
}
