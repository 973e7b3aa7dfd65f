/*
 * bf16_div.c — Div for bfloat16 (sonnx-div:float, onnx-div).
 *
 * Accuracy: correctly rounded, round-to-nearest-even (IEEE754-2019 §4.3.1,
 * §5.4.1).  0 ULP.
 *
 * How: decode exactly to binary64, divide in binary64 (one rounding to 53
 * bits), encode to bfloat16 with one RNE rounding to 8 bits.  binary32 is
 * NOT used: bfloat16 has binary32's exponent range, so quotients such as
 * 2^-126 / 2^100 are subnormal (or overflow) in binary32 and would lose
 * bits before the final rounding.  In binary64:
 * - |x| lies in [2^-133 / 2^128, 2^128 / 2^-133] = [2^-261, 2^261], inside
 *   binary64's normal range: the first rounding has the full 53 bits.
 * - Normal bfloat16 results: q = 53 >= 2p + 2 = 18 (p = 8), double rounding
 *   is innocuous for division (Figueroa 1995; Roux 2014).
 * - Subnormal bfloat16 results (grid 2^-133): the midpoints M * 2^-134 are
 *   binary64 numbers; as in f16_div.c, a non-midpoint quotient of two 8-bit
 *   significands is at least 2^(min(α-β, -134) - 8) away from a midpoint,
 *   far more than half a binary64 ulp, so the first rounding cannot land on
 *   one; exact midpoints are held exactly and tie to even once.
 * - Overflow: the threshold (2 - 2^-8) * 2^127 is a binary64 number.
 *
 * Special cases: as f16_div.c (IEEE division: x/±0 = ±inf, 0/0 and inf/inf
 * = NaN, NaN propagates quieted, signs XOR per IEEE754 §6.3), carried
 * exactly by numeric/bf16.h.
 */
#include <stdint.h>

#include "loops.h"
#include "sct/numeric/bf16.h"
#include "sct/kernels/simd.h"

SCT_VECTOR_LOOP
void sct_div_bf16(const void *a, const void *b, void *c, size_t n)
{
    const uint16_t *restrict x = a;
    const uint16_t *restrict y = b;
    uint16_t *restrict z = c;
    for (size_t i = 0; i < n; i++)
        z[i] = sct_f64_to_bf16(sct_bf16_to_f64(x[i]) / sct_bf16_to_f64(y[i]));
}
