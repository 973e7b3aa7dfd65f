/*
 * model_read.h — what sonnx-cts needs from a case's model.onnx
 * (ModelProto): the single node's op_type and domain, the default-domain
 * opset, and the graph inputs/outputs with element types and shapes.
 *
 * Used to describe cases of directories without manifest (ONNX backend-test
 * layout) and, with a manifest, to cross-check model.onnx against it.
 */
#ifndef SCT_IO_MODEL_READ_H
#define SCT_IO_MODEL_READ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sct/model/case.h"

typedef struct sct_model_info {
    bool parsed;          /* the protobuf decoded (false: corrupt file) */
    size_t n_nodes;
    char op_type[64];     /* of node 0 when n_nodes == 1, else "" */
    char domain[64];      /* node domain, "ai.onnx" normalised to "" */
    int32_t opset;        /* version imported for the default domain */
    size_t n_inputs, n_outputs;   /* graph inputs that are not initializers */
    /* rank == -1: the value_info has no shape or a symbolic dimension
     * (shape_problem says which). */
    sct_tensor_decl inputs[SCT_MAX_INPUTS];
    sct_tensor_decl outputs[SCT_MAX_OUTPUTS];
    char shape_problem[160];
} sct_model_info;

/* Fills `out`.  op_type/domain/n_nodes are filled before any other check,
 * so a caller that only filters by op can use them even when this fails.
 * Fails (message: file, field, reason) on: unparseable protobuf, no graph,
 * no default-domain opset, more than SCT_MAX_INPUTS inputs or SCT_MAX_OUTPUTS outputs, a
 * non-tensor or unknown element type, rank above SONNX_MAX_RANK, negative
 * dims. */
int sct_model_read(const uint8_t *buf, size_t len, const char *display,
                   sct_model_info *out, char *err, size_t err_cap);

#endif /* SCT_IO_MODEL_READ_H */
