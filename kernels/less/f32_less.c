/*
 * f32_less.c — Less for float32 (sonnx-less, onnx Less).
 *
 * Semantics: IEEE754-2019 §5.11 compareQuietLess, which C99 7.12.14.3
 * isless() implements (quiet: no invalid exception for quiet NaNs): false
 * when either operand is NaN, -0 < +0 false, otherwise the real order.
 * Output bool 0/1.  Exact.
 */
#include <math.h>
#include <stdint.h>

#include "loops.h"

void sct_less_f32(const void *a, const void *b, void *c, size_t n)
{
    const float *restrict x = a;
    const float *restrict y = b;
    uint8_t *restrict z = c;
    for (size_t i = 0; i < n; i++)
        z[i] = (uint8_t)(isless(x[i], y[i]) ? 1 : 0);
}
