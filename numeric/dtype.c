/*
 * dtype.c — the one table of element types (codes, names, widths).
 * Codes are ONNX TensorProto.DataType values (onnx.proto, enum DataType).
 */
#include "sct/numeric/dtype.h"

#include <string.h>

static const sct_dtype_info sct_dtype_table[] = {
    {SONNX_DT_FLOAT16, "float16", "FLOAT16", SCT_KIND_FLOAT, 16, 10, 5},
    {SONNX_DT_BFLOAT16, "bfloat16", "BFLOAT16", SCT_KIND_FLOAT, 16, 7, 8},
    {SONNX_DT_FLOAT, "float32", "FLOAT", SCT_KIND_FLOAT, 32, 23, 8},
    {SONNX_DT_DOUBLE, "float64", "DOUBLE", SCT_KIND_FLOAT, 64, 52, 11},
    {SONNX_DT_INT4, "int4", "INT4", SCT_KIND_SIGNED, 4, 0, 0},
    {SONNX_DT_INT8, "int8", "INT8", SCT_KIND_SIGNED, 8, 0, 0},
    {SONNX_DT_INT16, "int16", "INT16", SCT_KIND_SIGNED, 16, 0, 0},
    {SONNX_DT_INT32, "int32", "INT32", SCT_KIND_SIGNED, 32, 0, 0},
    {SONNX_DT_INT64, "int64", "INT64", SCT_KIND_SIGNED, 64, 0, 0},
    {SONNX_DT_UINT4, "uint4", "UINT4", SCT_KIND_UNSIGNED, 4, 0, 0},
    {SONNX_DT_UINT8, "uint8", "UINT8", SCT_KIND_UNSIGNED, 8, 0, 0},
    {SONNX_DT_UINT16, "uint16", "UINT16", SCT_KIND_UNSIGNED, 16, 0, 0},
    {SONNX_DT_UINT32, "uint32", "UINT32", SCT_KIND_UNSIGNED, 32, 0, 0},
    {SONNX_DT_UINT64, "uint64", "UINT64", SCT_KIND_UNSIGNED, 64, 0, 0},
    {SONNX_DT_BOOL, "bool", "BOOL", SCT_KIND_BOOL, 8, 0, 0},
};

#define SCT_DTYPE_COUNT (sizeof sct_dtype_table / sizeof sct_dtype_table[0])

const sct_dtype_info *sct_dtype_by_code(int32_t code)
{
    for (size_t i = 0; i < SCT_DTYPE_COUNT; i++)
        if (sct_dtype_table[i].code == code)
            return &sct_dtype_table[i];
    return NULL;
}

const sct_dtype_info *sct_dtype_by_name(const char *name)
{
    if (name == NULL)
        return NULL;
    for (size_t i = 0; i < SCT_DTYPE_COUNT; i++)
        if (strcmp(sct_dtype_table[i].name, name) == 0 ||
            strcmp(sct_dtype_table[i].onnx_name, name) == 0)
            return &sct_dtype_table[i];
    return NULL;
}

size_t sct_dtype_order(int32_t code)
{
    const sct_dtype_info *d = sct_dtype_by_code(code);
    return d != NULL ? (size_t)(d - sct_dtype_table) : SCT_DTYPE_COUNT;
}

const char *sct_dtype_name(int32_t code)
{
    const sct_dtype_info *d = sct_dtype_by_code(code);
    return d ? d->name : "unknown";
}

bool sct_dtype_storage_bytes(int32_t code, uint64_t nelem, uint64_t *nbytes)
{
    const sct_dtype_info *d = sct_dtype_by_code(code);
    if (d == NULL || nbytes == NULL)
        return false;
    if (d->bits == 4) {
        /* Two elements per byte, odd counts padded (plugin.h conventions). */
        *nbytes = nelem / 2u + (nelem & 1u);
        return true;
    }
    uint64_t size = d->bits / 8u;
    if (nelem > UINT64_MAX / size)
        return false;
    *nbytes = nelem * size;
    return true;
}

bool sct_shape_nelem(int32_t rank, const int64_t *dims, uint64_t *nelem)
{
    if (rank < 0 || rank > SONNX_MAX_RANK || nelem == NULL ||
        (rank > 0 && dims == NULL))
        return false;
    uint64_t n = 1;
    for (int32_t i = 0; i < rank; i++) {
        if (dims[i] < 0)
            return false;
        uint64_t d = (uint64_t)dims[i];
        if (d != 0 && n > UINT64_MAX / d)
            return false;
        n *= d;
    }
    *nelem = n;
    return true;
}

size_t sct_dtype_elem_size(int32_t code)
{
    const sct_dtype_info *d = sct_dtype_by_code(code);
    if (d == NULL || d->bits < 8)
        return 0;
    return d->bits / 8u;
}
