/*
 * ort_tensor_io.c — harness tensors in, ORT's output out (see
 * ort_tensor_io.h).  Byte counts come from the project's one dtype table
 * (numeric/include/sct/numeric/dtype.h), whose storage rules (4-bit packed two per
 * byte, bool one byte) are also ORT's.
 */
#include "ort_tensor_io.h"

#include <stdio.h>
#include <string.h>

#include "sct/numeric/dtype.h"
#include "ort_status_map.h"

/* ORT wants a non-NULL buffer even for a tensor with no elements. */
static unsigned char empty_tensor_storage[1];

int sct_ort_wrap_inputs(sct_ort_runtime *rt, const sonnx_tensor *inputs,
                        size_t n_inputs, sct_ort_value **values, char *msg,
                        size_t msg_cap)
{
    for (size_t i = 0; i < n_inputs; i++)
        values[i] = NULL;
    for (size_t i = 0; i < n_inputs; i++) {
        const sonnx_tensor *t = &inputs[i];
        void *data = t->data != NULL ? t->data : empty_tensor_storage;
        sct_ort_status st = rt->api.create_tensor_with_data(
            rt->cpu_memory, data, (size_t)t->nbytes, t->dims,
            (size_t)t->rank, t->elem_type, &values[i]);
        if (st != NULL) {
            char text[400];
            int code = sct_ort_take_status(&rt->api, st, text, sizeof text);
            char stage[64];
            snprintf(stage, sizeof stage, "CreateTensorWithDataAsOrtValue "
                                          "(input %zu)", i);
            sct_ort_format_error(msg, msg_cap, stage, code, text);
            sct_ort_release_values(rt, values, n_inputs);
            return -1;
        }
    }
    return 0;
}

void sct_ort_release_values(sct_ort_runtime *rt, sct_ort_value **values,
                            size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (values[i] != NULL)
            rt->api.release_value(values[i]);
        values[i] = NULL;
    }
}

/* Reads ORT's element type and shape of `value` into `out` metadata
 * fields of a scratch tensor. */
static sonnx_status read_meta(sct_ort_runtime *rt, sct_ort_value *value,
                              sonnx_tensor *meta, char *msg, size_t msg_cap)
{
    sct_ort_tensor_info *info = NULL;
    sct_ort_status st = rt->api.get_tensor_type_and_shape(value, &info);
    size_t rank = 0;
    int elem = 0;
    const char *stage = "GetTensorTypeAndShape";
    if (st == NULL) {
        stage = "GetTensorElementType";
        st = rt->api.get_tensor_element_type(info, &elem);
    }
    if (st == NULL) {
        stage = "GetDimensionsCount";
        st = rt->api.get_dimensions_count(info, &rank);
    }
    if (st == NULL && rank > SONNX_MAX_RANK) {
        rt->api.release_tensor_info(info);
        snprintf(msg, msg_cap,
                 "ONNX Runtime produced a rank-%zu output; the harness "
                 "represents at most rank %d",
                 rank, SONNX_MAX_RANK);
        return SONNX_STATUS_ERROR;
    }
    if (st == NULL) {
        stage = "GetDimensions";
        st = rt->api.get_dimensions(info, meta->dims, rank);
    }
    if (info != NULL)
        rt->api.release_tensor_info(info);
    if (st != NULL) {
        char text[400];
        int code = sct_ort_take_status(&rt->api, st, text, sizeof text);
        sct_ort_format_error(msg, msg_cap, stage, code, text);
        return SONNX_STATUS_ERROR;
    }
    meta->elem_type = elem;
    meta->rank = (int32_t)rank;
    return SONNX_STATUS_OK;
}

sonnx_status sct_ort_copy_output(sct_ort_runtime *rt, sct_ort_value *value,
                                 sonnx_tensor *out, char *msg, size_t msg_cap)
{
    sonnx_tensor meta;
    memset(&meta, 0, sizeof meta);
    sonnx_status s = read_meta(rt, value, &meta, msg, msg_cap);
    if (s != SONNX_STATUS_OK)
        return s;
    uint64_t nelem = 0, nbytes = 0;
    if (sct_dtype_by_code(meta.elem_type) == NULL) {
        snprintf(msg, msg_cap,
                 "ONNX Runtime produced an output of element type %d, which "
                 "sonnx-cts does not represent",
                 (int)meta.elem_type);
        return SONNX_STATUS_ERROR;
    }
    if (!sct_shape_nelem(meta.rank, meta.dims, &nelem) ||
        !sct_dtype_storage_bytes(meta.elem_type, nelem, &nbytes)) {
        snprintf(msg, msg_cap,
                 "ONNX Runtime produced an output whose shape has a "
                 "negative dimension or overflows");
        return SONNX_STATUS_ERROR;
    }
    if (nbytes > out->nbytes) {
        snprintf(msg, msg_cap,
                 "ONNX Runtime produced a %s output of %llu elements (%llu "
                 "bytes); the harness buffer holds %llu bytes",
                 sct_dtype_name(meta.elem_type), (unsigned long long)nelem,
                 (unsigned long long)nbytes,
                 (unsigned long long)out->nbytes);
        return SONNX_STATUS_ERROR;
    }
    if (nbytes > 0) {
        void *src = NULL;
        sct_ort_status st = rt->api.get_tensor_mutable_data(value, &src);
        if (st != NULL || src == NULL) {
            char text[400] = "no data pointer";
            int code = st ? sct_ort_take_status(&rt->api, st, text,
                                                sizeof text)
                          : SCT_ORT_FAIL;
            sct_ort_format_error(msg, msg_cap, "GetTensorMutableData", code,
                                 text);
            return SONNX_STATUS_ERROR;
        }
        memcpy(out->data, src, (size_t)nbytes);
    }
    out->elem_type = meta.elem_type;
    out->rank = meta.rank;
    memset(out->dims, 0, sizeof out->dims);
    memcpy(out->dims, meta.dims, (size_t)meta.rank * sizeof meta.dims[0]);
    return SONNX_STATUS_OK;
}
