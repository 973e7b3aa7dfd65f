/*
 * f16_mul.c — Mul for float16 (sonnx-mul:float, IEEE 754 multiplication).
 *
 * Accuracy: correctly rounded, round-to-nearest-even (IEEE754-2019 §4.3.1,
 * §5.4.1).  0 ULP.
 *
 * How: decode both operands exactly to binary32 and multiply there.  The
 * product of two 11-bit significands has at most 22 bits, and its
 * magnitude lies in [2^-48, 65504^2 < 2^32] (or is zero), inside binary32's
 * normal range: the binary32 product is EXACT.  The only rounding is the
 * encode to float16 (numeric/fp16.h), so no double rounding can occur.
 *
 * Special cases (by the IEEE multiplication, carried exactly through
 * decode/encode): 0 * inf = NaN (§7.2); NaN operands propagate, quieted
 * (§6.2.3); the sign of zero and infinity results is the XOR of the
 * operand signs (§6.3); overflow (>= 65520) gives inf (§7.4); tiny products
 * round into the float16 subnormals, never flushed.
 */
#include <stdint.h>

#include "loops.h"
#include "numeric/fp16.h"
#include "simd.h"

SCT_VECTOR_LOOP
void sct_mul_f16(const void *a, const void *b, void *c, size_t n)
{
    const uint16_t *restrict x = a;
    const uint16_t *restrict y = b;
    uint16_t *restrict z = c;
    for (size_t i = 0; i < n; i++)
        z[i] = sct_f32_to_f16(sct_f16_to_f32(x[i]) * sct_f16_to_f32(y[i]));
}
