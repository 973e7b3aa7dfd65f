/*
 * builtin_check.h — internal: the checks shared by query() and run() of the
 * built-in plugin: which op/domain/opset, which types.
 */
#ifndef SCT_KERNELS_BUILTIN_CHECK_H
#define SCT_KERNELS_BUILTIN_CHECK_H

#include <stddef.h>
#include <stdint.h>

#include "registry.h"
#include "sonnx_cts/plugin.h"

/* Oldest opset served: 7, where Div/Mul/Pow/Less got numpy-style
 * broadcasting; opsets 1-6 used the legacy `broadcast`/`axis` attributes,
 * which this implementation does not model. */
#define SCT_MIN_OPSET 7

/* op non-NULL, op_type one of ours, domain "" or "ai.onnx", opset >= 7.
 * UNSUPPORTED (or INVALID_ARGUMENT for a NULL op) with a message. */
sonnx_status sct_check_op(const sonnx_op *op, char *message, size_t cap);

/* Each input type is known for the op: else UNSUPPORTED naming it. */
sonnx_status sct_check_input_types(const char *op_type, int32_t a_type,
                                   int32_t b_type, char *message, size_t cap);

/* The SONNX clause that forbids unequal shapes / mixed input types for
 * op_type, e.g. "sonnx-div R1". */
const char *sct_shape_rule(const char *op_type);
const char *sct_type_rule(const char *op_type);

#endif /* SCT_KERNELS_BUILTIN_CHECK_H */
