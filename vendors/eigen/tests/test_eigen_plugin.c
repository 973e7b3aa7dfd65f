/*
 * test_eigen_plugin.c — the Eigen adapter dlopen()ed as the harness does:
 * identity (Eigen version, compiler, flags, SIMD, plugin sha256), the type
 * declines (no int4, no mixed types as TensorFlow's kernels have none),
 * float32 Div and Less -> bool, ONNX broadcasting of both sides, output
 * that does not fit, options refused.  Expected values are exact by hand
 * (IEEE 754-2019 §5.4.1: Div and Mul correctly rounded); Eigen's own
 * deviations are the certification's finding, not asserted here.
 */
#include <math.h>

#include "../../common/tests/plugin_fixture.h"

START_TEST(identity_names_build)
{
    const char *v = sct_fx_entry->runtime_version;
    ck_assert_msg(strncmp(v, "3.4.", 4) == 0, "%s", v);
    static const char *const items[] = {"; cxx=", "; flags=", "; simd=",
                                        "; float_packet=", "; threads=1",
                                        "; lib=sonnx_eigen_plugin",
                                        "; sha256="};
    sct_fx_check_identity(items, sizeof items / sizeof items[0]);
}
END_TEST

static const sct_fx_query_row query_cases[] = {
    {"Div", SONNX_DT_FLOAT16, SONNX_DT_FLOAT16, SONNX_STATUS_OK},
    {"Mul", SONNX_DT_BFLOAT16, SONNX_DT_BFLOAT16, SONNX_STATUS_OK},
    {"Div", SONNX_DT_UINT64, SONNX_DT_UINT64, SONNX_STATUS_OK},
    {"Less", SONNX_DT_INT8, SONNX_DT_INT8, SONNX_STATUS_OK},
    {"Pow", SONNX_DT_DOUBLE, SONNX_DT_DOUBLE, SONNX_STATUS_OK},
    {"Pow", SONNX_DT_FLOAT, SONNX_DT_INT32, SONNX_STATUS_UNSUPPORTED},
    {"Div", SONNX_DT_INT4, SONNX_DT_INT4, SONNX_STATUS_UNSUPPORTED},
    {"Mul", SONNX_DT_UINT4, SONNX_DT_UINT4, SONNX_STATUS_UNSUPPORTED},
    {"Less", SONNX_DT_BOOL, SONNX_DT_BOOL, SONNX_STATUS_UNSUPPORTED},
    {"Tanh", SONNX_DT_FLOAT, SONNX_DT_FLOAT, SONNX_STATUS_UNSUPPORTED},
};

START_TEST(query_table)
{
    sct_fx_check_query(&query_cases[_i], sct_fx_msg, sizeof sct_fx_msg);
}
END_TEST

START_TEST(div_float32_and_less_bool)
{
    float a[3] = {1.0f, -7.0f, 0.0f}, b[3] = {4.0f, 2.0f, -3.0f}, out[3];
    sct_fx_case c = {"Div", NULL, SONNX_DT_FLOAT, SONNX_DT_FLOAT, 1, 1,
                     {3}, {3}, a, b, sizeof a, sizeof b};
    sonnx_tensor o;
    ck_assert_int_eq(sct_fx_run(&c, out, sizeof out, &o, sct_fx_msg,
                                sizeof sct_fx_msg), SONNX_STATUS_OK);
    ck_assert_int_eq(o.elem_type, SONNX_DT_FLOAT);
    ck_assert_int_eq(o.rank, 1);
    ck_assert_int_eq(o.dims[0], 3);
    ck_assert(out[0] == 0.25f && out[1] == -3.5f);
    ck_assert(out[2] == 0.0f && signbit(out[2])); /* +0 / -3 = -0 */
    uint8_t lt[3];
    c.op = "Less";
    ck_assert_int_eq(sct_fx_run(&c, lt, sizeof lt, &o, sct_fx_msg,
                                sizeof sct_fx_msg), SONNX_STATUS_OK);
    ck_assert_int_eq(o.elem_type, SONNX_DT_BOOL);
    ck_assert(lt[0] == 1 && lt[1] == 1 && lt[2] == 0);
}
END_TEST

START_TEST(broadcast_both_sides)
{
    /* A [2,1] * B [3] -> [2,3] (ONNX multidirectional broadcasting) */
    int32_t a[2] = {2, -3}, b[3] = {1, 10, 100}, out[6];
    sct_fx_case c = {"Mul", NULL, SONNX_DT_INT32, SONNX_DT_INT32, 2, 1,
                     {2, 1}, {3}, a, b, sizeof a, sizeof b};
    sonnx_tensor o;
    ck_assert_int_eq(sct_fx_run(&c, out, sizeof out, &o, sct_fx_msg,
                                sizeof sct_fx_msg), SONNX_STATUS_OK);
    ck_assert_int_eq(o.rank, 2);
    ck_assert(o.dims[0] == 2 && o.dims[1] == 3);
    static const int32_t want[6] = {2, 20, 200, -3, -30, -300};
    for (int i = 0; i < 6; i++)
        ck_assert_int_eq(out[i], want[i]);
}
END_TEST

START_TEST(output_that_does_not_fit)
{
    float a[4] = {1, 2, 3, 4}, out[4];
    sonnx_tensor o;
    sct_fx_case c = {"Mul", NULL, SONNX_DT_FLOAT, SONNX_DT_FLOAT, 1, 1,
                     {4}, {4}, a, a, sizeof a, sizeof a};
    ck_assert_int_eq(sct_fx_run(&c, out, 8, &o, sct_fx_msg, sizeof sct_fx_msg),
                     SONNX_STATUS_ERROR);
}
END_TEST

START_TEST(options_refused)
{
    sct_fx_entry->shutdown();
    ck_assert_int_eq(sct_fx_entry->init(sct_fx_path, "threads=4", sct_fx_msg,
                                        sizeof sct_fx_msg), SONNX_STATUS_ERROR);
    ck_assert_ptr_nonnull(strstr(sct_fx_msg, "threads"));
    ck_assert_int_eq(sct_fx_entry->init(sct_fx_path, "", sct_fx_msg,
                                        sizeof sct_fx_msg), SONNX_STATUS_OK);
}
END_TEST

static void add_tests(TCase *tc)
{
    tcase_add_test(tc, identity_names_build);
    tcase_add_loop_test(tc, query_table, 0,
                        (int)(sizeof query_cases / sizeof query_cases[0]));
    tcase_add_test(tc, div_float32_and_less_bool);
    tcase_add_test(tc, broadcast_both_sides);
    tcase_add_test(tc, output_that_does_not_fit);
    tcase_add_test(tc, options_refused);
}

int main(int argc, char **argv)
{
    return sct_fx_main(argc, argv, "eigen_plugin", 60, add_tests);
}
