/*
 * test_tfjs_plugin.c — the TensorFlow.js adapter dlopen()ed as the harness
 * does, under the backend its second argument selects: identity (version,
 * backend, computing file and its sha256, node), the dtypes TensorFlow.js
 * lacks, float32 Div and Less -> bool with broadcasting, the int32 Div
 * answer reported as TensorFlow.js gives it, options refused by name.
 * Expected values exact by hand (IEEE 754-2019 §5.4.1); TensorFlow.js's
 * integer division is the certification's finding, only its type and
 * shape are asserted here.
 */
#include "../../common/tests/plugin_fixture.h"

START_TEST(identity_names_backend_and_sha256)
{
    const char *v = sct_fx_entry->runtime_version;
    ck_assert_msg(strncmp(v, "4.22.", 5) == 0, "%s", v);
    static const char *const items[] = {"; backend=", "; file=", "; sha256=",
                                        "; node=", "; threads=1"};
    sct_fx_check_identity(items, sizeof items / sizeof items[0]);
    /* the backend the options asked for (default cpu) */
    const char *want = strstr(sct_fx_options, "backend=wasm") != NULL
                           ? "; backend=wasm;"
                           : "; backend=cpu;";
    ck_assert_msg(strstr(v, want) != NULL, "%s lacks %s", v, want);
}
END_TEST

static const sct_fx_query_row query_cases[] = {
    {"Div", SONNX_DT_FLOAT, SONNX_DT_FLOAT, SONNX_STATUS_OK},
    {"Pow", SONNX_DT_INT32, SONNX_DT_FLOAT, SONNX_STATUS_OK},
    {"Div", SONNX_DT_FLOAT16, SONNX_DT_FLOAT16, SONNX_STATUS_UNSUPPORTED},
    {"Mul", SONNX_DT_INT64, SONNX_DT_INT64, SONNX_STATUS_UNSUPPORTED},
    {"Less", SONNX_DT_UINT8, SONNX_DT_UINT8, SONNX_STATUS_UNSUPPORTED},
    {"Div", SONNX_DT_DOUBLE, SONNX_DT_DOUBLE, SONNX_STATUS_UNSUPPORTED},
};

START_TEST(query_table)
{
    sct_fx_check_query(&query_cases[_i], sct_fx_msg, sizeof sct_fx_msg);
}
END_TEST

START_TEST(div_float32_and_less_broadcast)
{
    float a[2] = {1.0f, -6.0f}, b[2] = {4.0f, 3.0f}, out[4];
    sct_fx_case c = {"Div", NULL, SONNX_DT_FLOAT, SONNX_DT_FLOAT, 2, 1,
                     {2, 1}, {2}, a, b, sizeof a, sizeof b};
    sonnx_tensor o;
    ck_assert_int_eq(sct_fx_run(&c, out, sizeof out, &o, sct_fx_msg,
                                sizeof sct_fx_msg), SONNX_STATUS_OK);
    ck_assert(o.elem_type == SONNX_DT_FLOAT && o.rank == 2);
    ck_assert(o.dims[0] == 2 && o.dims[1] == 2);
    ck_assert(out[0] == 0.25f && out[1] == 1.0f / 3.0f);
    ck_assert(out[2] == -1.5f && out[3] == -2.0f);
    uint8_t lt[4];
    c.op = "Less";
    ck_assert_int_eq(sct_fx_run(&c, lt, sizeof lt, &o, sct_fx_msg,
                                sizeof sct_fx_msg), SONNX_STATUS_OK);
    ck_assert_int_eq(o.elem_type, SONNX_DT_BOOL);
    ck_assert(lt[0] == 1 && lt[1] == 1 && lt[2] == 1 && lt[3] == 1);
}
END_TEST

START_TEST(int32_div_reported_as_given)
{
    int32_t a[2] = {7, 9}, b[2] = {2, 3}, out[2];
    sct_fx_case c = {"Div", NULL, SONNX_DT_INT32, SONNX_DT_INT32, 1, 1,
                     {2}, {2}, a, b, sizeof a, sizeof b};
    sonnx_tensor o;
    ck_assert_int_eq(sct_fx_run(&c, out, sizeof out, &o, sct_fx_msg,
                                sizeof sct_fx_msg), SONNX_STATUS_OK);
    ck_assert_int_eq(o.elem_type, SONNX_DT_INT32);
    ck_assert(out[0] == 3 && out[1] == 3); /* positive: floor = trunc */
}
END_TEST

START_TEST(options_refused)
{
    sct_fx_entry->shutdown();
    ck_assert_int_eq(sct_fx_entry->init(sct_fx_path, "backend=webgl",
                                        sct_fx_msg, sizeof sct_fx_msg),
                     SONNX_STATUS_ERROR);
    ck_assert_ptr_nonnull(strstr(sct_fx_msg, "webgl"));
    ck_assert_int_eq(sct_fx_entry->init(sct_fx_path, "speed=1", sct_fx_msg,
                                        sizeof sct_fx_msg), SONNX_STATUS_ERROR);
    ck_assert_ptr_nonnull(strstr(sct_fx_msg, "speed"));
    ck_assert_int_eq(sct_fx_entry->init(sct_fx_path, sct_fx_options,
                                        sct_fx_msg, sizeof sct_fx_msg),
                     SONNX_STATUS_OK);
}
END_TEST

static void add_tests(TCase *tc)
{
    tcase_add_test(tc, identity_names_backend_and_sha256);
    tcase_add_loop_test(tc, query_table, 0,
                        (int)(sizeof query_cases / sizeof query_cases[0]));
    tcase_add_test(tc, div_float32_and_less_broadcast);
    tcase_add_test(tc, int32_div_reported_as_given);
    tcase_add_test(tc, options_refused);
}

int main(int argc, char **argv)
{
    /* Starting node and compiling the wasm backend takes a second. */
    return sct_fx_main(argc, argv, "tfjs_plugin", 60, add_tests);
}
