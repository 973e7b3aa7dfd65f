/*
 * int4.h — packing of the 4-bit integer types as ONNX stores them
 * (onnx.proto, TensorProto INT4/UINT4): two elements per byte, element 2k
 * in the low nibble, element 2k+1 in the high nibble, an odd count padded
 * with a zero high nibble.  int4 is two's complement in [-8, 7], uint4 is
 * [0, 15].
 */
#ifndef SCT_NUMERIC_INT4_H
#define SCT_NUMERIC_INT4_H

#include <stddef.h>
#include <stdint.h>

/* Bytes needed for n packed elements. */
static inline size_t sct_int4_packed_bytes(size_t n)
{
    return n / 2u + (n & 1u);
}

/* Element i of a packed buffer, sign-extended (int4) or zero-extended. */
int8_t sct_int4_get(const uint8_t *packed, size_t i);
uint8_t sct_uint4_get(const uint8_t *packed, size_t i);

/* Unpack n elements into one byte each. */
void sct_int4_unpack(const uint8_t *packed, int8_t *dst, size_t n);
void sct_uint4_unpack(const uint8_t *packed, uint8_t *dst, size_t n);

/* Pack n elements: each value is reduced modulo 16 (its low nibble), which
 * is the two's-complement wraparound of int4 and the modular wraparound of
 * uint4 (sonnx-mul:int).  Writes exactly sct_int4_packed_bytes(n) bytes,
 * the padding nibble zero.  The same function serves both types: packing
 * only keeps the low nibble. */
void sct_int4_pack(const uint8_t *src, uint8_t *packed, size_t n);

#endif /* SCT_NUMERIC_INT4_H */
