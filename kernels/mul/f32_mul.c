/*
 * f32_mul.c — Mul for float32 (sonnx-mul:float).
 *
 * Accuracy: correctly rounded, RNE: the native IEEE 754 binary32
 * multiplication (IEEE754-2019 §5.4.1; C11 F.3).  0 ULP.  Built with
 * -ffp-contract=off (no fused multiply-add), no fast-math, no FTZ/DAZ.
 *
 * Special cases (hardware, IEEE754 §6.1-§7.4): 0 * inf = NaN, NaN
 * propagates, signs XOR (§6.3), overflow to inf, gradual underflow.
 */
#include "loops.h"
#include "sct/kernels/simd.h"

/* Cloned (SCT_VECTOR_LOOP): 256/512-bit lanes where the CPU has them, each
 * lane the same IEEE operation as in the baseline SSE2 loop; the float32
 * sampled sweeps call this twice per pair (reference and implementation),
 * and on AVX2 the wider lanes of the Div loop took a tenth off a Div sweep's
 * CPU time (docs/benchmarks.md §8.1). */
SCT_VECTOR_LOOP
void sct_mul_f32(const void *a, const void *b, void *c, size_t n)
{
    const float *restrict x = a;
    const float *restrict y = b;
    float *restrict z = c;
    for (size_t i = 0; i < n; i++)
        z[i] = x[i] * y[i];
}
