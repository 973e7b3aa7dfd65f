/* fp16.c — out-of-line and array forms of the binary16 conversions in
 * fp16.h (the semantics and their justification live there). */
#include "numeric/fp16.h"

float sct_f16_decode(uint16_t h) { return sct_f16_to_f32(h); }
uint16_t sct_f16_encode(float f) { return sct_f32_to_f16(f); }
uint16_t sct_f16_encode_f64(double d) { return sct_f64_to_f16(d); }

void sct_f16_to_f32_n(const uint16_t *restrict src, float *restrict dst,
                      size_t n)
{
    for (size_t i = 0; i < n; i++)
        dst[i] = sct_f16_to_f32(src[i]);
}

void sct_f32_to_f16_n(const float *restrict src, uint16_t *restrict dst,
                      size_t n)
{
    for (size_t i = 0; i < n; i++)
        dst[i] = sct_f32_to_f16(src[i]);
}
