/*
 * f16_less.c — Less for float16 (sonnx-less, onnx Less).
 *
 * Semantics: IEEE754-2019 §5.11 compareQuietLess: false when either
 * operand is NaN; -0 and +0 are equal (so -0 < +0 is false); otherwise the
 * order of the real values (infinities included).  Output: bool, one byte
 * 0 or 1.  Exact.
 *
 * How (no conversion): the encodings are mapped to integers that order like
 * the values — magnitude bits for positive numbers, their negation for
 * negative ones, so both zeros map to 0 — and compared; NaN encodings
 * (|h| > 0x7c00) force false.
 */
#include <stdint.h>

#include "loops.h"
#include "sct/kernels/simd.h"

static inline int32_t sct_f16_order_key(uint16_t h)
{
    int32_t mag = (int32_t)(h & 0x7fffu);
    return (h & 0x8000u) ? -mag : mag;
}

SCT_VECTOR_LOOP
void sct_less_f16(const void *a, const void *b, void *c, size_t n)
{
    const uint16_t *restrict x = a;
    const uint16_t *restrict y = b;
    uint8_t *restrict z = c;
    for (size_t i = 0; i < n; i++) {
        /* bitwise & instead of &&: no branches, so the loop vectorises */
        unsigned ordered = ((x[i] & 0x7fffu) <= 0x7c00u) & ((y[i] & 0x7fffu) <= 0x7c00u);
        unsigned less = sct_f16_order_key(x[i]) < sct_f16_order_key(y[i]);
        z[i] = (uint8_t)(ordered & less);
    }
}
