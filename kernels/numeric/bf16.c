/* bf16.c — out-of-line and array forms of the bfloat16 conversions in
 * bf16.h (the semantics and their justification live there). */
#include "numeric/bf16.h"

float sct_bf16_decode(uint16_t h) { return sct_bf16_to_f32(h); }
uint16_t sct_bf16_encode(float f) { return sct_f32_to_bf16(f); }
uint16_t sct_bf16_encode_f64(double d) { return sct_f64_to_bf16(d); }

void sct_bf16_to_f32_n(const uint16_t *restrict src, float *restrict dst,
                       size_t n)
{
    for (size_t i = 0; i < n; i++)
        dst[i] = sct_bf16_to_f32(src[i]);
}

void sct_f32_to_bf16_n(const float *restrict src, uint16_t *restrict dst,
                       size_t n)
{
    for (size_t i = 0; i < n; i++)
        dst[i] = sct_f32_to_bf16(src[i]);
}
