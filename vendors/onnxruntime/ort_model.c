/*
 * ort_model.c — builds the single-node ModelProto (see ort_model.h) with
 * protobuf-c, from the generated onnx.pb-c.h of target sct_onnx_proto.
 * Every message lives on the stack of sct_ort_model_build: nothing to free
 * but the packed bytes.
 */
#include "ort_model.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "onnx.pb-c.h"

const char *const sct_ort_input_names[SCT_ORT_MAX_INPUTS] = {"A", "B"};
const char *const sct_ort_output_name = "C";

/* The mapped ops: name, inputs (the registry's arity), bool output. */
static const struct {
    const char *name;
    size_t arity;
    int out_bool;
} mapped_ops[] = {
    {"Div", 2, 0}, {"Mul", 2, 0}, {"Pow", 2, 0}, {"Less", 2, 1},
    {"Sub", 2, 0}, {"Add", 2, 0}, {"Abs", 1, 0}, {"Sqrt", 1, 0},
};

int sct_ort_model_op_known(const char *op_type, size_t n_inputs)
{
    for (size_t i = 0; i < sizeof mapped_ops / sizeof mapped_ops[0]; i++)
        if (strcmp(op_type, mapped_ops[i].name) == 0 && n_inputs == mapped_ops[i].arity)
            return 1;
    return 0;
}

int sct_ort_model_key_from(const sonnx_op *op, const int32_t *types,
                           const int32_t *ranks, size_t n_inputs,
                           sct_ort_model_key *key, char *err, size_t err_cap)
{
    memset(key, 0, sizeof *key);
    if (op == NULL || op->op_type == NULL) {
        snprintf(err, err_cap, "no op_type given");
        return -1;
    }
    if (op->domain != NULL && op->domain[0] != '\0') {
        snprintf(err, err_cap,
                 "domain '%s' is not the default ONNX domain; the adapter "
                 "only builds ai.onnx nodes",
                 op->domain);
        return -1;
    }
    size_t len = strlen(op->op_type);
    if (len == 0 || len >= sizeof key->op_type) {
        snprintf(err, err_cap, "op_type '%s' is empty or too long",
                 op->op_type);
        return -1;
    }
    if (n_inputs == 0 || n_inputs > SCT_ORT_MAX_INPUTS) {
        snprintf(err, err_cap, "%zu inputs; the adapter builds nodes with 1 "
                               "or 2 inputs",
                 n_inputs);
        return -1;
    }
    if (!sct_ort_model_op_known(op->op_type, n_inputs)) {
        snprintf(err, err_cap, "%s with %zu inputs is not mapped by the adapter "
                 "(it builds Div, Mul, Pow, Less, Sub, Add and the unary Abs, Sqrt)",
                 op->op_type, n_inputs);
        return -1;
    }
    memcpy(key->op_type, op->op_type, len + 1);
    key->opset = op->opset;
    key->n_inputs = n_inputs;
    for (size_t i = 0; i < n_inputs; i++) {
        if (ranks[i] < 0 || ranks[i] > SONNX_MAX_RANK) {
            snprintf(err, err_cap, "input %zu has rank %d (allowed 0..%d)", i,
                     (int)ranks[i], SONNX_MAX_RANK);
            return -1;
        }
        key->input_types[i] = types[i];
        key->input_ranks[i] = ranks[i];
    }
    return 0;
}

int sct_ort_model_key_equal(const sct_ort_model_key *a,
                            const sct_ort_model_key *b)
{
    if (strcmp(a->op_type, b->op_type) != 0 || a->opset != b->opset ||
        a->n_inputs != b->n_inputs)
        return 0;
    for (size_t i = 0; i < a->n_inputs; i++)
        if (a->input_types[i] != b->input_types[i] ||
            a->input_ranks[i] != b->input_ranks[i])
            return 0;
    return 1;
}

int32_t sct_ort_model_output_type(const sct_ort_model_key *key)
{
    for (size_t i = 0; i < sizeof mapped_ops / sizeof mapped_ops[0]; i++)
        if (strcmp(key->op_type, mapped_ops[i].name) == 0 && mapped_ops[i].out_bool)
            return SONNX_DT_BOOL;
    return key->input_types[0];
}

/* Storage for one graph input: value info, type, shape, symbolic dims. */
typedef struct input_decl {
    Onnx__ValueInfoProto info;
    Onnx__TypeProto type;
    Onnx__TypeProto__Tensor tensor;
    Onnx__TensorShapeProto shape;
    Onnx__TensorShapeProto__Dimension dims[SONNX_MAX_RANK];
    Onnx__TensorShapeProto__Dimension *dim_ptrs[SONNX_MAX_RANK];
    char dim_names[SONNX_MAX_RANK][24]; /* "A_0" .. room for any int */
} input_decl;

static void init_input(input_decl *d, const char *name, int32_t elem_type,
                       int32_t rank)
{
    onnx__value_info_proto__init(&d->info);
    onnx__type_proto__init(&d->type);
    onnx__type_proto__tensor__init(&d->tensor);
    onnx__tensor_shape_proto__init(&d->shape);
    for (int32_t a = 0; a < rank; a++) {
        onnx__tensor_shape_proto__dimension__init(&d->dims[a]);
        snprintf(d->dim_names[a], sizeof d->dim_names[a], "%s_%d", name,
                 (int)a);
        d->dims[a].value_case =
            ONNX__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_PARAM;
        d->dims[a].dim_param = d->dim_names[a];
        d->dim_ptrs[a] = &d->dims[a];
    }
    /* A present shape with zero dims declares a scalar (rank 0); an absent
     * shape would mean "any rank". */
    d->shape.n_dim = (size_t)rank;
    d->shape.dim = rank > 0 ? d->dim_ptrs : NULL;
    d->tensor.has_elem_type = 1;
    d->tensor.elem_type = elem_type;
    d->tensor.shape = &d->shape;
    d->type.value_case = ONNX__TYPE_PROTO__VALUE_TENSOR_TYPE;
    d->type.tensor_type = &d->tensor;
    d->info.name = (char *)name;
    d->info.type = &d->type;
}

static int build(const sct_ort_model_key *key, int32_t out_rank,
                 uint8_t **bytes, size_t *len, char *err, size_t err_cap);

int sct_ort_model_build(const sct_ort_model_key *key, uint8_t **bytes,
                        size_t *len, char *err, size_t err_cap)
{
    return build(key, -1, bytes, len, err, err_cap);
}

int sct_ort_model_build_shaped(const sct_ort_model_key *key, int32_t out_rank,
                               uint8_t **bytes, size_t *len, char *err,
                               size_t err_cap)
{
    return build(key, out_rank, bytes, len, err, err_cap);
}

static int build(const sct_ort_model_key *key, int32_t out_rank,
                 uint8_t **bytes, size_t *len, char *err, size_t err_cap)
{
    *bytes = NULL;
    *len = 0;

    input_decl inputs[SCT_ORT_MAX_INPUTS];
    Onnx__ValueInfoProto *input_ptrs[SCT_ORT_MAX_INPUTS];
    char *node_inputs[SCT_ORT_MAX_INPUTS];
    for (size_t i = 0; i < key->n_inputs; i++) {
        init_input(&inputs[i], sct_ort_input_names[i], key->input_types[i],
                   key->input_ranks[i]);
        input_ptrs[i] = &inputs[i].info;
        node_inputs[i] = (char *)sct_ort_input_names[i];
    }

    Onnx__TypeProto__Tensor out_tensor;
    onnx__type_proto__tensor__init(&out_tensor);
    out_tensor.has_elem_type = 1;
    out_tensor.elem_type = sct_ort_model_output_type(key);
    /* With out_rank >= 0 the output declares its rank too (symbolic dims
     * "C_0", ...): importers that require an output shape (OpenCV DNN). */
    input_decl out_decl;
    if (out_rank >= 0) {
        init_input(&out_decl, sct_ort_output_name, out_tensor.elem_type,
                   out_rank);
        out_tensor.shape = &out_decl.shape;
    }
    Onnx__TypeProto out_type;
    onnx__type_proto__init(&out_type);
    out_type.value_case = ONNX__TYPE_PROTO__VALUE_TENSOR_TYPE;
    out_type.tensor_type = &out_tensor;
    Onnx__ValueInfoProto out_info;
    onnx__value_info_proto__init(&out_info);
    out_info.name = (char *)sct_ort_output_name;
    out_info.type = &out_type;
    Onnx__ValueInfoProto *output_ptrs[1] = {&out_info};
    char *node_outputs[1] = {(char *)sct_ort_output_name};

    Onnx__NodeProto node;
    onnx__node_proto__init(&node);
    node.op_type = (char *)key->op_type;
    node.domain = (char *)"";
    node.name = (char *)"sonnx_cts_node";
    node.n_input = key->n_inputs;
    node.input = node_inputs;
    node.n_output = 1;
    node.output = node_outputs;
    Onnx__NodeProto *node_ptrs[1] = {&node};

    Onnx__GraphProto graph;
    onnx__graph_proto__init(&graph);
    graph.name = (char *)"sonnx_cts";
    graph.n_node = 1;
    graph.node = node_ptrs;
    graph.n_input = key->n_inputs;
    graph.input = input_ptrs;
    graph.n_output = 1;
    graph.output = output_ptrs;

    Onnx__OperatorSetIdProto opset;
    onnx__operator_set_id_proto__init(&opset);
    opset.domain = (char *)"";
    opset.has_version = 1;
    opset.version = key->opset;
    Onnx__OperatorSetIdProto *opset_ptrs[1] = {&opset};

    Onnx__ModelProto model;
    onnx__model_proto__init(&model);
    model.has_ir_version = 1;
    model.ir_version = SCT_ORT_IR_VERSION;
    model.producer_name = (char *)"sonnx-cts";
    model.n_opset_import = 1;
    model.opset_import = opset_ptrs;
    model.graph = &graph;

    size_t need = onnx__model_proto__get_packed_size(&model);
    uint8_t *buf = malloc(need > 0 ? need : 1);
    if (buf == NULL) {
        snprintf(err, err_cap, "out of memory for a %zu-byte model", need);
        return -1;
    }
    size_t packed = onnx__model_proto__pack(&model, buf);
    if (packed != need) {
        free(buf);
        snprintf(err, err_cap, "protobuf-c packed %zu bytes, expected %zu",
                 packed, need);
        return -1;
    }
    *bytes = buf;
    *len = packed;
    return 0;
}

int sct_ort_model_key_from_tensors(const sonnx_op *op,
                                   const sonnx_tensor *inputs, size_t n_inputs,
                                   sct_ort_model_key *key, char *err,
                                   size_t err_cap)
{
    int32_t types[SCT_ORT_MAX_INPUTS] = {0}, ranks[SCT_ORT_MAX_INPUTS] = {0};
    for (size_t i = 0; i < n_inputs && i < SCT_ORT_MAX_INPUTS; i++) {
        types[i] = inputs[i].elem_type;
        ranks[i] = inputs[i].rank;
    }
    return sct_ort_model_key_from(op, types, ranks, n_inputs, key, err,
                                  err_cap);
}
