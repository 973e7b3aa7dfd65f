/*
 * bf16_add.c — Add for bfloat16 (onnx-add; bfloat16 is in the onnx profile's
 * type list only; the semantics are E_ADD_FLOAT_FUNC_0010's IEEE 754
 * addition).
 *
 * Accuracy: correctly rounded, round-to-nearest-even (IEEE754-2019 §4.3.1,
 * §5.4.1).  0 ULP.
 *
 * How: decode exactly to binary64, compute a + b there (rounded once to
 * 53 bits), encode to bfloat16 (numeric/bf16.h, RNE): two roundings.  The
 * second one is innocuous: for +, -, *, / a result rounded to q bits and
 * then to p bits equals the one rounding to p bits when q >= 2p + 1
 * (Figueroa, "When is double rounding innocuous?", SIGNUM 1995), and
 * q = 53 >= 2·8 + 1 = 17.  The range does not break it: binary64 holds
 * every bfloat16 sum without overflow or underflow (|a + b| < 2^129), and
 * when the exact result lies in bfloat16's subnormal range it is an integer
 * multiple of 2^-133 (the smallest bfloat16 subnormal) below 2^-126, i.e. at
 * most 7 bits: exact in binary64 and in bfloat16, so no rounding at all.
 * (bfloat16 sums are not exact in binary64 in general: 2^127 + 2^-133
 * needs 261 bits.)  kernels/tests checks all 2^32 pairs exactly.
 *
 * Special cases: as f16_add.c (inf - inf = NaN, NaN propagates quieted,
 * signed zeros per IEEE754-2019 §6.3, overflow to ±inf, subnormals kept).
 */
#include <stdint.h>

#include "loops.h"
#include "sct/numeric/bf16.h"
#include "sct/kernels/simd.h"

SCT_VECTOR_LOOP
void sct_add_bf16(const void *a, const void *b, void *c, size_t n)
{
    const uint16_t *restrict x = a;
    const uint16_t *restrict y = b;
    uint16_t *restrict z = c;
    for (size_t i = 0; i < n; i++)
        z[i] = sct_f64_to_bf16(sct_bf16_to_f64(x[i]) + sct_bf16_to_f64(y[i]));
}
