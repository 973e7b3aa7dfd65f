/*
 * bf16_less.c — Less for bfloat16 (sonnx-less, onnx Less).
 *
 * Semantics: IEEE754-2019 §5.11 compareQuietLess: NaN compares false,
 * -0 < +0 is false, otherwise the real order.  Output bool 0/1.  Exact.
 *
 * How: as f16_less.c on the bfloat16 encodings (NaN: |h| > 0x7f80).
 */
#include <stdint.h>

#include "loops.h"
#include "sct/kernels/simd.h"

static inline int32_t sct_bf16_order_key(uint16_t h)
{
    int32_t mag = (int32_t)(h & 0x7fffu);
    return (h & 0x8000u) ? -mag : mag;
}

SCT_VECTOR_LOOP
void sct_less_bf16(const void *a, const void *b, void *c, size_t n)
{
    const uint16_t *restrict x = a;
    const uint16_t *restrict y = b;
    uint8_t *restrict z = c;
    for (size_t i = 0; i < n; i++) {
        /* bitwise & instead of &&: no branches, so the loop vectorises */
        unsigned ordered = ((x[i] & 0x7fffu) <= 0x7f80u) & ((y[i] & 0x7fffu) <= 0x7f80u);
        unsigned less = sct_bf16_order_key(x[i]) < sct_bf16_order_key(y[i]);
        z[i] = (uint8_t)(ordered & less);
    }
}
