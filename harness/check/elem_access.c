/*
 * elem_access.c — element widths and kinds from the dtype table
 * (numeric/include/sct/numeric/dtype.h), element bits of dense little-endian tensors
 * (docs/architecture.md conventions; int4 packing as in ONNX).
 */
#include "sct/check/elem_access.h"

#include <string.h>

#include "sct/numeric/dtype.h"

unsigned sct_elem_width(int32_t type)
{
    const sct_dtype_info *d = sct_dtype_by_code(type);
    return d != NULL ? d->bits : 0u;
}

bool sct_type_is_signed_int(int32_t type)
{
    const sct_dtype_info *d = sct_dtype_by_code(type);
    return d != NULL && d->kind == SCT_KIND_SIGNED;
}

bool sct_type_is_unsigned_int(int32_t type)
{
    const sct_dtype_info *d = sct_dtype_by_code(type);
    return d != NULL && d->kind == SCT_KIND_UNSIGNED;
}

uint64_t sct_elem_bits(const sonnx_tensor *t, uint64_t index)
{
    return sct_elem_bits_w(t->data, sct_elem_width(t->elem_type), index);
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
