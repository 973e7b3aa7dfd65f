/*
 * test_ort_model.c — the single-node model handed to ORT, decoded back with
 * protobuf-c and checked field by field against what the ORT adapter and the ONNX
 * IR require: ir_version 8, default-domain opset import, one node A,B → C,
 * symbolic dims (one distinct name per input axis), a present-but-empty
 * shape for rank 0, output element type bool for Less and the input type
 * otherwise.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "onnx.pb-c.h"
#include "ort_model.h"
#include "sct_check_main.h"

static Onnx__ModelProto *build(const char *op_type, int32_t opset,
                               int32_t ta, int32_t tb, int32_t ra, int32_t rb)
{
    sonnx_op op = {op_type, "", opset, "onnx", 0, NULL};
    const int32_t types[2] = {ta, tb}, ranks[2] = {ra, rb};
    sct_ort_model_key key;
    char err[256] = "";
    ck_assert_int_eq(
        sct_ort_model_key_from(&op, types, ranks, 2, &key, err, sizeof err),
        0);
    uint8_t *bytes = NULL;
    size_t len = 0;
    ck_assert_int_eq(sct_ort_model_build(&key, &bytes, &len, err, sizeof err),
                     0);
    ck_assert_uint_gt(len, 0);
    Onnx__ModelProto *m = onnx__model_proto__unpack(NULL, len, bytes);
    free(bytes);
    ck_assert_ptr_nonnull(m);
    return m;
}

static const Onnx__TypeProto__Tensor *tensor_of(const Onnx__ValueInfoProto *v)
{
    ck_assert_ptr_nonnull(v->type);
    ck_assert_int_eq(v->type->value_case, ONNX__TYPE_PROTO__VALUE_TENSOR_TYPE);
    ck_assert(v->type->tensor_type->has_elem_type);
    return v->type->tensor_type;
}

START_TEST(div_float_rank2_rank1)
{
    Onnx__ModelProto *m = build("Div", 14, SONNX_DT_FLOAT, SONNX_DT_FLOAT, 2, 1);
    ck_assert(m->has_ir_version);
    ck_assert_int_eq(m->ir_version, 8);
    ck_assert_uint_eq(m->n_opset_import, 1);
    ck_assert_str_eq(m->opset_import[0]->domain, "");
    ck_assert_int_eq(m->opset_import[0]->version, 14);
    const Onnx__GraphProto *g = m->graph;
    ck_assert_uint_eq(g->n_node, 1);
    ck_assert_str_eq(g->node[0]->op_type, "Div");
    ck_assert_uint_eq(g->node[0]->n_input, 2);
    ck_assert_str_eq(g->node[0]->input[0], "A");
    ck_assert_str_eq(g->node[0]->input[1], "B");
    ck_assert_uint_eq(g->node[0]->n_output, 1);
    ck_assert_str_eq(g->node[0]->output[0], "C");
    ck_assert_uint_eq(g->n_input, 2);
    ck_assert_str_eq(g->input[0]->name, "A");
    ck_assert_str_eq(g->input[1]->name, "B");
    const Onnx__TypeProto__Tensor *a = tensor_of(g->input[0]);
    const Onnx__TypeProto__Tensor *b = tensor_of(g->input[1]);
    ck_assert_int_eq(a->elem_type, 1);
    ck_assert_int_eq(b->elem_type, 1);
    ck_assert_uint_eq(a->shape->n_dim, 2);
    ck_assert_uint_eq(b->shape->n_dim, 1);
    /* Every dim symbolic, no two axes share a name (no accidental tie). */
    const char *names[3];
    const Onnx__TensorShapeProto__Dimension *dims[3] = {
        a->shape->dim[0], a->shape->dim[1], b->shape->dim[0]};
    for (int i = 0; i < 3; i++) {
        ck_assert_int_eq(dims[i]->value_case,
                         ONNX__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_PARAM);
        names[i] = dims[i]->dim_param;
        ck_assert_uint_gt(strlen(names[i]), 0);
    }
    ck_assert_str_ne(names[0], names[1]);
    ck_assert_str_ne(names[0], names[2]);
    ck_assert_str_ne(names[1], names[2]);
    ck_assert_uint_eq(g->n_output, 1);
    ck_assert_str_eq(g->output[0]->name, "C");
    const Onnx__TypeProto__Tensor *c = tensor_of(g->output[0]);
    ck_assert_int_eq(c->elem_type, 1);
    ck_assert_ptr_null(c->shape); /* ORT infers the output shape */
    onnx__model_proto__free_unpacked(m, NULL);
}
END_TEST

START_TEST(scalar_inputs_have_empty_shape)
{
    Onnx__ModelProto *m = build("Mul", 14, SONNX_DT_INT32, SONNX_DT_INT32, 0, 0);
    for (int i = 0; i < 2; i++) {
        const Onnx__TypeProto__Tensor *t = tensor_of(m->graph->input[i]);
        ck_assert_ptr_nonnull(t->shape); /* present: rank 0, not unknown */
        ck_assert_uint_eq(t->shape->n_dim, 0);
        ck_assert_int_eq(t->elem_type, 6);
    }
    onnx__model_proto__free_unpacked(m, NULL);
}
END_TEST

START_TEST(less_outputs_bool_pow_outputs_base_type)
{
    Onnx__ModelProto *m = build("Less", 13, SONNX_DT_FLOAT16,
                                SONNX_DT_FLOAT16, 1, 1);
    ck_assert_int_eq(tensor_of(m->graph->output[0])->elem_type, 9);
    ck_assert_int_eq(m->opset_import[0]->version, 13);
    onnx__model_proto__free_unpacked(m, NULL);
    /* onnx-pow: C has the type T of the base A, not T1 of the exponent. */
    m = build("Pow", 15, SONNX_DT_INT32, SONNX_DT_FLOAT, 1, 1);
    ck_assert_int_eq(tensor_of(m->graph->output[0])->elem_type, 6);
    ck_assert_int_eq(tensor_of(m->graph->input[1])->elem_type, 1);
    onnx__model_proto__free_unpacked(m, NULL);
}
END_TEST

START_TEST(max_rank_dims)
{
    Onnx__ModelProto *m = build("Div", 14, SONNX_DT_DOUBLE, SONNX_DT_DOUBLE,
                                SONNX_MAX_RANK, SONNX_MAX_RANK);
    const Onnx__TypeProto__Tensor *t = tensor_of(m->graph->input[1]);
    ck_assert_uint_eq(t->shape->n_dim, SONNX_MAX_RANK);
    ck_assert_str_ne(t->shape->dim[0]->dim_param,
                     t->shape->dim[SONNX_MAX_RANK - 1]->dim_param);
    onnx__model_proto__free_unpacked(m, NULL);
}
END_TEST

START_TEST(keys_refuse_what_cannot_be_built)
{
    sct_ort_model_key key;
    char err[256];
    const int32_t types[2] = {1, 1};
    const int32_t bad_rank[2] = {SONNX_MAX_RANK + 1, 1};
    const int32_t ok_rank[2] = {1, 1};
    sonnx_op op = {"Div", "", 14, "onnx", 0, NULL};
    ck_assert_int_ne(sct_ort_model_key_from(&op, types, bad_rank, 2, &key,
                                            err, sizeof err), 0);
    ck_assert_int_ne(sct_ort_model_key_from(&op, types, ok_rank, 3, &key,
                                            err, sizeof err), 0);
    sonnx_op custom = {"Div", "com.example", 1, "onnx", 0, NULL};
    ck_assert_int_ne(sct_ort_model_key_from(&custom, types, ok_rank, 2, &key,
                                            err, sizeof err), 0);
    ck_assert_ptr_nonnull(strstr(err, "com.example"));
    sonnx_op longname = {"AVeryLongOperatorName", "", 1, "onnx", 0, NULL};
    ck_assert_int_ne(sct_ort_model_key_from(&longname, types, ok_rank, 2,
                                            &key, err, sizeof err), 0);
}
END_TEST

START_TEST(key_equality_covers_every_field)
{
    sct_ort_model_key a, b;
    char err[64];
    const int32_t t[2] = {1, 1}, r[2] = {1, 2};
    sonnx_op op = {"Div", "", 14, "onnx", 0, NULL};
    ck_assert_int_eq(sct_ort_model_key_from(&op, t, r, 2, &a, err, sizeof err), 0);
    b = a;
    ck_assert(sct_ort_model_key_equal(&a, &b));
    b.input_ranks[1] = 1;
    ck_assert(!sct_ort_model_key_equal(&a, &b));
    b = a;
    b.input_types[0] = 11;
    ck_assert(!sct_ort_model_key_equal(&a, &b));
    b = a;
    b.opset = 13;
    ck_assert(!sct_ort_model_key_equal(&a, &b));
    b = a;
    strcpy(b.op_type, "Mul");
    ck_assert(!sct_ort_model_key_equal(&a, &b));
}
END_TEST

int main(void)
{
    const TTest *const tests[] = {
        div_float_rank2_rank1,
        scalar_inputs_have_empty_shape,
        less_outputs_bool_pow_outputs_base_type,
        max_rank_dims,
        keys_refuse_what_cannot_be_built,
        key_equality_covers_every_field,
    };
    return SCT_CHECK_RUN("ort_model", tests);
}
