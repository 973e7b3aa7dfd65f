/*
 * dtype.h — the element types sonnx-cts knows, keyed by ONNX
 * TensorProto.DataType code (SONNX_DT_* in sonnx_cts/plugin.h).
 * Shared by kernels, harness, vendors and sweeps: the one place that maps
 * codes to names, widths and storage sizes.
 */
#ifndef SCT_NUMERIC_DTYPE_H
#define SCT_NUMERIC_DTYPE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sonnx_cts/plugin.h"

typedef enum sct_dtype_kind {
    SCT_KIND_NONE = 0,
    SCT_KIND_FLOAT,   /* float16, bfloat16, float32, float64 */
    SCT_KIND_SIGNED,  /* int4 .. int64 */
    SCT_KIND_UNSIGNED,/* uint4 .. uint64 */
    SCT_KIND_BOOL
} sct_dtype_kind;

typedef struct sct_dtype_info {
    int32_t code;          /* SONNX_DT_* */
    const char *name;      /* manifest name: "float16", "bfloat16", "float32",
                              "float64", "int4".."int64", "uint4".."uint64",
                              "bool" */
    const char *onnx_name; /* TensorProto enum name: "FLOAT16", "FLOAT", ... */
    sct_dtype_kind kind;
    unsigned bits;         /* value width: 4, 8, 16, 32, 64 (bool: 8) */
    unsigned mant_bits;    /* float: explicit fraction bits (10, 7, 23, 52) */
    unsigned exp_bits;     /* float: exponent bits (5, 8, 8, 11) */
} sct_dtype_info;

/* NULL when the code is not one of ours. */
const sct_dtype_info *sct_dtype_by_code(int32_t code);
/* Accepts manifest names ("float32") and ONNX enum names ("FLOAT");
 * NULL when unknown. */
const sct_dtype_info *sct_dtype_by_name(const char *name);
/* Manifest name, or "undefined(<code>)"-style text in a static buffer is NOT
 * returned: unknown codes give "unknown". */
const char *sct_dtype_name(int32_t code);
/* The position of a type in the table above (float16, bfloat16, float32,
 * float64, int4..int64, uint4..uint64, bool): the order in which reports
 * list types, so that int8 comes before int16 (a string sort would not);
 * unknown codes sort last. */
size_t sct_dtype_order(int32_t code);

/* Bytes needed to store `nelem` elements densely (4-bit types packed two per
 * byte, rounded up).  Returns false on overflow of uint64_t. */
bool sct_dtype_storage_bytes(int32_t code, uint64_t nelem, uint64_t *nbytes);

/* Number of elements of a shape; false on overflow or a negative dim. */
bool sct_shape_nelem(int32_t rank, const int64_t *dims, uint64_t *nelem);

/* Bytes of one element for byte-addressable types (1, 2, 4, 8); 0 for the
 * packed 4-bit types and unknown codes. */
size_t sct_dtype_elem_size(int32_t code);

#endif /* SCT_NUMERIC_DTYPE_H */
