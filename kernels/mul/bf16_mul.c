/*
 * bf16_mul.c — Mul for bfloat16 (sonnx-mul:float, IEEE 754 multiplication).
 *
 * Accuracy: correctly rounded, round-to-nearest-even (IEEE754-2019 §4.3.1,
 * §5.4.1).  0 ULP.
 *
 * How: decode exactly to binary64 and multiply there.  The product of two
 * 8-bit significands has at most 16 bits and its magnitude lies in
 * [2^-266, 2^256], inside binary64's normal range, so the binary64 product
 * is EXACT; the encode to bfloat16 (numeric/bf16.h) is the only rounding.
 * (binary32 would not do: bfloat16 products over- and underflow binary32's
 * range, e.g. 2^-100 * 2^-100.)
 *
 * Special cases: as f16_mul.c (0 * inf = NaN, NaN propagates, XOR signs
 * per §6.3, overflow to inf, subnormal results kept).
 */
#include <stdint.h>

#include "loops.h"
#include "sct/numeric/bf16.h"
#include "sct/kernels/simd.h"

SCT_VECTOR_LOOP
void sct_mul_bf16(const void *a, const void *b, void *c, size_t n)
{
    const uint16_t *restrict x = a;
    const uint16_t *restrict y = b;
    uint16_t *restrict z = c;
    for (size_t i = 0; i < n; i++)
        z[i] = sct_f64_to_bf16(sct_bf16_to_f64(x[i]) * sct_bf16_to_f64(y[i]));
}
