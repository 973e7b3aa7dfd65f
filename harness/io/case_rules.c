/* case_rules.c — a case's signature against its operator (case_rules.h). */
#include "case_rules.h"

#include <stdio.h>
#include <string.h>

#include "sct/numeric/dtype.h"
#include "sct/ops/op_registry.h"
#include "io_error.h"
#include "shape_rules.h"

bool sct_op_is_covered(const char *op_type)
{
    return sct_op_find(op_type) != NULL;
}

/* Member names in the manifest's JSON, or in the ModelProto when the case
 * was described by model.onnx (prefix "graph"). */
static const char *member_name(const char *prefix, const char *json_name)
{
    static const char *const map[][2] = {
        {"op", "node[0].op_type"},
        {"inputs", "input"},
        {"outputs", "output"},
        {"inputs[1].dtype", "input[1].type.tensor_type.elem_type"},
        {"inputs[2].dtype", "input[2].type.tensor_type.elem_type"},
        {"outputs[0].dtype", "output[0].type.tensor_type.elem_type"},
        {"outputs[0].shape", "output[0].type.tensor_type.shape"},
    };
    if (strcmp(prefix, "graph") != 0)
        return json_name;
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
        if (strcmp(map[i][0], json_name) == 0)
            return map[i][1];
    return json_name;
}

/* "[2, 2] and [2]", "[2], [2] and [1]", "[2]": the inputs' declared shapes
 * as the refusals name them. */
static void inputs_format(const sct_case *c, char *buf, size_t cap)
{
    size_t len = 0;
    buf[0] = '\0';
    for (size_t k = 0; k < c->n_inputs && len < cap; k++) {
        char one[160];
        sct_shape_format(c->inputs[k].rank, c->inputs[k].dims, one, sizeof one);
        const char *sep = k == 0 ? "" : k + 1 == c->n_inputs ? " and " : ", ";
        int n = snprintf(buf + len, cap - len, "%s%s", sep, one);
        if (n < 0)
            break;
        len += (size_t)n;
    }
}

int sct_case_check_arity(const sct_case *c, const char *display, const char *prefix,
                         char *err, size_t cap)
{
    char field[96];
    const sct_op_entry *op = sct_op_find(c->op_type);
    if (op == NULL) {
        snprintf(field, sizeof field, "%s.%s", prefix, member_name(prefix, "op"));
        return sct_io_error(err, cap, display, field, "unknown op \"%s\"; sonnx-cts covers %s",
                            c->op_type ? c->op_type : "", sct_op_names());
    }
    /* Arity and outputs are the registry's (ops/operators.json; onnx-div, sonnx-*). */
    if (c->n_inputs != op->n_inputs) {
        snprintf(field, sizeof field, "%s.%s", prefix, member_name(prefix, "inputs"));
        return sct_io_error(err, cap, display, field, "%zu input%s; %s takes %u (ops/operators.json)",
                            c->n_inputs, c->n_inputs == 1 ? "" : "s", c->op_type, op->n_inputs);
    }
    if (c->n_outputs != op->n_outputs) {
        snprintf(field, sizeof field, "%s.%s", prefix, member_name(prefix, "outputs"));
        return sct_io_error(err, cap, display, field, "%zu outputs; %s has %u",
                            c->n_outputs, c->op_type, op->n_outputs);
    }
    return 0;
}

int sct_case_check_signature(const sct_case *c, const char *display,
                             const char *prefix, char *err, size_t cap)
{
    if (sct_case_check_arity(c, display, prefix, err, cap) != 0)
        return -1;
    char field[96];
    const sct_op_entry *op = sct_op_find(c->op_type);
    const sct_tensor_decl *a = &c->inputs[0], *y = &c->outputs[0];
    /* The output's shape is the inputs' multidirectional broadcast (onnx
     * Broadcasting.md); one input broadcasts to itself (an element-wise
     * unary op keeps its input's shape). */
    int32_t rank = a->rank;
    int64_t dims[SONNX_MAX_RANK];
    memcpy(dims, a->dims, sizeof dims);
    bool broadcastable = a->rank >= 0 && a->rank <= SONNX_MAX_RANK;
    for (size_t k = 1; k < c->n_inputs && broadcastable; k++) {
        int64_t so_far[SONNX_MAX_RANK]; /* the broadcast writes dims, not in place */
        memcpy(so_far, dims, sizeof so_far);
        broadcastable = sct_shape_broadcast(rank, so_far, c->inputs[k].rank, c->inputs[k].dims,
                                            &rank, dims);
    }
    char sin[3 * 170], sy[160], sr[160];
    inputs_format(c, sin, sizeof sin);
    sct_shape_format(y->rank, y->dims, sy, sizeof sy);
    snprintf(field, sizeof field, "%s.%s", prefix, member_name(prefix, "outputs[0].shape"));
    if (broadcastable) {
        sct_shape_format(rank, dims, sr, sizeof sr);
        if (!sct_shape_equal(rank, dims, y->rank, y->dims))
            return sct_io_error(err, cap, display, field,
                                c->n_inputs == 1 ? "%s, but input %s gives %s"
                                                 : "%s, but inputs %s broadcast to %s",
                                sy, sin, sr);
    } else if (c->expectation != SCT_EXPECT_REJECT) {
        /* Only an out-of-profile (reject) case may pair shapes ONNX cannot
         * broadcast. */
        return sct_io_error(err, cap, display, field,
                            "inputs %s do not broadcast (onnx Broadcasting.md)", sin);
    }
    if (c->expectation == SCT_EXPECT_REJECT)
        return 0; /* mixed types are the point of some reject cases */
    for (size_t k = 1; k < c->n_inputs && !op->mixed_input_types; k++) {
        const sct_tensor_decl *b = &c->inputs[k];
        if (a->elem_type == b->elem_type)
            continue;
        char json_name[48]; /* "inputs[<size_t>].dtype" fits whatever k is */
        snprintf(json_name, sizeof json_name, "inputs[%zu].dtype", k);
        snprintf(field, sizeof field, "%s.%s", prefix, member_name(prefix, json_name));
        return sct_io_error(err, cap, display, field,
                            "%s and %s: %s requires %s inputs of one type T",
                            sct_dtype_name(a->elem_type), sct_dtype_name(b->elem_type),
                            c->op_type, c->n_inputs == 2 ? "both" : "all");
    }
    /* The output is bool (a comparison) or the first input's type T (the
     * base's, when the inputs mix): the entry's output_type. */
    int32_t want = op->output_bool ? SONNX_DT_BOOL : a->elem_type;
    if (y->elem_type != want) {
        snprintf(field, sizeof field, "%s.%s", prefix, member_name(prefix, "outputs[0].dtype"));
        return sct_io_error(err, cap, display, field, "%s; %s with input %s yields %s",
                            sct_dtype_name(y->elem_type), c->op_type,
                            sct_dtype_name(a->elem_type), sct_dtype_name(want));
    }
    return 0;
}
