/* model_read.c — the few facts sonnx-cts reads from a ModelProto. */
#include "model_read.h"

#include <stdio.h>
#include <string.h>

#include "sct/numeric/dtype.h"
#include "file_read.h"
#include "io_error.h"
#include "onnx.pb-c.h"
#include "pb_budget.h"

static void copy_str(char *dst, size_t cap, const char *src)
{
    snprintf(dst, cap, "%s", src ? src : "");
}

static bool is_default_domain(const char *d)
{
    return d == NULL || d[0] == '\0' || strcmp(d, "ai.onnx") == 0;
}

static bool is_initializer(const Onnx__GraphProto *g, const char *name)
{
    for (size_t i = 0; i < g->n_initializer; i++)
        if (g->initializer[i] && g->initializer[i]->name && name &&
            strcmp(g->initializer[i]->name, name) == 0)
            return true;
    return false;
}

static int read_value_info(const Onnx__ValueInfoProto *vi, const char *field,
                           sct_tensor_decl *decl, char *shape_problem,
                           size_t sp_cap, const char *display, char *err, size_t cap)
{
    memset(decl, 0, sizeof *decl);
    if (vi == NULL)
        return sct_io_error(err, cap, display, field, "missing value_info");
    copy_str(decl->name, sizeof decl->name, vi->name);
    if (vi->type == NULL || vi->type->value_case != ONNX__TYPE_PROTO__VALUE_TENSOR_TYPE ||
        vi->type->tensor_type == NULL)
        return sct_io_error(err, cap, display, field, "type is not a tensor type");
    const Onnx__TypeProto__Tensor *tt = vi->type->tensor_type;
    if (!tt->has_elem_type)
        return sct_io_error(err, cap, display, field, "tensor_type.elem_type missing");
    if (sct_dtype_by_code(tt->elem_type) == NULL)
        return sct_io_error(err, cap, display, field,
                            "tensor_type.elem_type %d is not a type sonnx-cts supports",
                            tt->elem_type);
    decl->elem_type = tt->elem_type;
    if (tt->shape == NULL) {
        decl->rank = -1;
        if (shape_problem[0] == '\0')
            snprintf(shape_problem, sp_cap, "%s.type.tensor_type.shape missing", field);
        return 0;
    }
    if (tt->shape->n_dim > SONNX_MAX_RANK)
        return sct_io_error(err, cap, display, field, "rank %zu exceeds the maximum of %d",
                            tt->shape->n_dim, SONNX_MAX_RANK);
    decl->rank = (int32_t)tt->shape->n_dim;
    for (size_t i = 0; i < tt->shape->n_dim; i++) {
        const Onnx__TensorShapeProto__Dimension *d = tt->shape->dim[i];
        if (d == NULL || d->value_case != ONNX__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_VALUE) {
            decl->rank = -1;
            if (shape_problem[0] == '\0')
                snprintf(shape_problem, sp_cap, "%s.type.tensor_type.shape.dim[%zu] is %s",
                         field, i,
                         d && d->value_case == ONNX__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_PARAM
                             ? "symbolic" : "unset");
            return 0;
        }
        if (d->dim_value < 0)
            return sct_io_error(err, cap, display, field, "dim[%zu] is negative (%lld)", i,
                                (long long)d->dim_value);
        decl->dims[i] = d->dim_value;
    }
    return 0;
}

static int read_model(const Onnx__ModelProto *m, const char *display, sct_model_info *out,
                      char *err, size_t cap)
{
    const Onnx__GraphProto *g = m->graph;
    if (g == NULL)
        return sct_io_error(err, cap, display, "graph", "missing");
    out->n_nodes = g->n_node;
    if (g->n_node == 1 && g->node[0] != NULL) {
        copy_str(out->op_type, sizeof out->op_type, g->node[0]->op_type);
        copy_str(out->domain, sizeof out->domain,
                 is_default_domain(g->node[0]->domain) ? "" : g->node[0]->domain);
    }
    bool have_opset = false;
    for (size_t i = 0; i < m->n_opset_import; i++) {
        const Onnx__OperatorSetIdProto *o = m->opset_import[i];
        if (o != NULL && is_default_domain(o->domain)) {
            if (!o->has_version || o->version < 1 || o->version > INT32_MAX)
                return sct_io_error(err, cap, display, "opset_import.version",
                                    "missing or out of range for the default domain");
            out->opset = (int32_t)o->version;
            have_opset = true;
        }
    }
    if (!have_opset)
        return sct_io_error(err, cap, display, "opset_import",
                            "no entry for the default domain (\"\" / ai.onnx)");
    if (g->n_node != 1)
        return sct_io_error(err, cap, display, "graph.node",
                            "%zu nodes; a conformance case is exactly one node", g->n_node);
    for (size_t i = 0; i < g->n_input; i++) {
        if (g->input[i] && is_initializer(g, g->input[i]->name))
            continue;
        if (out->n_inputs == SCT_MAX_INPUTS)
            return sct_io_error(err, cap, display, "graph.input",
                                "more than %d non-initializer inputs", SCT_MAX_INPUTS);
        char field[48];
        snprintf(field, sizeof field, "graph.input[%zu]", i);
        if (read_value_info(g->input[i], field, &out->inputs[out->n_inputs],
                            out->shape_problem, sizeof out->shape_problem, display, err,
                            cap) != 0)
            return -1;
        out->n_inputs++;
    }
    if (g->n_output > SCT_MAX_OUTPUTS)
        return sct_io_error(err, cap, display, "graph.output", "%zu outputs; at most %d",
                            g->n_output, SCT_MAX_OUTPUTS);
    for (size_t i = 0; i < g->n_output; i++) {
        char field[48];
        snprintf(field, sizeof field, "graph.output[%zu]", i);
        if (read_value_info(g->output[i], field, &out->outputs[i], out->shape_problem,
                            sizeof out->shape_problem, display, err, cap) != 0)
            return -1;
        out->n_outputs++;
    }
    return 0;
}

int sct_model_read(const uint8_t *buf, size_t len, const char *display,
                   sct_model_info *out, char *err, size_t err_cap)
{
    memset(out, 0, sizeof *out);
    sct_pb_budget budget;
    sct_pb_budget_init(&budget, SCT_IO_MAX_UNPACK_BYTES);
    Onnx__ModelProto *m = onnx__model_proto__unpack(&budget.allocator, len, buf);
    if (m == NULL)
        return sct_pb_unpack_error(&budget, "ModelProto", len, display, err, err_cap);
    out->parsed = true;
    int rc = read_model(m, display, out, err, err_cap);
    onnx__model_proto__free_unpacked(m, &budget.allocator);
    return rc;
}
