/*
 * test_case_op.c — a case's attributes reach the implementation unchanged
 * (docs/vector-format.md "attributes", docs/plugin-abi.md §2.1): the
 * sonnx_op the runner makes from a case (sct_case_op, used by run and
 * repro) is queried and run through the backend, in-process and isolated,
 * on the ABI 1.1 plugin that echoes every attribute it receives
 * (tests/abi/plugin_1_1_attrs.c).  No registered op declares an attribute
 * yet, so the case is built here as harness/io would fill it; a case
 * without attributes reaches the plugin with 0 and NULL.  Expected texts
 * are written from the echo's format, not from the code.
 */
#include <check.h>
#include <stdint.h>
#include <string.h>

#include "runner.h"
#include "sct_check_main.h"

static int64_t axes[3] = {INT64_MIN, -1, 7};
static float scales[2] = {0.5f, -0.0f};
static char name_fmod[] = "fmod", name_alpha[] = "alpha", name_dir[] = "direction",
            name_axes[] = "axes", name_scales[] = "scales", value_dir[] = "LEFT";
static sonnx_attribute attrs[5] = {
    {name_fmod, SONNX_ATTR_INT, 0, 1, 0.0f, 0, NULL, 0, NULL, NULL},
    {name_alpha, SONNX_ATTR_FLOAT, 0, 0, 1.5f, 0, NULL, 0, NULL, NULL},
    {name_dir, SONNX_ATTR_STRING, 0, 0, 0.0f, 0, value_dir, 0, NULL, NULL},
    {name_axes, SONNX_ATTR_INTS, 0, 0, 0.0f, 0, NULL, 3, axes, NULL},
    {name_scales, SONNX_ATTR_FLOATS, 0, 0, 0.0f, 0, NULL, 2, NULL, scales},
};
static char id[] = "div/float32/with_attributes", op_type[] = "Div", domain[] = "";

static const char *const k_echo =
    "Div: 5 attributes; fmod INT 1; alpha FLOAT 0x1.8p+0; direction STRING \"LEFT\" (4); "
    "axes INTS [3] -9223372036854775808 -1 7; scales FLOATS [2] 0x1p-1 -0x0p+0";

static void run_case(const sct_case *c, bool isolate, const char *want)
{
    sct_backend_options o = {.isolate = isolate, .timeout_seconds = 10.0};
    char err[1024] = "";
    sct_backend *b = sct_backend_open_plugin(PLUGIN_1_1, &o, err, sizeof err);
    ck_assert_msg(b != NULL, "%s", err);
    sonnx_op op = sct_case_op(c, "sonnx");
    ck_assert_str_eq(op.op_type, "Div");
    ck_assert_str_eq(op.profile, "sonnx");
    ck_assert_int_eq(op.opset, 14);
    int32_t t[2] = {SONNX_DT_FLOAT, SONNX_DT_FLOAT};
    sct_exec_result r = sct_backend_query(b, &op, t, 2);
    ck_assert_int_eq(r.status, SCT_EXEC_UNSUPPORTED); /* the echo's answer */
    ck_assert_str_eq(r.message, want);
    float x[1] = {1.0f}, y[1] = {0.0f};
    sonnx_tensor in[2] = {{SONNX_DT_FLOAT, 1, {1}, x, 4}, {SONNX_DT_FLOAT, 1, {1}, x, 4}};
    sonnx_tensor out[1] = {{SONNX_DT_FLOAT, 1, {1}, y, 4}};
    r = sct_backend_run(b, &op, in, 2, out, 1);
    ck_assert_str_eq(r.message, want);
    sct_backend_close(b);
}

static sct_case make_case(void)
{
    sct_case c;
    memset(&c, 0, sizeof c);
    c.id = id;
    c.op_type = op_type;
    c.domain = domain;
    c.opset = 14;
    c.n_inputs = 2;
    c.n_outputs = 1;
    return c;
}

/* _i: 0 in-process, 1 isolated. */
START_TEST(attributes_reach_the_plugin)
{
    sct_case c = make_case();
    c.attributes = attrs;
    c.n_attributes = 5;
    run_case(&c, _i == 1, k_echo);
    /* the case's own array, not a copy: nothing is lost or reordered */
    ck_assert_ptr_eq(sct_case_op(&c, "onnx").attributes, attrs);
}
END_TEST

START_TEST(no_attributes_reach_as_none)
{
    sct_case c = make_case();
    run_case(&c, _i == 1, "Div: 0 attributes");
    ck_assert_ptr_null(sct_case_op(&c, "onnx").attributes);
    ck_assert_uint_eq(sct_case_op(&c, "onnx").n_attributes, 0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("case_op");
    TCase *tc = tcase_create("case_op");
    tcase_set_timeout(tc, 60);
    tcase_add_loop_test(tc, attributes_reach_the_plugin, 0, 2);
    tcase_add_loop_test(tc, no_attributes_reach_as_none, 0, 2);
    suite_add_tcase(s, tc);
    return sct_check_run_suite(s);
}
