/*
 * f32_div.c — Div for float32 (sonnx-div:float, onnx-div).
 *
 * Accuracy: correctly rounded, RNE: the native IEEE 754 binary32 division
 * (IEEE754-2019 §5.4.1), which C11 Annex F (F.3) maps '/' to.  0 ULP.
 * The build uses -ffp-contract=off and no -ffast-math; nothing in the
 * process sets flush-to-zero/denormals-are-zero, so subnormal operands and
 * results are exact IEEE values.
 *
 * Special cases (by the hardware division, IEEE754 §6.1-§7.3): x/±0 = ±inf
 * for x != 0 (sonnx-div:float "inf" row), 0/0 and inf/inf = NaN ("nan"
 * row), NaN propagates, signs of zeros and infinities are the XOR of the
 * operand signs (§6.3).
 */
#include "loops.h"
#include "sct/kernels/simd.h"

/* Cloned (SCT_VECTOR_LOOP): 256/512-bit lanes where the CPU has them, each
 * lane the same IEEE operation as in the baseline SSE2 loop; the float32
 * sampled sweeps call this twice per pair (reference and implementation),
 * and on AVX2 the wider lanes take about a tenth off a float32 Div sweep's
 * CPU time (docs/benchmarks.md §8.1). */
SCT_VECTOR_LOOP
void sct_div_f32(const void *a, const void *b, void *c, size_t n)
{
    const float *restrict x = a;
    const float *restrict y = b;
    float *restrict z = c;
    for (size_t i = 0; i < n; i++)
        z[i] = x[i] / y[i];
}
