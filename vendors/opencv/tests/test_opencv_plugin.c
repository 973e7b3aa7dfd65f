/*
 * test_opencv_plugin.c — the OpenCV DNN adapter dlopen()ed as the harness
 * does: identity (version, CPU level, backend, library sha256), the type
 * declines (float32 only), float32 Mul through OpenCV's ONNX importer on
 * equal shapes, a model the importer refuses (Pow with a tensor exponent)
 * is UNSUPPORTED naming the importer, options refused.  Expected values
 * exact by hand (IEEE 754-2019 §5.4.1).
 */
#include "../../common/tests/plugin_fixture.h"

START_TEST(identity_names_cpu_and_sha256)
{
    const char *v = sct_fx_entry->runtime_version;
    ck_assert_msg(strncmp(v, "4.6.", 4) == 0, "%s", v);
    static const char *const items[] = {"; cpu=", "; backend=opencv/cpu",
                                        "; threads=1",
                                        "; lib=libopencv_dnn.so",
                                        "; sha256="};
    sct_fx_check_identity(items, sizeof items / sizeof items[0]);
}
END_TEST

static const sct_fx_query_row query_cases[] = {
    {"Div", SONNX_DT_FLOAT, SONNX_DT_FLOAT, SONNX_STATUS_OK},
    {"Less", SONNX_DT_FLOAT, SONNX_DT_FLOAT, SONNX_STATUS_OK},
    {"Mul", SONNX_DT_FLOAT16, SONNX_DT_FLOAT16, SONNX_STATUS_UNSUPPORTED},
    {"Mul", SONNX_DT_INT32, SONNX_DT_INT32, SONNX_STATUS_UNSUPPORTED},
    {"Pow", SONNX_DT_FLOAT, SONNX_DT_INT64, SONNX_STATUS_UNSUPPORTED},
};

START_TEST(query_table)
{
    sct_fx_check_query(&query_cases[_i], sct_fx_msg, sizeof sct_fx_msg);
}
END_TEST

START_TEST(mul_float32_same_shape)
{
    float a[2][3] = {{1, 2, 3}, {-4, 5, 0.5f}}, b[2][3] = {{2, 2, 2}, {3, -1, 4}};
    float out[6];
    sct_fx_case c = {"Mul", NULL, SONNX_DT_FLOAT, SONNX_DT_FLOAT, 2, 2,
                     {2, 3}, {2, 3}, a, b, sizeof a, sizeof b};
    sonnx_tensor o;
    ck_assert_int_eq(sct_fx_run(&c, out, sizeof out, &o, sct_fx_msg,
                                sizeof sct_fx_msg), SONNX_STATUS_OK);
    ck_assert(o.elem_type == SONNX_DT_FLOAT && o.rank == 2);
    ck_assert(o.dims[0] == 2 && o.dims[1] == 3);
    static const float want[6] = {2, 4, 6, -12, -5, 2};
    for (int i = 0; i < 6; i++)
        ck_assert_msg(out[i] == want[i], "%d: %g", i, (double)out[i]);
}
END_TEST

START_TEST(pow_tensor_exponent_refused_by_importer)
{
    float x[2] = {4, 9}, y[2] = {0.5f, 0.5f}, out[2];
    sct_fx_case c = {"Pow", NULL, SONNX_DT_FLOAT, SONNX_DT_FLOAT, 1, 1,
                     {2}, {2}, x, y, sizeof x, sizeof y};
    sonnx_tensor o;
    ck_assert_int_eq(sct_fx_run(&c, out, sizeof out, &o, sct_fx_msg,
                                sizeof sct_fx_msg), SONNX_STATUS_UNSUPPORTED);
    ck_assert_ptr_nonnull(strstr(sct_fx_msg, "importer"));
}
END_TEST

START_TEST(options_refused)
{
    sct_fx_entry->shutdown();
    ck_assert_int_eq(sct_fx_entry->init(sct_fx_path, "target=opencl",
                                        sct_fx_msg, sizeof sct_fx_msg),
                     SONNX_STATUS_ERROR);
    ck_assert_ptr_nonnull(strstr(sct_fx_msg, "target"));
    ck_assert_int_eq(sct_fx_entry->init(sct_fx_path, "", sct_fx_msg,
                                        sizeof sct_fx_msg), SONNX_STATUS_OK);
}
END_TEST

static void add_tests(TCase *tc)
{
    tcase_add_test(tc, identity_names_cpu_and_sha256);
    tcase_add_loop_test(tc, query_table, 0,
                        (int)(sizeof query_cases / sizeof query_cases[0]));
    tcase_add_test(tc, mul_float32_same_shape);
    tcase_add_test(tc, pow_tensor_exponent_refused_by_importer);
    tcase_add_test(tc, options_refused);
}

int main(int argc, char **argv)
{
    return sct_fx_main(argc, argv, "opencv_plugin", 60, add_tests);
}
