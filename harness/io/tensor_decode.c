/* tensor_decode.c — validated TensorProto decoding (see tensor_decode.h). */
#include "tensor_decode.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sct/numeric/dtype.h"
#include "file_read.h"
#include "io_error.h"
#include "onnx.pb-c.h"
#include "pb_budget.h"
#include "shape_rules.h"

/* Which TensorProto field carries the elements of a tensor. */
typedef enum data_field {
    FIELD_NONE = 0,
    FIELD_RAW,
    FIELD_FLOAT,
    FIELD_INT32,
    FIELD_STRING,
    FIELD_INT64,
    FIELD_DOUBLE,
    FIELD_UINT64
} data_field;

static const char *field_name(data_field f)
{
    switch (f) {
    case FIELD_RAW: return "raw_data";
    case FIELD_FLOAT: return "float_data";
    case FIELD_INT32: return "int32_data";
    case FIELD_STRING: return "string_data";
    case FIELD_INT64: return "int64_data";
    case FIELD_DOUBLE: return "double_data";
    case FIELD_UINT64: return "uint64_data";
    case FIELD_NONE: break;
    }
    return "(none)";
}

/* onnx.proto TensorProto: the typed field each of our types may use. */
static data_field typed_field_for(int32_t code)
{
    switch (code) {
    case SONNX_DT_FLOAT: return FIELD_FLOAT;
    case SONNX_DT_DOUBLE: return FIELD_DOUBLE;
    case SONNX_DT_INT64: return FIELD_INT64;
    case SONNX_DT_UINT32:
    case SONNX_DT_UINT64: return FIELD_UINT64;
    default: return FIELD_INT32;
    }
}

/* Names of ONNX data types sonnx-cts does not handle, for clearer errors. */
static const char *unsupported_onnx_type_name(int32_t code)
{
    switch (code) {
    case 0: return "UNDEFINED";
    case 8: return "STRING";
    case 14: return "COMPLEX64";
    case 15: return "COMPLEX128";
    case 17: return "FLOAT8E4M3FN";
    case 18: return "FLOAT8E4M3FNUZ";
    case 19: return "FLOAT8E5M2";
    case 20: return "FLOAT8E5M2FNUZ";
    case 23: return "FLOAT4E2M1";
    default: return NULL;
    }
}

static void put_le(uint8_t *dst, uint64_t v, unsigned bytes)
{
    for (unsigned i = 0; i < bytes; i++)
        dst[i] = (uint8_t)(v >> (8 * i));
}

/* Allowed int32_data value range per type (onnx.proto: narrower integer
 * types, bools and 16-bit float bit patterns are widened to int32; 4-bit
 * types are packed bytes). */
static void int32_range(int32_t code, int64_t *lo, int64_t *hi)
{
    switch (code) {
    case SONNX_DT_INT8: *lo = INT8_MIN; *hi = INT8_MAX; break;
    case SONNX_DT_INT16: *lo = INT16_MIN; *hi = INT16_MAX; break;
    case SONNX_DT_UINT8:
    case SONNX_DT_INT4:
    case SONNX_DT_UINT4: *lo = 0; *hi = UINT8_MAX; break;
    case SONNX_DT_UINT16:
    case SONNX_DT_FLOAT16:
    case SONNX_DT_BFLOAT16: *lo = 0; *hi = UINT16_MAX; break;
    case SONNX_DT_BOOL: *lo = 0; *hi = 1; break;
    default: *lo = INT32_MIN; *hi = INT32_MAX; break;
    }
}

/* Bytes one stored element occupies in dense storage (4-bit: 1 per packed
 * pair, handled by the caller). */
static unsigned elem_bytes(const sct_dtype_info *info)
{
    return info->bits <= 8 ? 1u : info->bits / 8u;
}

/* Number of typed values must match the shape (4-bit types: packed bytes,
 * one per int32_data entry, onnx.proto). */
static int typed_count_check(const Onnx__TensorProto *t, const sct_dtype_info *info,
                             data_field field, uint64_t nelem, uint64_t nbytes,
                             const char *display, char *err, size_t cap)
{
    bool packed4 = info->bits == 4;
    uint64_t want = packed4 ? nbytes : nelem;
    size_t have = 0;
    switch (field) {
    case FIELD_FLOAT: have = t->n_float_data; break;
    case FIELD_INT32: have = t->n_int32_data; break;
    case FIELD_INT64: have = t->n_int64_data; break;
    case FIELD_DOUBLE: have = t->n_double_data; break;
    case FIELD_UINT64: have = t->n_uint64_data; break;
    default: break;
    }
    if ((uint64_t)have != want) {
        char shape[160];
        sct_shape_format((int32_t)t->n_dims, t->dims, shape, sizeof shape);
        return sct_io_error(err, cap, display, field_name(field),
                            "%zu values, shape %s of %s needs %llu%s", have, shape,
                            info->name, (unsigned long long)want,
                            packed4 ? " packed bytes" : "");
    }
    return 0;
}

/* Writes the (count-checked) typed values as dense little-endian storage. */
static int decode_typed(const Onnx__TensorProto *t, const sct_dtype_info *info,
                        data_field field, uint64_t nelem, uint8_t *dst,
                        const char *display, char *err, size_t cap)
{
    bool packed4 = info->bits == 4;
    uint64_t want = packed4 ? (nelem + 1) / 2 : nelem;
    unsigned eb = elem_bytes(info);
    for (uint64_t i = 0; i < want; i++) {
        switch (field) {
        case FIELD_FLOAT: {
            uint32_t bits;
            memcpy(&bits, &t->float_data[i], sizeof bits);
            put_le(dst + 4 * i, bits, 4);
            break;
        }
        case FIELD_DOUBLE: {
            uint64_t bits;
            memcpy(&bits, &t->double_data[i], sizeof bits);
            put_le(dst + 8 * i, bits, 8);
            break;
        }
        case FIELD_INT64:
            put_le(dst + 8 * i, (uint64_t)t->int64_data[i], 8);
            break;
        case FIELD_UINT64:
            if (info->code == SONNX_DT_UINT32 && t->uint64_data[i] > UINT32_MAX)
                return sct_io_error(err, cap, display, "uint64_data",
                                    "value %llu at index %llu out of range for uint32",
                                    (unsigned long long)t->uint64_data[i],
                                    (unsigned long long)i);
            put_le(dst + (uint64_t)eb * i, t->uint64_data[i], eb);
            break;
        case FIELD_INT32: {
            int64_t lo, hi, v = t->int32_data[i];
            int32_range(info->code, &lo, &hi);
            if (v < lo || v > hi)
                return sct_io_error(err, cap, display, "int32_data",
                                    "value %lld at index %llu out of range for %s%s",
                                    (long long)v, (unsigned long long)i, info->name,
                                    packed4 ? " (packed byte)" : "");
            put_le(dst + (uint64_t)eb * i, (uint64_t)v, packed4 ? 1u : eb);
            break;
        }
        default:
            break;
        }
    }
    return 0;
}

/* Checks that decoded storage is canonical: bools are 0 or 1; an odd count
 * of 4-bit elements leaves the last high nibble zero (plugin.h convention). */
static int check_canonical(const sct_dtype_info *info, const uint8_t *data,
                           uint64_t nelem, uint64_t nbytes, const char *field,
                           const char *display, char *err, size_t cap)
{
    if (info->code == SONNX_DT_BOOL) {
        for (uint64_t i = 0; i < nbytes; i++)
            if (data[i] > 1)
                return sct_io_error(err, cap, display, field,
                                    "bool element %llu is %u; must be 0 or 1",
                                    (unsigned long long)i, data[i]);
    }
    if (info->bits == 4 && (nelem & 1u) && nbytes > 0 && (data[nbytes - 1] >> 4) != 0)
        return sct_io_error(err, cap, display, field,
                            "padding nibble of the last byte is 0x%x; must be 0 for an odd "
                            "count of %s elements", data[nbytes - 1] >> 4, info->name);
    return 0;
}

static int decode_message(const Onnx__TensorProto *t, const char *display,
                          sonnx_tensor *out, char *err, size_t cap)
{
    if (!t->has_data_type || t->data_type == 0)
        return sct_io_error(err, cap, display, "data_type", "missing (UNDEFINED)");
    const sct_dtype_info *info = sct_dtype_by_code(t->data_type);
    if (info == NULL) {
        const char *onnx = unsupported_onnx_type_name(t->data_type);
        if (onnx != NULL)
            return sct_io_error(err, cap, display, "data_type",
                                "unsupported data_type %d (%s)", t->data_type, onnx);
        return sct_io_error(err, cap, display, "data_type", "unknown data_type %d",
                            t->data_type);
    }
    if ((t->has_data_location && t->data_location == ONNX__TENSOR_PROTO__DATA_LOCATION__EXTERNAL) ||
        t->n_external_data > 0)
        return sct_io_error(err, cap, display,
                            t->n_external_data > 0 ? "external_data" : "data_location",
                            "external data is not supported; store the tensor in the file");
    if (t->segment != NULL)
        return sct_io_error(err, cap, display, "segment",
                            "segmented tensors are not supported");
    if (t->n_dims > SONNX_MAX_RANK)
        return sct_io_error(err, cap, display, "dims", "rank %zu exceeds the maximum of %d",
                            t->n_dims, SONNX_MAX_RANK);
    for (size_t i = 0; i < t->n_dims; i++)
        if (t->dims[i] < 0) {
            char f[32];
            snprintf(f, sizeof f, "dims[%zu]", i);
            return sct_io_error(err, cap, display, f, "negative dimension %lld",
                                (long long)t->dims[i]);
        }
    uint64_t nelem = 0, nbytes = 0;
    char shape[160];
    sct_shape_format((int32_t)t->n_dims, t->dims, shape, sizeof shape);
    if (!sct_shape_nelem((int32_t)t->n_dims, t->dims, &nelem))
        return sct_io_error(err, cap, display, "dims",
                            "element count of shape %s overflows 64 bits", shape);
    if (!sct_dtype_storage_bytes(info->code, nelem, &nbytes))
        return sct_io_error(err, cap, display, "dims",
                            "byte size of %llu %s elements overflows 64 bits",
                            (unsigned long long)nelem, info->name);
    if (nbytes > SCT_IO_MAX_TENSOR_BYTES)
        return sct_io_error(err, cap, display, "dims",
                            "shape %s of %s needs %llu bytes; tensors above 1 GiB are refused",
                            shape, info->name, (unsigned long long)nbytes);

    /* Exactly one data field may be used (onnx.proto TensorProto). */
    data_field present[8];
    size_t n_present = 0;
    if (t->has_raw_data) present[n_present++] = FIELD_RAW;
    if (t->n_float_data) present[n_present++] = FIELD_FLOAT;
    if (t->n_int32_data) present[n_present++] = FIELD_INT32;
    if (t->n_string_data) present[n_present++] = FIELD_STRING;
    if (t->n_int64_data) present[n_present++] = FIELD_INT64;
    if (t->n_double_data) present[n_present++] = FIELD_DOUBLE;
    if (t->n_uint64_data) present[n_present++] = FIELD_UINT64;
    if (n_present > 1)
        return sct_io_error(err, cap, display, field_name(present[1]),
                            "present together with %s; a tensor uses exactly one data field",
                            field_name(present[0]));
    data_field used = n_present ? present[0] : FIELD_NONE;
    if (used == FIELD_NONE && nelem > 0)
        return sct_io_error(err, cap, display, "raw_data",
                            "missing: no raw_data or typed data for shape %s of %s",
                            shape, info->name);
    if (used != FIELD_NONE && used != FIELD_RAW && used != typed_field_for(info->code))
        return sct_io_error(err, cap, display, field_name(used),
                            "not valid for %s (onnx.proto stores it in raw_data or %s)",
                            info->name, field_name(typed_field_for(info->code)));

    /* Lengths are checked BEFORE allocating, so a tiny file that merely
     * claims a large shape never costs a large allocation. */
    if (used == FIELD_RAW && (uint64_t)t->raw_data.len != nbytes)
        return sct_io_error(err, cap, display, "raw_data", "%zu bytes, shape %s of %s needs %llu",
                            t->raw_data.len, shape, info->name, (unsigned long long)nbytes);
    if (used != FIELD_NONE && used != FIELD_RAW &&
        typed_count_check(t, info, used, nelem, nbytes, display, err, cap) != 0)
        return -1;
    uint8_t *data = calloc(1, nbytes ? (size_t)nbytes : 1u);
    if (data == NULL)
        return sct_io_error(err, cap, display, "dims", "out of memory for %llu bytes",
                            (unsigned long long)nbytes);
    if (used == FIELD_RAW && nbytes) {
        memcpy(data, t->raw_data.data, (size_t)nbytes);
    } else if (used != FIELD_NONE && used != FIELD_RAW) {
        if (decode_typed(t, info, used, nelem, data, display, err, cap) != 0) {
            free(data);
            return -1;
        }
    }
    if (check_canonical(info, data, nelem, nbytes,
                        used == FIELD_NONE ? "raw_data" : field_name(used), display,
                        err, cap) != 0) {
        free(data);
        return -1;
    }
    memset(out, 0, sizeof *out);
    out->elem_type = info->code;
    out->rank = (int32_t)t->n_dims;
    for (size_t i = 0; i < t->n_dims; i++)
        out->dims[i] = t->dims[i];
    out->data = data;
    out->nbytes = nbytes;
    return 0;
}

int sct_tensor_decode(const uint8_t *buf, size_t len, const char *display,
                      sonnx_tensor *out, char *err, size_t err_cap)
{
    memset(out, 0, sizeof *out);
    sct_pb_budget budget;
    sct_pb_budget_init(&budget, SCT_IO_MAX_UNPACK_BYTES);
    Onnx__TensorProto *t = onnx__tensor_proto__unpack(&budget.allocator, len, buf);
    if (t == NULL)
        return sct_pb_unpack_error(&budget, "TensorProto", len, display, err, err_cap);
    int rc = decode_message(t, display, out, err, err_cap);
    onnx__tensor_proto__free_unpacked(t, &budget.allocator);
    return rc;
}

void sct_tensor_release(sonnx_tensor *t)
{
    if (t == NULL)
        return;
    free(t->data);
    t->data = NULL;
    t->nbytes = 0;
}
