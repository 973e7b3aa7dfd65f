/*
 * onednn_types.h — ONNX element types as oneDNN 2.6 data types.
 *
 * oneDNN 2.6 has f32, f16, bf16, s32, s8, u8 only.  Every other ONNX type
 * (float64, int16, uint16, int64, uint32, uint64, int4, uint4, bool) has no
 * oneDNN data type: the adapter declines it (UNSUPPORTED) rather than
 * converting, which would certify the adapter's conversion instead of
 * oneDNN.  Whether oneDNN implements an op for a mapped type is asked of
 * oneDNN itself (primitive descriptor creation, onednn_ops.h).
 */
#ifndef SCT_ONEDNN_TYPES_H
#define SCT_ONEDNN_TYPES_H

#include <stddef.h>
#include <stdint.h>

#include <oneapi/dnnl/dnnl.h>

/* 0 and the data type, or -1 (no oneDNN 2.6 type for this ONNX type). */
int sct_onednn_dtype(int32_t onnx_type, dnnl_data_type_t *out);

#endif /* SCT_ONEDNN_TYPES_H */
