/*
 * tensor_decode.h — one serialized ONNX TensorProto (an input_k.pb or
 * output_k.pb) into a dense little-endian sonnx_tensor, validated.
 *
 * Accepted encodings (onnx.proto, TensorProto): raw_data (little-endian,
 * int4/uint4 packed two per byte, low nibble first), or the typed field ONNX
 * assigns to the type: float_data (FLOAT), double_data (DOUBLE), int64_data
 * (INT64), uint64_data (UINT32, UINT64), int32_data (INT32, INT16, INT8,
 * UINT16, UINT8, BOOL, FLOAT16 and BFLOAT16 as their bit patterns, INT4 and
 * UINT4 as packed bytes).  Everything else is refused with a message naming
 * the file, the field and the reason: truncated protobuf, unknown or
 * unsupported data_type, rank above SONNX_MAX_RANK, negative dims, element or
 * byte counts that overflow, tensors above SCT_IO_MAX_TENSOR_BYTES, a data
 * length that does not match the shape, values out of range for the type,
 * non-zero int4 padding, bools other than 0/1, external data, segments.
 */
#ifndef SCT_IO_TENSOR_DECODE_H
#define SCT_IO_TENSOR_DECODE_H

#include <stddef.h>
#include <stdint.h>

#include "sonnx_cts/plugin.h"

/* On success `out->data` is malloc'ed (never NULL, even for 0 elements);
 * release it with sct_tensor_release. */
int sct_tensor_decode(const uint8_t *buf, size_t len, const char *display,
                      sonnx_tensor *out, char *err, size_t err_cap);

void sct_tensor_release(sonnx_tensor *t);

#endif /* SCT_IO_TENSOR_DECODE_H */
