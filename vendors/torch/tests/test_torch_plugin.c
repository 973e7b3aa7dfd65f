/*
 * test_torch_plugin.c — the PyTorch adapter dlopen()ed as the harness does:
 * identity (version, CPU capability and ISA class, threads, library
 * sha256), the dtypes torch 1.13 lacks (uint16/32/64, int4), integer Div
 * truncating toward zero (onnx-div:truncation) and torch's refusal of a
 * zero divisor, mixed-type Pow keeping torch's promoted type, Less ->
 * bool, broadcasting, options refused.  Expected values by hand.
 */
#include "../../common/tests/plugin_fixture.h"

START_TEST(identity_names_capability_and_sha256)
{
    const char *v = sct_fx_entry->runtime_version;
    ck_assert_msg(strncmp(v, "1.13.", 5) == 0, "%s", v);
    static const char *const items[] = {"; cpu_capability=", "; isa_class=",
                                        "; threads=1",
                                        "; lib=libtorch_cpu.so",
                                        "; sha256="};
    sct_fx_check_identity(items, sizeof items / sizeof items[0]);
}
END_TEST

static const sct_fx_query_row query_cases[] = {
    {"Div", SONNX_DT_BFLOAT16, SONNX_DT_BFLOAT16, SONNX_STATUS_OK},
    {"Pow", SONNX_DT_INT32, SONNX_DT_FLOAT, SONNX_STATUS_OK},
    {"Less", SONNX_DT_UINT8, SONNX_DT_UINT8, SONNX_STATUS_OK},
    {"Div", SONNX_DT_UINT16, SONNX_DT_UINT16, SONNX_STATUS_UNSUPPORTED},
    {"Mul", SONNX_DT_UINT32, SONNX_DT_UINT32, SONNX_STATUS_UNSUPPORTED},
    {"Pow", SONNX_DT_FLOAT, SONNX_DT_UINT64, SONNX_STATUS_UNSUPPORTED},
    {"Div", SONNX_DT_INT4, SONNX_DT_INT4, SONNX_STATUS_UNSUPPORTED},
    {"Tanh", SONNX_DT_FLOAT, SONNX_DT_FLOAT, SONNX_STATUS_UNSUPPORTED},
};

START_TEST(query_table)
{
    sct_fx_check_query(&query_cases[_i], sct_fx_msg, sizeof sct_fx_msg);
}
END_TEST

START_TEST(int_div_truncates_and_zero_is_refused)
{
    int32_t a[3] = {-7, 7, -8}, b[3] = {2, -2, 3}, out[3];
    sct_fx_case c = {"Div", NULL, SONNX_DT_INT32, SONNX_DT_INT32, 1, 1,
                     {3}, {3}, a, b, sizeof a, sizeof b};
    sonnx_tensor o;
    ck_assert_int_eq(sct_fx_run(&c, out, sizeof out, &o, sct_fx_msg,
                                sizeof sct_fx_msg), SONNX_STATUS_OK);
    ck_assert_int_eq(o.elem_type, SONNX_DT_INT32);
    ck_assert(out[0] == -3 && out[1] == -3 && out[2] == -2);
    int32_t z[3] = {1, 0, 1};
    c.b = z;
    ck_assert_int_eq(sct_fx_run(&c, out, sizeof out, &o, sct_fx_msg,
                                sizeof sct_fx_msg), SONNX_STATUS_ERROR);
    ck_assert_msg(strstr(sct_fx_msg, "ZeroDivisionError") != NULL, "%s",
                  sct_fx_msg);
}
END_TEST

START_TEST(mixed_pow_keeps_torch_type)
{
    /* int32 [2] ^ float32 [2]: torch promotes to float32; the adapter
     * reports that type, it does not cast back to X's type. */
    int32_t x[2] = {4, 2};
    float y[2] = {0.5f, 3.0f}, out[2];
    sct_fx_case c = {"Pow", NULL, SONNX_DT_INT32, SONNX_DT_FLOAT, 1, 1,
                     {2}, {2}, x, y, sizeof x, sizeof y};
    sonnx_tensor o;
    ck_assert_int_eq(sct_fx_run(&c, out, sizeof out, &o, sct_fx_msg,
                                sizeof sct_fx_msg), SONNX_STATUS_OK);
    ck_assert_int_eq(o.elem_type, SONNX_DT_FLOAT);
    ck_assert(out[0] == 2.0f && out[1] == 8.0f);
}
END_TEST

START_TEST(less_bool_with_broadcast)
{
    float a[2] = {1.0f, 3.0f}, b[3] = {0.0f, 2.0f, 4.0f};
    uint8_t out[6];
    sct_fx_case c = {"Less", NULL, SONNX_DT_FLOAT, SONNX_DT_FLOAT, 2, 1,
                     {2, 1}, {3}, a, b, sizeof a, sizeof b};
    sonnx_tensor o;
    ck_assert_int_eq(sct_fx_run(&c, out, sizeof out, &o, sct_fx_msg,
                                sizeof sct_fx_msg), SONNX_STATUS_OK);
    ck_assert_int_eq(o.elem_type, SONNX_DT_BOOL);
    ck_assert(o.rank == 2 && o.dims[0] == 2 && o.dims[1] == 3);
    static const uint8_t want[6] = {0, 1, 1, 0, 0, 1};
    for (int i = 0; i < 6; i++)
        ck_assert_int_eq(out[i], want[i]);
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
    tcase_add_test(tc, identity_names_capability_and_sha256);
    tcase_add_loop_test(tc, query_table, 0,
                        (int)(sizeof query_cases / sizeof query_cases[0]));
    tcase_add_test(tc, int_div_truncates_and_zero_is_refused);
    tcase_add_test(tc, mixed_pow_keeps_torch_type);
    tcase_add_test(tc, less_bool_with_broadcast);
    tcase_add_test(tc, options_refused);
}

int main(int argc, char **argv)
{
    /* Loading libtorch_cpu (hundreds of MB) takes seconds. */
    return sct_fx_main(argc, argv, "torch_plugin", 120, add_tests);
}
