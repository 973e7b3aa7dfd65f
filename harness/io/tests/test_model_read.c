/*
 * test_model_read.c — ModelProto facts (op, domain, opset, inputs/outputs)
 * and the errors for broken models, on models built here with protobuf-c.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "model_read.h"
#include "onnx.pb-c.h"
#include "sct_check_main.h"

/* A model under construction; all storage inside the struct. */
typedef struct model_parts {
    Onnx__ModelProto m;
    Onnx__GraphProto g;
    Onnx__NodeProto node[2], *node_ptr[2];
    Onnx__OperatorSetIdProto opset, *opset_ptr[1];
    Onnx__ValueInfoProto vi[5], *in_ptr[4], *out_ptr[1];
    Onnx__TypeProto type[5];
    Onnx__TypeProto__Tensor tt[5];
    Onnx__TensorShapeProto shape[5];
    Onnx__TensorShapeProto__Dimension dim[5], *dim_ptr[5][1];
} model_parts;

static void build(model_parts *p, const char *op, int32_t elem_in, int32_t elem_out)
{
    memset(p, 0, sizeof *p);
    onnx__model_proto__init(&p->m);
    onnx__graph_proto__init(&p->g);
    p->m.graph = &p->g;
    onnx__operator_set_id_proto__init(&p->opset);
    p->opset.domain = (char *)"";
    p->opset.has_version = 1;
    p->opset.version = 14;
    p->opset_ptr[0] = &p->opset;
    p->m.n_opset_import = 1;
    p->m.opset_import = p->opset_ptr;
    for (int i = 0; i < 2; i++) {
        onnx__node_proto__init(&p->node[i]);
        p->node[i].op_type = (char *)op;
        p->node_ptr[i] = &p->node[i];
    }
    p->g.n_node = 1;
    p->g.node = p->node_ptr;
    static const char *names[] = {"A", "B", "X", "W", "C"};
    for (int i = 0; i < 5; i++) {
        onnx__value_info_proto__init(&p->vi[i]);
        onnx__type_proto__init(&p->type[i]);
        onnx__type_proto__tensor__init(&p->tt[i]);
        onnx__tensor_shape_proto__init(&p->shape[i]);
        onnx__tensor_shape_proto__dimension__init(&p->dim[i]);
        p->vi[i].name = (char *)names[i];
        p->vi[i].type = &p->type[i];
        p->type[i].value_case = ONNX__TYPE_PROTO__VALUE_TENSOR_TYPE;
        p->type[i].tensor_type = &p->tt[i];
        p->tt[i].has_elem_type = 1;
        p->tt[i].elem_type = i == 4 ? elem_out : elem_in;
        p->tt[i].shape = &p->shape[i];
        p->dim[i].value_case = ONNX__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_VALUE;
        p->dim[i].dim_value = 5;
        p->dim_ptr[i][0] = &p->dim[i];
        p->shape[i].n_dim = 1;
        p->shape[i].dim = p->dim_ptr[i];
    }
    p->in_ptr[0] = &p->vi[0];
    p->in_ptr[1] = &p->vi[1];
    p->in_ptr[2] = &p->vi[2];
    p->in_ptr[3] = &p->vi[3];
    p->out_ptr[0] = &p->vi[4];
    p->g.n_input = 2;
    p->g.input = p->in_ptr;
    p->g.n_output = 1;
    p->g.output = p->out_ptr;
}

static int read_parts(model_parts *p, sct_model_info *mi, char *err, size_t cap)
{
    size_t len = onnx__model_proto__get_packed_size(&p->m);
    uint8_t *buf = malloc(len ? len : 1);
    onnx__model_proto__pack(&p->m, buf);
    int rc = sct_model_read(buf, len, "m.onnx", mi, err, cap);
    free(buf);
    return rc;
}

START_TEST(reads_a_div_model)
{
    model_parts p;
    build(&p, "Div", 1, 1);
    sct_model_info mi;
    char err[512] = "";
    ck_assert_msg(read_parts(&p, &mi, err, sizeof err) == 0, "%s", err);
    ck_assert(mi.parsed);
    ck_assert_str_eq(mi.op_type, "Div");
    ck_assert_str_eq(mi.domain, "");
    ck_assert_int_eq(mi.opset, 14);
    ck_assert_uint_eq(mi.n_inputs, 2);
    ck_assert_uint_eq(mi.n_outputs, 1);
    ck_assert_str_eq(mi.inputs[1].name, "B");
    ck_assert_int_eq(mi.outputs[0].elem_type, 1);
    ck_assert_int_eq(mi.outputs[0].rank, 1);
    ck_assert_int_eq(mi.outputs[0].dims[0], 5);
}
END_TEST

/* The model reads 1 to 3 inputs (the registry's arities); whether the op
 * takes that many is the case rules' question (case_rules.c). */
static const struct {
    const char *op;
    size_t n_inputs;
    const char *last_name;
} arities[] = {{"Abs", 1, "A"}, {"Sub", 2, "B"}, {"Div", 3, "X"}};

START_TEST(reads_one_to_three_inputs)
{
    model_parts p;
    build(&p, arities[_i].op, 1, 1);
    p.g.n_input = arities[_i].n_inputs;
    sct_model_info mi;
    char err[512] = "";
    ck_assert_msg(read_parts(&p, &mi, err, sizeof err) == 0, "%s", err);
    ck_assert_str_eq(mi.op_type, arities[_i].op);
    ck_assert_uint_eq(mi.n_inputs, arities[_i].n_inputs);
    ck_assert_str_eq(mi.inputs[mi.n_inputs - 1].name, arities[_i].last_name);
    ck_assert_str_eq(mi.outputs[0].name, "C");
}
END_TEST

START_TEST(ai_onnx_domain_is_default)
{
    model_parts p;
    build(&p, "Less", 1, 9);
    p.opset.domain = (char *)"ai.onnx";
    p.node[0].domain = (char *)"ai.onnx";
    sct_model_info mi;
    char err[512] = "";
    ck_assert_msg(read_parts(&p, &mi, err, sizeof err) == 0, "%s", err);
    ck_assert_str_eq(mi.domain, "");
}
END_TEST

START_TEST(symbolic_dim_leaves_shape_open)
{
    model_parts p;
    build(&p, "Mul", 6, 6);
    p.dim[1].value_case = ONNX__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_PARAM;
    p.dim[1].dim_param = (char *)"N";
    sct_model_info mi;
    char err[512] = "";
    ck_assert_msg(read_parts(&p, &mi, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(mi.inputs[1].rank, -1);
    ck_assert_str_eq(mi.shape_problem, "graph.input[1].type.tensor_type.shape.dim[0] is symbolic");
}
END_TEST

/* Broken models: mutation → expected message prefix. */
static void m_two_nodes(model_parts *p) { p->g.n_node = 2; }
static void m_no_opset(model_parts *p) { p->m.n_opset_import = 0; }
static void m_other_domain_opset(model_parts *p) { p->opset.domain = (char *)"com.microsoft"; }
static void m_four_inputs(model_parts *p) { p->g.n_input = 4; }
static void m_unknown_elem(model_parts *p) { p->tt[0].elem_type = 8; }
static void m_negative_dim(model_parts *p) { p->dim[4].dim_value = -1; }
static void m_no_graph(model_parts *p) { p->m.graph = NULL; }
static void m_not_tensor(model_parts *p) { p->type[1].value_case = ONNX__TYPE_PROTO__VALUE__NOT_SET; }

static const struct {
    void (*mutate)(model_parts *);
    const char *expect;
} broken[] = {
    {m_two_nodes, "m.onnx: field graph.node: 2 nodes; a conformance case is exactly one node"},
    {m_no_opset, "m.onnx: field opset_import: no entry for the default domain"},
    {m_other_domain_opset, "m.onnx: field opset_import: no entry for the default domain"},
    /* An operator takes 1 to 3 inputs (ops/operators.json): 4 fit no case. */
    {m_four_inputs, "m.onnx: field graph.input: more than 3 non-initializer inputs"},
    {m_unknown_elem, "m.onnx: field graph.input[0]: tensor_type.elem_type 8 is not a type sonnx-cts supports"},
    {m_negative_dim, "m.onnx: field graph.output[0]: dim[0] is negative (-1)"},
    {m_no_graph, "m.onnx: field graph: missing"},
    {m_not_tensor, "m.onnx: field graph.input[1]: type is not a tensor type"},
};

START_TEST(rejects_broken)
{
    model_parts p;
    build(&p, "Pow", 1, 1);
    broken[_i].mutate(&p);
    sct_model_info mi;
    char err[512] = "";
    ck_assert_int_ne(read_parts(&p, &mi, err, sizeof err), 0);
    ck_assert_msg(strstr(err, broken[_i].expect) == err, "got \"%s\"", err);
}
END_TEST

START_TEST(rejects_garbage)
{
    static const uint8_t junk[] = {0x0a, 0xff, 0xff, 0xff, 0xff, 0x0f};
    sct_model_info mi;
    char err[512] = "";
    ck_assert_int_ne(sct_model_read(junk, sizeof junk, "m.onnx", &mi, err, sizeof err), 0);
    ck_assert(!mi.parsed);
    ck_assert_ptr_nonnull(strstr(err, "m.onnx: not a valid ModelProto"));
}
END_TEST

int main(void)
{
    Suite *s = suite_create("model_read");
    TCase *tc = tcase_create("model");
    tcase_add_test(tc, reads_a_div_model);
    tcase_add_loop_test(tc, reads_one_to_three_inputs, 0, (int)(sizeof arities / sizeof arities[0]));
    tcase_add_test(tc, ai_onnx_domain_is_default);
    tcase_add_test(tc, symbolic_dim_leaves_shape_open);
    tcase_add_loop_test(tc, rejects_broken, 0, (int)(sizeof broken / sizeof broken[0]));
    tcase_add_test(tc, rejects_garbage);
    suite_add_tcase(s, tc);
    return sct_check_run_suite(s);
}
