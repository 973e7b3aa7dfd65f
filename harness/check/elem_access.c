/*
 * elem_access.c — element bits of dense little-endian tensors
 * (docs/architecture.md conventions; int4 packing as in ONNX).
 */
#include "elem_access.h"

#include <string.h>

unsigned sct_elem_width(int32_t type)
{
    switch (type) {
    case SONNX_DT_INT4: case SONNX_DT_UINT4: return 4;
    case SONNX_DT_INT8: case SONNX_DT_UINT8: case SONNX_DT_BOOL: return 8;
    case SONNX_DT_INT16: case SONNX_DT_UINT16:
    case SONNX_DT_FLOAT16: case SONNX_DT_BFLOAT16: return 16;
    case SONNX_DT_INT32: case SONNX_DT_UINT32: case SONNX_DT_FLOAT: return 32;
    case SONNX_DT_INT64: case SONNX_DT_UINT64: case SONNX_DT_DOUBLE: return 64;
    default: return 0;
    }
}

bool sct_type_is_signed_int(int32_t type)
{
    return type == SONNX_DT_INT4 || type == SONNX_DT_INT8 ||
           type == SONNX_DT_INT16 || type == SONNX_DT_INT32 ||
           type == SONNX_DT_INT64;
}

bool sct_type_is_unsigned_int(int32_t type)
{
    return type == SONNX_DT_UINT4 || type == SONNX_DT_UINT8 ||
           type == SONNX_DT_UINT16 || type == SONNX_DT_UINT32 ||
           type == SONNX_DT_UINT64;
}

uint64_t sct_elem_bits(const sonnx_tensor *t, uint64_t index)
{
    const unsigned char *p = (const unsigned char *)t->data;
    unsigned width = sct_elem_width(t->elem_type);
    if (width == 4) {
        unsigned char byte = p[index / 2u];
        return (index % 2u) ? (uint64_t)(byte >> 4) : (uint64_t)(byte & 0x0Fu);
    }
    /* Little-endian storage (architecture.md): assemble byte by byte so the
     * result does not depend on the host's byte order. */
    size_t nbytes = width / 8u;
    const unsigned char *e = p + index * nbytes;
    uint64_t v = 0;
    for (size_t k = 0; k < nbytes; k++)
        v |= (uint64_t)e[k] << (8u * k);
    return v;
}

int64_t sct_bits_to_int64(int32_t type, uint64_t bits)
{
    unsigned width = sct_elem_width(type);
    if (!sct_type_is_signed_int(type) || width == 64 || width == 0) {
        int64_t v;
        memcpy(&v, &bits, sizeof v); /* two's complement reinterpretation */
        return v;
    }
    uint64_t sign = UINT64_C(1) << (width - 1u);
    uint64_t mask = (sign << 1) - 1u;
    bits &= mask;
    if (bits & sign)
        return -(int64_t)(((~bits) & mask) + 1u);
    return (int64_t)bits;
}
