/*
 * abi_layout_v1.h — the frozen layout of ABI 1.0, and what 1.1 appended, on
 * LP64 targets (x86_64, aarch64), asserted from C and from C++.  If one of these fails, the header
 * change broke binary compatibility with already-built adapters: that needs
 * SONNX_PLUGIN_ABI_MAJOR + 1, not a quiet edit.
 */
#ifndef SONNX_CTS_TESTS_ABI_LAYOUT_V1_H
#define SONNX_CTS_TESTS_ABI_LAYOUT_V1_H

#include "sonnx_cts/plugin.h"

#if defined(__cplusplus)
#define ABI_ASSERT(c, m) static_assert(c, m)
#else
#define ABI_ASSERT(c, m) _Static_assert(c, m)
#endif

#if defined(__LP64__)
ABI_ASSERT(offsetof(sonnx_plugin_entry, abi_major) == 0, "abi_major must be first");
ABI_ASSERT(offsetof(sonnx_plugin_entry, abi_minor) == 4, "abi_minor");
ABI_ASSERT(offsetof(sonnx_plugin_entry, struct_size) == 8, "struct_size");
ABI_ASSERT(offsetof(sonnx_plugin_entry, vendor) == 16, "vendor");
ABI_ASSERT(offsetof(sonnx_plugin_entry, runtime_name) == 24, "runtime_name");
ABI_ASSERT(offsetof(sonnx_plugin_entry, runtime_version) == 32, "runtime_version");
ABI_ASSERT(offsetof(sonnx_plugin_entry, init) == 40, "init");
ABI_ASSERT(offsetof(sonnx_plugin_entry, shutdown) == 48, "shutdown");
ABI_ASSERT(offsetof(sonnx_plugin_entry, query) == 56, "query");
ABI_ASSERT(offsetof(sonnx_plugin_entry, run) == 64, "run");
ABI_ASSERT(sizeof(sonnx_plugin_entry) >= 72, "v1.0 table is 72 bytes");
ABI_ASSERT(offsetof(sonnx_tensor, elem_type) == 0, "tensor elem_type");
ABI_ASSERT(offsetof(sonnx_tensor, rank) == 4, "tensor rank");
ABI_ASSERT(offsetof(sonnx_tensor, dims) == 8, "tensor dims");
ABI_ASSERT(offsetof(sonnx_tensor, data) == 72, "tensor data");
ABI_ASSERT(offsetof(sonnx_tensor, nbytes) == 80, "tensor nbytes");
ABI_ASSERT(sizeof(sonnx_tensor) == 88, "tensor size");
ABI_ASSERT(offsetof(sonnx_op, op_type) == 0, "op op_type");
ABI_ASSERT(offsetof(sonnx_op, opset) == 16, "op opset");
ABI_ASSERT(offsetof(sonnx_op, profile) == 24, "op profile");
/* ABI 1.1 appended to sonnx_op: the 1.0 op was 32 bytes, the new members
 * start there (a 1.0 plugin reads the first 32 bytes only). */
ABI_ASSERT(offsetof(sonnx_op, n_attributes) == 32, "1.1 op n_attributes after the 1.0 op");
ABI_ASSERT(offsetof(sonnx_op, attributes) == 40, "1.1 op attributes");
ABI_ASSERT(sizeof(sonnx_op) == 48, "1.1 op size");
ABI_ASSERT(offsetof(sonnx_attribute, name) == 0, "attribute name");
ABI_ASSERT(offsetof(sonnx_attribute, kind) == 8, "attribute kind");
ABI_ASSERT(offsetof(sonnx_attribute, i) == 16, "attribute i");
ABI_ASSERT(offsetof(sonnx_attribute, f) == 24, "attribute f");
ABI_ASSERT(offsetof(sonnx_attribute, s) == 32, "attribute s");
ABI_ASSERT(offsetof(sonnx_attribute, n) == 40, "attribute n");
ABI_ASSERT(offsetof(sonnx_attribute, ints) == 48, "attribute ints");
ABI_ASSERT(offsetof(sonnx_attribute, floats) == 56, "attribute floats");
ABI_ASSERT(sizeof(sonnx_attribute) == 64, "attribute size");
ABI_ASSERT(sizeof(sonnx_status) == 4, "status is an int-sized enum");
#endif
/* ONNX TensorProto.DataType codes (onnx.proto) must not drift. */
ABI_ASSERT(SONNX_DT_FLOAT == 1 && SONNX_DT_BOOL == 9 && SONNX_DT_FLOAT16 == 10 &&
               SONNX_DT_DOUBLE == 11 && SONNX_DT_BFLOAT16 == 16 &&
               SONNX_DT_UINT4 == 21 && SONNX_DT_INT4 == 22,
           "ONNX DataType codes");
/* ONNX AttributeProto.AttributeType codes (onnx.proto). */
ABI_ASSERT(SONNX_ATTR_FLOAT == 1 && SONNX_ATTR_INT == 2 && SONNX_ATTR_STRING == 3 &&
               SONNX_ATTR_FLOATS == 6 && SONNX_ATTR_INTS == 7,
           "ONNX AttributeType codes");

#endif
