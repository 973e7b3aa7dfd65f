/* int4.c — ONNX 4-bit packing (layout in int4.h). */
#include "sct/numeric/int4.h"

uint8_t sct_uint4_get(const uint8_t *packed, size_t i)
{
    uint8_t byte = packed[i / 2u];
    return (uint8_t)((i & 1u) ? (byte >> 4) : (byte & 0x0fu));
}

int8_t sct_int4_get(const uint8_t *packed, size_t i)
{
    /* Sign-extend the nibble without shifting a negative value: values
     * 8..15 stand for -8..-1. */
    int v = sct_uint4_get(packed, i);
    return (int8_t)(v >= 8 ? v - 16 : v);
}

void sct_int4_unpack(const uint8_t *packed, int8_t *dst, size_t n)
{
    for (size_t i = 0; i < n; i++)
        dst[i] = sct_int4_get(packed, i);
}

void sct_uint4_unpack(const uint8_t *packed, uint8_t *dst, size_t n)
{
    for (size_t i = 0; i < n; i++)
        dst[i] = sct_uint4_get(packed, i);
}

void sct_int4_pack(const uint8_t *src, uint8_t *packed, size_t n)
{
    size_t pairs = n / 2u;
    for (size_t k = 0; k < pairs; k++)
        packed[k] = (uint8_t)((src[2u * k] & 0x0fu) |
                              ((src[2u * k + 1u] & 0x0fu) << 4));
    if (n & 1u)
        packed[pairs] = (uint8_t)(src[n - 1u] & 0x0fu);
}
