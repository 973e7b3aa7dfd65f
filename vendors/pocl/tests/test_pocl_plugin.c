/*
 * test_pocl_plugin.c — the PoCL adapter dlopen()ed as the harness does:
 * identity (version, device, LLVM target, library sha256), the declines
 * (bfloat16, int4, bool, mixed types, integer Pow), float32 Div and
 * broadcasting through the kernels, float16 through vload_half /
 * vstore_half_rte, Less -> bool, output that does not fit, options refused.
 * Exit 77 when no PoCL platform is installed.
 */
#include <stdlib.h>

#include "../../common/tests/plugin_fixture.h"
#include "sct_check_main.h"

static const char *g_path;
static char msg[2048];

static void setup(void)
{
    sct_fx_entry = sct_fx_load(g_path);
    ck_assert_msg(sct_fx_entry->init(g_path, "", msg, sizeof msg) ==
                  SONNX_STATUS_OK, "%s", msg);
}

static void teardown(void) { sct_fx_entry->shutdown(); }

START_TEST(identity_names_device_target_sha256)
{
    const char *v = sct_fx_entry->runtime_version;
    ck_assert_msg(strncmp(v, "3.", 2) == 0, "%s", v);
    ck_assert_ptr_nonnull(strstr(v, "; device="));
    ck_assert_ptr_nonnull(strstr(v, "; llvm="));
    ck_assert_ptr_nonnull(strstr(v, "; target="));
    ck_assert_ptr_nonnull(strstr(v, "; lib=libpocl.so"));
    ck_assert_ptr_nonnull(strstr(v, "; sha256="));
    ck_assert_ptr_nonnull(strstr(sct_fx_entry->runtime_name, "vstore_half_rte"));
}
END_TEST

static const struct {
    const char *op;
    int32_t ta, tb;
    sonnx_status want;
    const char *why;
} query_cases[] = {
    {"Div", SONNX_DT_FLOAT, SONNX_DT_FLOAT, SONNX_STATUS_OK, ""},
    {"Div", SONNX_DT_UINT64, SONNX_DT_UINT64, SONNX_STATUS_OK, ""},
    {"Pow", SONNX_DT_FLOAT16, SONNX_DT_FLOAT16, SONNX_STATUS_OK, ""},
    {"Less", SONNX_DT_INT8, SONNX_DT_INT8, SONNX_STATUS_OK, ""},
    {"Pow", SONNX_DT_INT32, SONNX_DT_INT32, SONNX_STATUS_UNSUPPORTED, "integer pow"},
    {"Mul", SONNX_DT_BFLOAT16, SONNX_DT_BFLOAT16, SONNX_STATUS_UNSUPPORTED, "bfloat16"},
    {"Mul", SONNX_DT_INT4, SONNX_DT_INT4, SONNX_STATUS_UNSUPPORTED, "int4"},
    {"Div", SONNX_DT_FLOAT, SONNX_DT_DOUBLE, SONNX_STATUS_UNSUPPORTED, "mixed"},
};

START_TEST(query_table)
{
    sonnx_op op = {query_cases[_i].op, "", 14, "onnx", 0, NULL};
    int32_t t[2] = {query_cases[_i].ta, query_cases[_i].tb};
    ck_assert_int_eq(sct_fx_entry->query(&op, t, 2, msg, sizeof msg),
                     query_cases[_i].want);
    ck_assert_msg(strstr(msg, query_cases[_i].why) != NULL, "%s", msg);
}
END_TEST

START_TEST(div_float32_broadcast)
{
    float a[2][2] = {{1, 2}, {3, 4}}, b[2] = {3, 2}, out[4];
    sonnx_tensor o;
    sct_fx_case c = {"Div", NULL, SONNX_DT_FLOAT, SONNX_DT_FLOAT, 2, 1,
                     {2, 2}, {2}, a, b, sizeof a, sizeof b};
    ck_assert_int_eq(sct_fx_run(&c, out, sizeof out, &o, msg, sizeof msg),
                     SONNX_STATUS_OK);
    ck_assert_int_eq(o.rank, 2);
    ck_assert(out[0] == 1.0f / 3.0f && out[1] == 1.0f &&
              out[2] == 1.0f && out[3] == 2.0f);
    /* B stretched on the other side: A (2,1) x B (2). */
    float a2[2] = {6, 8};
    sct_fx_case d = {"Mul", NULL, SONNX_DT_FLOAT, SONNX_DT_FLOAT, 2, 1,
                     {2, 1}, {2}, a2, b, sizeof a2, sizeof b};
    ck_assert_int_eq(sct_fx_run(&d, out, sizeof out, &o, msg, sizeof msg),
                     SONNX_STATUS_OK);
    ck_assert(out[0] == 18 && out[1] == 12 && out[2] == 24 && out[3] == 16);
}
END_TEST

START_TEST(float16_rounds_to_nearest_even)
{
    /* 1/3 in half: 0x3555 (round to nearest); 2049 is not a half. */
    uint16_t a[2] = {0x3C00, 0x6800}, b[2] = {0x4200, 0x3C00}, out[2];
    sonnx_tensor o;
    sct_fx_case c = {"Div", NULL, SONNX_DT_FLOAT16, SONNX_DT_FLOAT16, 1, 1,
                     {2}, {2}, a, b, sizeof a, sizeof b};
    ck_assert_int_eq(sct_fx_run(&c, out, sizeof out, &o, msg, sizeof msg),
                     SONNX_STATUS_OK);
    ck_assert_uint_eq(out[0], 0x3555);
    ck_assert_uint_eq(out[1], 0x6800);
}
END_TEST

START_TEST(less_bool_and_too_small_output)
{
    int64_t a[2] = {-1, 5}, b[2] = {0, 5};
    uint8_t out[2];
    sonnx_tensor o;
    sct_fx_case c = {"Less", NULL, SONNX_DT_INT64, SONNX_DT_INT64, 1, 1,
                     {2}, {2}, a, b, sizeof a, sizeof b};
    ck_assert_int_eq(sct_fx_run(&c, out, sizeof out, &o, msg, sizeof msg),
                     SONNX_STATUS_OK);
    ck_assert_int_eq(o.elem_type, SONNX_DT_BOOL);
    ck_assert(out[0] == 1 && out[1] == 0);
    ck_assert_int_eq(sct_fx_run(&c, out, 1, &o, msg, sizeof msg),
                     SONNX_STATUS_ERROR);
}
END_TEST

START_TEST(options_refused)
{
    sct_fx_entry->shutdown();
    ck_assert_int_eq(sct_fx_entry->init(g_path, "fast=1", msg, sizeof msg),
                     SONNX_STATUS_ERROR);
    ck_assert_ptr_nonnull(strstr(msg, "unknown PoCL adapter option 'fast'"));
    ck_assert_int_eq(sct_fx_entry->init(g_path, "", msg, sizeof msg),
                     SONNX_STATUS_OK);
}
END_TEST

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s PLUGIN\n", argv[0]);
        return 2;
    }
    g_path = argv[1];
    /* Skip (77) when no PoCL platform is installed. */
    const sonnx_plugin_entry *e = sct_fx_try_load(g_path);
    if (e == NULL)
        return 1;
    if (e->init(g_path, "", msg, sizeof msg) != SONNX_STATUS_OK) {
        printf("SKIP: %s\n", msg);
        return strstr(msg, "platform") ? 77 : 1;
    }
    e->shutdown();
    Suite *s = suite_create("pocl_plugin");
    TCase *tc = tcase_create("plugin");
    tcase_set_timeout(tc, 120);
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, identity_names_device_target_sha256);
    tcase_add_loop_test(tc, query_table, 0,
                        (int)(sizeof query_cases / sizeof query_cases[0]));
    tcase_add_test(tc, div_float32_broadcast);
    tcase_add_test(tc, float16_rounds_to_nearest_even);
    tcase_add_test(tc, less_bool_and_too_small_output);
    tcase_add_test(tc, options_refused);
    suite_add_tcase(s, tc);
    return sct_check_run_suite_nofork(s);
}
