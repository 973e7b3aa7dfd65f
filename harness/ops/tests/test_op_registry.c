/*
 * test_op_registry.c — the generated table holds what ops/operators.json
 * says, table-driven.  Expected values are written by hand from the specs
 * (sonnx-div/mul/pow/less "Types", docs/architecture.md tolerance policy),
 * not read from the registry.
 */
#include <check.h>
#include <string.h>

#include "sct/ops/op_registry.h"
#include "sct_check_main.h"
#include "sonnx_cts/plugin.h"

static const struct row {
    const char *name;
    int32_t opset;
    unsigned n_inputs;
    bool mixed, out_bool;
    uint32_t ulp_float;
    int32_t in_sonnx, not_in_sonnx; /* one type accepted, one refused */
    int32_t in_onnx_not_sonnx_or_0;
    bool has_sampler;
    const char *undefined_rule; /* NULL: the spec leaves nothing undefined */
} ROWS[] = {
    {"Div", 14, 2, false, false, 0, SONNX_DT_INT4, SONNX_DT_BOOL, 0, true, "int-zero-divisor"},
    {"Mul", 14, 2, false, false, 0, SONNX_DT_UINT4, SONNX_DT_BOOL, 0, true, NULL},
    {"Pow", 15, 2, true, false, 1, SONNX_DT_INT32, SONNX_DT_INT8, 0, true, "int-negative-exponent"},
    {"Less", 13, 2, false, true, 0, SONNX_DT_UINT64, SONNX_DT_INT4, 0, true, NULL},
    /* The 2026-08 drafts: no bfloat16 for Sub/Add under SONNX (ONNX has
     * it), Abs keeps bfloat16, Sqrt is float only; Abs and Sqrt unary. */
    {"Sub", 14, 2, false, false, 0, SONNX_DT_UINT8, SONNX_DT_INT4, SONNX_DT_BFLOAT16, true, NULL},
    {"Add", 14, 2, false, false, 0, SONNX_DT_INT64, SONNX_DT_UINT4, SONNX_DT_BFLOAT16, true, NULL},
    {"Abs", 13, 1, false, false, 0, SONNX_DT_BFLOAT16, SONNX_DT_INT4, 0, true, "int-min-abs"},
    {"Sqrt", 13, 1, false, false, 0, SONNX_DT_FLOAT16, SONNX_DT_INT32, SONNX_DT_BFLOAT16, true, NULL},
};

START_TEST(rows)
{
    const struct row *r = &ROWS[_i];
    const sct_op_entry *e = sct_op_find(r->name);
    ck_assert_ptr_nonnull(e);
    ck_assert_str_eq(e->name, r->name);
    ck_assert_int_eq(e->opset, r->opset);
    ck_assert_uint_eq(e->n_inputs, r->n_inputs);
    ck_assert_uint_eq(e->n_outputs, 1);
    ck_assert(e->mixed_input_types == r->mixed);
    ck_assert(e->output_bool == r->out_bool);
    ck_assert_uint_eq(e->tol_ulp_float, r->ulp_float);
    ck_assert_uint_eq(e->tol_ulp_int, 0);
    ck_assert(sct_op_accepts_type(e, "sonnx", r->in_sonnx));
    ck_assert(!sct_op_accepts_type(e, "sonnx", r->not_in_sonnx));
    if (r->in_onnx_not_sonnx_or_0 != 0) {
        ck_assert(sct_op_accepts_type(e, "onnx", r->in_onnx_not_sonnx_or_0));
        ck_assert(!sct_op_accepts_type(e, "sonnx", r->in_onnx_not_sonnx_or_0));
    }
    ck_assert((e->sweep_sampler != NULL) == r->has_sampler);
    if (r->undefined_rule == NULL)
        ck_assert_ptr_null(e->undefined_rule);
    else
        ck_assert_str_eq(e->undefined_rule, r->undefined_rule);
    ck_assert_ptr_eq(sct_op_by_id(e->id), e);
    ck_assert_ptr_eq(sct_op_at((size_t)_i), e); /* registry order = report order */
}
END_TEST

START_TEST(unknown_and_order)
{
    ck_assert_ptr_null(sct_op_find("Tanh")); /* an ONNX op outside the registry */
    ck_assert_ptr_null(sct_op_find("div"));
    ck_assert_ptr_null(sct_op_find(NULL));
    ck_assert_ptr_null(sct_op_by_id(SCT_OP_ID_NONE));
    ck_assert_ptr_null(sct_op_at(8));
    ck_assert_uint_eq(sct_op_count(), 8);
    ck_assert_str_eq(sct_op_names(), "Div, Mul, Pow, Less, Sub, Add, Abs, Sqrt");
    /* int4/uint4 are SONNX-only (SN-9); Pow's exponent types mix. */
    ck_assert(!sct_op_accepts_type(sct_op_find("Div"), "onnx", SONNX_DT_INT4));
    ck_assert_uint_eq(sct_op_find("Pow")->n_exponent_types, 12);
    ck_assert(sct_op_has_classifier(sct_op_find("Pow"), "pow-snan"));
    ck_assert(!sct_op_has_classifier(sct_op_find("Mul"), "pow-snan"));
}
END_TEST

int main(void)
{
    TCase *tc = tcase_create("registry");
    tcase_add_loop_test(tc, rows, 0, (int)(sizeof ROWS / sizeof ROWS[0]));
    tcase_add_test(tc, unknown_and_order);
    return sct_check_run_tcase("op_registry", tc);
}
