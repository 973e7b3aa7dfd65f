/*
 * test_xnnpack_plugin.c — the XNNPACK adapter dlopen()ed as the harness
 * does: identity (snapshot, CPU level, library sha256), the query table
 * (Div float32, Mul float32/float16 only; no Pow, Less, integer or
 * quantized types), float32 Div with broadcasting, the output range left
 * unbounded (an overflow stays inf, not clamped), options refused.
 * Expected values exact by hand (IEEE 754-2019 §5.4.1).
 */
#include <math.h>

#include "../../common/tests/plugin_fixture.h"

START_TEST(identity_names_cpu_and_sha256)
{
    const char *v = sct_fx_entry->runtime_version;
    ck_assert_msg(strncmp(v, "0.0~git20220216", 15) == 0, "%s", v);
    ck_assert_ptr_nonnull(strstr(v, "; cpu="));
    ck_assert_ptr_nonnull(strstr(v, "; lib=libXNNPACK.so"));
    ck_assert_ptr_nonnull(strstr(v, "; sha256="));
}
END_TEST

static const sct_fx_query_row query_cases[] = {
    {"Div", SONNX_DT_FLOAT, SONNX_DT_FLOAT, SONNX_STATUS_OK},
    {"Mul", SONNX_DT_FLOAT, SONNX_DT_FLOAT, SONNX_STATUS_OK},
    {"Mul", SONNX_DT_FLOAT16, SONNX_DT_FLOAT16, SONNX_STATUS_OK},
    {"Div", SONNX_DT_FLOAT16, SONNX_DT_FLOAT16, SONNX_STATUS_UNSUPPORTED},
    {"Mul", SONNX_DT_INT8, SONNX_DT_INT8, SONNX_STATUS_UNSUPPORTED},
    {"Mul", SONNX_DT_UINT8, SONNX_DT_UINT8, SONNX_STATUS_UNSUPPORTED},
    {"Pow", SONNX_DT_FLOAT, SONNX_DT_FLOAT, SONNX_STATUS_UNSUPPORTED},
    {"Less", SONNX_DT_FLOAT, SONNX_DT_FLOAT, SONNX_STATUS_UNSUPPORTED},
    {"Div", SONNX_DT_DOUBLE, SONNX_DT_DOUBLE, SONNX_STATUS_UNSUPPORTED},
    {"Add", SONNX_DT_FLOAT16, SONNX_DT_FLOAT16, SONNX_STATUS_OK},
    {"Sub", SONNX_DT_FLOAT, SONNX_DT_FLOAT, SONNX_STATUS_OK},
    {"Sub", SONNX_DT_FLOAT16, SONNX_DT_FLOAT16, SONNX_STATUS_UNSUPPORTED},
    {"Add", SONNX_DT_FLOAT, SONNX_DT_FLOAT16, SONNX_STATUS_UNSUPPORTED},
    {"Tanh", SONNX_DT_FLOAT, SONNX_DT_FLOAT, SONNX_STATUS_UNSUPPORTED},
};

START_TEST(query_table)
{
    sct_fx_check_query(&query_cases[_i], sct_fx_msg, sizeof sct_fx_msg);
}
END_TEST

START_TEST(div_float32_broadcast)
{
    /* A [2,1] / B [2] -> [2,2] */
    float a[2] = {1.0f, -6.0f}, b[2] = {4.0f, 3.0f}, out[4];
    sct_fx_case c = {"Div", NULL, SONNX_DT_FLOAT, SONNX_DT_FLOAT, 2, 1,
                     {2, 1}, {2}, a, b, sizeof a, sizeof b};
    sonnx_tensor o;
    ck_assert_int_eq(sct_fx_run(&c, out, sizeof out, &o, sct_fx_msg,
                                sizeof sct_fx_msg), SONNX_STATUS_OK);
    ck_assert(o.rank == 2 && o.dims[0] == 2 && o.dims[1] == 2);
    ck_assert(out[0] == 0.25f && out[1] == 1.0f / 3.0f);
    ck_assert(out[2] == -1.5f && out[3] == -2.0f);
}
END_TEST

START_TEST(output_range_unbounded)
{
    /* FLT_MAX * 2 overflows to +inf (IEEE 754-2019 §7.4); a clamp to a
     * finite range would give FLT_MAX. */
    float a[1] = {3.4028235e38f}, b[1] = {2.0f}, out[1];
    sct_fx_case c = {"Mul", NULL, SONNX_DT_FLOAT, SONNX_DT_FLOAT, 1, 1,
                     {1}, {1}, a, b, sizeof a, sizeof b};
    sonnx_tensor o;
    ck_assert_int_eq(sct_fx_run(&c, out, sizeof out, &o, sct_fx_msg,
                                sizeof sct_fx_msg), SONNX_STATUS_OK);
    ck_assert(isinf(out[0]) && out[0] > 0);
}
END_TEST

START_TEST(options_refused)
{
    sct_fx_entry->shutdown();
    ck_assert_int_eq(sct_fx_entry->init(sct_fx_path, "threads=2", sct_fx_msg,
                                        sizeof sct_fx_msg), SONNX_STATUS_ERROR);
    ck_assert_ptr_nonnull(strstr(sct_fx_msg, "threads"));
    ck_assert_int_eq(sct_fx_entry->init(sct_fx_path, "", sct_fx_msg,
                                        sizeof sct_fx_msg), SONNX_STATUS_OK);
}
END_TEST

static void add_tests(TCase *tc)
{
    tcase_add_test(tc, identity_names_cpu_and_sha256);
    tcase_add_loop_test(tc, query_table, 0,
                        (int)(sizeof query_cases / sizeof query_cases[0]));
    tcase_add_test(tc, div_float32_broadcast);
    tcase_add_test(tc, output_range_unbounded);
    tcase_add_test(tc, options_refused);
}

int main(int argc, char **argv)
{
    return sct_fx_main(argc, argv, "xnnpack_plugin", 60, add_tests);
}
