/*
 * elem_access.h — reading one element of a dense tensor as raw bits, for
 * every element type of the suite (4-bit types packed two per byte, low
 * nibble first, as ONNX packs them; bool one byte).
 */
#ifndef SCT_CHECK_ELEM_ACCESS_H
#define SCT_CHECK_ELEM_ACCESS_H

#include <stdbool.h>
#include <stdint.h>

#include "sonnx_cts/plugin.h"

/* Value width in bits (4, 8, 16, 32, 64; bool 8), 0 for unknown types. */
unsigned sct_elem_width(int32_t type);
bool sct_type_is_signed_int(int32_t type);
bool sct_type_is_unsigned_int(int32_t type);

/* Raw bits of element `index` (caller checked the bounds), zero-extended. */
uint64_t sct_elem_bits(const sonnx_tensor *t, uint64_t index);

/* The same with the width already looked up (hot loops). Little-endian
 * storage (architecture.md), assembled byte by byte so the result does not
 * depend on the host's byte order; 4-bit: low nibble first. */
static inline uint64_t sct_elem_bits_w(const void *data, unsigned width,
                                       uint64_t index)
{
    const unsigned char *p = (const unsigned char *)data;
    if (width == 4) {
        unsigned char byte = p[index / 2u];
        return (index % 2u) ? (uint64_t)(byte >> 4) : (uint64_t)(byte & 0x0Fu);
    }
    unsigned nbytes = width / 8u;
    const unsigned char *e = p + index * nbytes;
    uint64_t v = 0;
    for (unsigned k = 0; k < nbytes; k++)
        v |= (uint64_t)e[k] << (8u * k);
    return v;
}

/* The value of integer bits as int64 (sign-extended for signed types). */
int64_t sct_bits_to_int64(int32_t type, uint64_t bits);

#endif /* SCT_CHECK_ELEM_ACCESS_H */
