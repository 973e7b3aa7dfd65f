/*
 * test_onednn_plugin.c — the oneDNN adapter dlopen()ed as the harness does:
 * identity (version, dispatched ISA, library sha256), the type and shape
 * declines, float32 Div through oneDNN, Less -> bool, Pow with a scalar
 * exponent only, output that does not fit, options refused by name.
 * oneDNN's own integer behaviour is the certification's finding (baseline
 * ctests), not asserted here.
 */
#include <math.h>
#include <stdlib.h>

#include "../../common/tests/plugin_fixture.h"
#include "sct_check_main.h"

static const char *g_path;
static char msg[512];

static void setup(void)
{
    sct_fx_entry = sct_fx_load(g_path);
    ck_assert_int_eq(sct_fx_entry->init(g_path, "", msg, sizeof msg),
                     SONNX_STATUS_OK);
}

static void teardown(void) { sct_fx_entry->shutdown(); }

START_TEST(identity_names_isa_and_sha256)
{
    const char *v = sct_fx_entry->runtime_version;
    ck_assert_msg(strncmp(v, "2.6.", 4) == 0, "%s", v);
    ck_assert_ptr_nonnull(strstr(v, "; cpu_isa="));
    /* the baseline ctests pick baseline-<profile>.<class>.json by it */
    ck_assert_ptr_nonnull(strstr(v, "; isa_class=avx"));
    ck_assert_ptr_nonnull(strstr(v, "; lib=libdnnl.so"));
    const char *h = strstr(v, "; sha256=");
    ck_assert_ptr_nonnull(h);
    ck_assert_uint_ge(strlen(h + 9), 64);
    ck_assert_ptr_nonnull(strstr(sct_fx_entry->runtime_name, "eltwise_pow"));
}
END_TEST

static const sct_fx_query_row query_cases[] = {
    {"Div", SONNX_DT_FLOAT, SONNX_DT_FLOAT, SONNX_STATUS_OK},
    {"Mul", SONNX_DT_INT32, SONNX_DT_INT32, SONNX_STATUS_OK},
    {"Less", SONNX_DT_UINT8, SONNX_DT_UINT8, SONNX_STATUS_OK},
    {"Div", SONNX_DT_DOUBLE, SONNX_DT_DOUBLE, SONNX_STATUS_UNSUPPORTED},
    {"Mul", SONNX_DT_INT64, SONNX_DT_INT64, SONNX_STATUS_UNSUPPORTED},
    {"Div", SONNX_DT_INT4, SONNX_DT_INT4, SONNX_STATUS_UNSUPPORTED},
    {"Pow", SONNX_DT_FLOAT, SONNX_DT_INT32, SONNX_STATUS_UNSUPPORTED},
    {"Pow", SONNX_DT_FLOAT, SONNX_DT_FLOAT, SONNX_STATUS_OK},
};

START_TEST(query_table)
{
    sct_fx_check_query(&query_cases[_i], msg, sizeof msg);
}
END_TEST

START_TEST(div_float32_and_less_bool)
{
    float a[3] = {1.0f, -7.0f, 1e-38f}, b[3] = {3.0f, 2.0f, 4.0f}, out[3];
    sct_fx_case c = {"Div", NULL, SONNX_DT_FLOAT, SONNX_DT_FLOAT, 1, 1,
                     {3}, {3}, a, b, sizeof a, sizeof b};
    sonnx_tensor o;
    ck_assert_int_eq(sct_fx_run(&c, out, sizeof out, &o, msg, sizeof msg),
                     SONNX_STATUS_OK);
    ck_assert_int_eq(o.elem_type, SONNX_DT_FLOAT);
    ck_assert_int_eq(o.rank, 1);
    ck_assert_int_eq(o.dims[0], 3);
    ck_assert(out[0] == 1.0f / 3.0f && out[1] == -3.5f);
    uint8_t lt[3];
    c.op = "Less";
    ck_assert_int_eq(sct_fx_run(&c, lt, sizeof lt, &o, msg, sizeof msg),
                     SONNX_STATUS_OK);
    ck_assert_int_eq(o.elem_type, SONNX_DT_BOOL);
    ck_assert(lt[0] == 1 && lt[1] == 1 && lt[2] == 1);
}
END_TEST

START_TEST(broadcast_src1_only)
{
    float a[2] = {2.0f, 4.0f}, b[1] = {2.0f}, out[2];
    sonnx_tensor o;
    sct_fx_case c = {"Mul", NULL, SONNX_DT_FLOAT, SONNX_DT_FLOAT, 1, 0,
                     {2}, {0}, a, b, sizeof a, sizeof b};
    ck_assert_int_eq(sct_fx_run(&c, out, sizeof out, &o, msg, sizeof msg),
                     SONNX_STATUS_OK);
    ck_assert(out[0] == 4.0f && out[1] == 8.0f);
    /* A stretched: oneDNN cannot express it. */
    sct_fx_case d = {"Mul", NULL, SONNX_DT_FLOAT, SONNX_DT_FLOAT, 0, 1,
                     {0}, {2}, b, a, sizeof b, sizeof a};
    ck_assert_int_eq(sct_fx_run(&d, out, sizeof out, &o, msg, sizeof msg),
                     SONNX_STATUS_UNSUPPORTED);
    ck_assert_ptr_nonnull(strstr(msg, "src1 only"));
}
END_TEST

START_TEST(pow_scalar_exponent_only)
{
    float x[2] = {4.0f, 9.0f}, y1[1] = {0.5f}, y2[2] = {0.5f, 0.5f}, out[2];
    sonnx_tensor o;
    sct_fx_case c = {"Pow", NULL, SONNX_DT_FLOAT, SONNX_DT_FLOAT, 1, 0,
                     {2}, {0}, x, y1, sizeof x, sizeof y1};
    ck_assert_int_eq(sct_fx_run(&c, out, sizeof out, &o, msg, sizeof msg),
                     SONNX_STATUS_OK);
    ck_assert_msg(fabsf(out[0] - 2.0f) < 1e-6f && fabsf(out[1] - 3.0f) < 1e-6f,
                  "%g %g", out[0], out[1]);
    c.rank_b = 1;
    c.db[0] = 2;
    c.b = y2;
    c.b_bytes = sizeof y2;
    ck_assert_int_eq(sct_fx_run(&c, out, sizeof out, &o, msg, sizeof msg),
                     SONNX_STATUS_UNSUPPORTED);
    ck_assert_ptr_nonnull(strstr(msg, "scalar exponent"));
}
END_TEST

START_TEST(output_that_does_not_fit)
{
    float a[4] = {1, 2, 3, 4}, out[4];
    sonnx_tensor o;
    sct_fx_case c = {"Mul", NULL, SONNX_DT_FLOAT, SONNX_DT_FLOAT, 1, 1,
                     {4}, {4}, a, a, sizeof a, sizeof a};
    ck_assert_int_eq(sct_fx_run(&c, out, 8, &o, msg, sizeof msg),
                     SONNX_STATUS_ERROR);
}
END_TEST

START_TEST(unknown_option_refused)
{
    sct_fx_entry->shutdown();
    ck_assert_int_eq(sct_fx_entry->init(g_path, "max_isa=avx9", msg,
                                        sizeof msg), SONNX_STATUS_ERROR);
    ck_assert_ptr_nonnull(strstr(msg, "avx9"));
    ck_assert_int_eq(sct_fx_entry->init(g_path, "speed=max", msg, sizeof msg),
                     SONNX_STATUS_ERROR);
    ck_assert_ptr_nonnull(strstr(msg, "unknown oneDNN adapter option 'speed'"));
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
    Suite *s = suite_create("onednn_plugin");
    TCase *tc = tcase_create("plugin");
    /* Loading libdnnl (40 MB) takes seconds under ASan or valgrind. */
    tcase_set_timeout(tc, 120);
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, identity_names_isa_and_sha256);
    tcase_add_loop_test(tc, query_table, 0,
                        (int)(sizeof query_cases / sizeof query_cases[0]));
    tcase_add_test(tc, div_float32_and_less_bool);
    tcase_add_test(tc, broadcast_src1_only);
    tcase_add_test(tc, pow_scalar_exponent_only);
    tcase_add_test(tc, output_that_does_not_fit);
    tcase_add_test(tc, unknown_option_refused);
    suite_add_tcase(s, tc);
    return sct_check_run_suite(s);
}
