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

int sct_case_check_signature(const sct_case *c, const char *display,
                             const char *prefix, char *err, size_t cap)
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
        return sct_io_error(err, cap, display, field, "%zu inputs; %s takes %u",
                            c->n_inputs, c->op_type, op->n_inputs);
    }
    if (c->n_outputs != op->n_outputs) {
        snprintf(field, sizeof field, "%s.%s", prefix, member_name(prefix, "outputs"));
        return sct_io_error(err, cap, display, field, "%zu outputs; %s has %u",
                            c->n_outputs, c->op_type, op->n_outputs);
    }
    if (op->n_inputs != 2) {
        /* The rules below (broadcast, one type T) are those of a binary op:
         * an entry of another arity needs its own before a case is read. */
        snprintf(field, sizeof field, "%s.%s", prefix, member_name(prefix, "op"));
        return sct_io_error(err, cap, display, field,
                            "%s takes %u inputs; io has case rules for 2-input ops only",
                            c->op_type, op->n_inputs);
    }
    const sct_tensor_decl *a = &c->inputs[0], *b = &c->inputs[1], *y = &c->outputs[0];
    int32_t rank;
    int64_t dims[SONNX_MAX_RANK];
    bool broadcastable = sct_shape_broadcast(a->rank, a->dims, b->rank, b->dims, &rank, dims);
    char sa[160], sb[160], sy[160], sr[160];
    sct_shape_format(a->rank, a->dims, sa, sizeof sa);
    sct_shape_format(b->rank, b->dims, sb, sizeof sb);
    sct_shape_format(y->rank, y->dims, sy, sizeof sy);
    snprintf(field, sizeof field, "%s.%s", prefix, member_name(prefix, "outputs[0].shape"));
    if (broadcastable) {
        sct_shape_format(rank, dims, sr, sizeof sr);
        if (!sct_shape_equal(rank, dims, y->rank, y->dims))
            return sct_io_error(err, cap, display, field,
                                "%s, but inputs %s and %s broadcast to %s", sy, sa, sb, sr);
    } else if (c->expectation != SCT_EXPECT_REJECT) {
        /* Only an out-of-profile (reject) case may pair shapes ONNX cannot
         * broadcast. */
        return sct_io_error(err, cap, display, field,
                            "inputs %s and %s do not broadcast (onnx Broadcasting.md)", sa, sb);
    }
    if (c->expectation == SCT_EXPECT_REJECT)
        return 0; /* mixed types are the point of some reject cases */
    if (!op->mixed_input_types && a->elem_type != b->elem_type) {
        snprintf(field, sizeof field, "%s.%s", prefix, member_name(prefix, "inputs[1].dtype"));
        return sct_io_error(err, cap, display, field,
                            "%s and %s: %s requires both inputs of one type T",
                            sct_dtype_name(a->elem_type), sct_dtype_name(b->elem_type),
                            c->op_type);
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
