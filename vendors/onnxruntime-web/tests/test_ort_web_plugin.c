/*
 * test_ort_web_plugin.c — the ONNX Runtime Web adapter dlopen()ed as the
 * harness does.  With the real helper and package: identity (version, wasm
 * file sha256, node, V8), float32 Div, integer division truncation, Less ->
 * bool, UNSUPPORTED with ORT's text (bfloat16), a Run failure (integer
 * division by zero) as ERROR, output that does not fit, options refused.
 * With a stand-in helper (fake_helper.cjs): a helper that dies, hangs or
 * sends garbage gives ERROR with a message within the deadline, never a
 * hang, and the next call starts a new helper.
 * usage: test_ort_web_plugin PLUGIN PACKAGE_DIR FAKE_HELPER
 * Exit 77 when node or the onnxruntime-web package is absent.
 */
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "../../common/tests/plugin_fixture.h"
#include "sct_check_main.h"

static const char *g_path, *g_dir, *g_fake;
static char msg[2048];
static char opts[8192];

static void setup(void)
{
    sct_fx_entry = sct_fx_load(g_path);
    snprintf(opts, sizeof opts, "dir=%s", g_dir);
    ck_assert_msg(sct_fx_entry->init(g_path, opts, msg, sizeof msg) ==
                  SONNX_STATUS_OK, "%s", msg);
}

static void teardown(void) { sct_fx_entry->shutdown(); }

START_TEST(identity_names_wasm_sha256_and_node)
{
    const char *v = sct_fx_entry->runtime_version;
    ck_assert_msg(strncmp(v, "1.30.0; ", 8) == 0, "%s", v);
    ck_assert_ptr_nonnull(strstr(v, "; wasm=ort-wasm"));
    ck_assert_ptr_nonnull(strstr(v, "; sha256="));
    ck_assert_ptr_nonnull(strstr(v, "; node="));
    ck_assert_ptr_nonnull(strstr(v, "; v8="));
}
END_TEST

START_TEST(div_float32_int32_less)
{
    float a[2] = {1, -7}, b[2] = {3, 2}, out[2];
    sonnx_tensor o;
    sct_fx_case c = {"Div", NULL, SONNX_DT_FLOAT, SONNX_DT_FLOAT, 1, 1,
                     {2}, {2}, a, b, sizeof a, sizeof b};
    ck_assert_msg(sct_fx_run(&c, out, sizeof out, &o, msg, sizeof msg) ==
                  SONNX_STATUS_OK, "%s", msg);
    ck_assert(out[0] == 1.0f / 3.0f && out[1] == -3.5f);
    int32_t ia[1] = {-7}, ib[1] = {2}, iout[1];
    sct_fx_case d = {"Div", NULL, SONNX_DT_INT32, SONNX_DT_INT32, 0, 0,
                     {0}, {0}, ia, ib, sizeof ia, sizeof ib};
    ck_assert_int_eq(sct_fx_run(&d, iout, sizeof iout, &o, msg, sizeof msg),
                     SONNX_STATUS_OK);
    ck_assert_int_eq(iout[0], -3);
    ck_assert_int_eq(o.rank, 0);
    uint8_t lt[2];
    c.op = "Less";
    ck_assert_int_eq(sct_fx_run(&c, lt, sizeof lt, &o, msg, sizeof msg),
                     SONNX_STATUS_OK);
    ck_assert_int_eq(o.elem_type, SONNX_DT_BOOL);
    ck_assert(lt[0] == 1 && lt[1] == 1);
}
END_TEST

/* A reply larger than the socket buffer (4 MiB): the helper must finish
 * writing it (it once stopped at EAGAIN on its non-blocking fd and every
 * large batch timed out). */
START_TEST(large_tensors_round_trip)
{
    enum { N = 1 << 20 };
    float *a = malloc(N * sizeof *a), *out = malloc(N * sizeof *out);
    ck_assert(a && out);
    for (int i = 0; i < N; i++)
        a[i] = (float)i;
    sonnx_tensor o;
    sct_fx_case c = {"Mul", NULL, SONNX_DT_FLOAT, SONNX_DT_FLOAT, 1, 1,
                     {N}, {N}, a, a, N * sizeof *a, N * sizeof *a};
    ck_assert_msg(sct_fx_run(&c, out, N * sizeof *out, &o, msg, sizeof msg) ==
                  SONNX_STATUS_OK, "%s", msg);
    ck_assert(out[3] == 9.0f && out[N - 1] == (float)(N - 1) * (float)(N - 1));
    free(a);
    free(out);
}
END_TEST

START_TEST(unsupported_run_error_too_small)
{
    sonnx_op op = {"Div", "", 14, "onnx", 0, NULL};
    int32_t t[2] = {SONNX_DT_BFLOAT16, SONNX_DT_BFLOAT16};
    ck_assert_int_eq(sct_fx_entry->query(&op, t, 2, msg, sizeof msg),
                     SONNX_STATUS_UNSUPPORTED);
    ck_assert_ptr_nonnull(strstr(msg, "Could not find an implementation"));
    int32_t a[1] = {1}, z[1] = {0}, out[1];
    sonnx_tensor o;
    sct_fx_case c = {"Div", NULL, SONNX_DT_INT32, SONNX_DT_INT32, 1, 1,
                     {1}, {1}, a, z, sizeof a, sizeof z};
    ck_assert_int_eq(sct_fx_run(&c, out, sizeof out, &o, msg, sizeof msg),
                     SONNX_STATUS_ERROR);
    ck_assert_ptr_nonnull(strstr(msg, "division by zero"));
    c.b = a;
    ck_assert_int_eq(sct_fx_run(&c, out, 2, &o, msg, sizeof msg),
                     SONNX_STATUS_ERROR);
}
END_TEST

START_TEST(options_refused)
{
    sct_fx_entry->shutdown();
    ck_assert_int_eq(sct_fx_entry->init(g_path, "timeout_ms=5", msg,
                                        sizeof msg), SONNX_STATUS_ERROR);
    ck_assert_ptr_nonnull(strstr(msg, "timeout_ms"));
    ck_assert_int_eq(sct_fx_entry->init(g_path, "threads=4", msg, sizeof msg),
                     SONNX_STATUS_ERROR);
    ck_assert_ptr_nonnull(strstr(msg, "unknown onnxruntime-web adapter option"));
    ck_assert_int_eq(sct_fx_entry->init(g_path, "dir=/nonexistent", msg,
                                        sizeof msg), SONNX_STATUS_ERROR);
    ck_assert_ptr_nonnull(strstr(msg, "did not start"));
    ck_assert_int_eq(sct_fx_entry->init(g_path, opts, msg, sizeof msg),
                     SONNX_STATUS_OK);
}
END_TEST

static const char *const bad_modes[] = {"die", "hang", "garbage"};
static const char *const bad_texts[] = {"helper died", "did not answer within 700 ms",
                                        "frame of 4294967295 bytes"};

START_TEST(broken_helper_is_an_error_not_a_hang)
{
    sct_fx_entry->shutdown();
    /* The fake helper ignores the package dir; its mode rides in dir=. */
    snprintf(opts, sizeof opts, "helper=%s;dir=%s;timeout_ms=700", g_fake,
             bad_modes[_i]);
    ck_assert_msg(sct_fx_entry->init(g_path, opts, msg, sizeof msg) ==
                  SONNX_STATUS_OK, "%s", msg);
    float a[1] = {1}, out[1];
    sonnx_tensor o;
    sct_fx_case c = {"Mul", NULL, SONNX_DT_FLOAT, SONNX_DT_FLOAT, 1, 1,
                     {1}, {1}, a, a, sizeof a, sizeof a};
    for (int round = 0; round < 2; round++) {
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        ck_assert_int_eq(sct_fx_run(&c, out, sizeof out, &o, msg, sizeof msg),
                         SONNX_STATUS_ERROR);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        double s = (double)(t1.tv_sec - t0.tv_sec) +
                   (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
        ck_assert_msg(s < 5.0, "took %.1f s", s);
        /* Round 1: what happened; round 2: a new helper was started (the
         * stand-in then answers the RUN as if it were HELLO: malformed). */
        ck_assert_msg(strstr(msg, round == 0 ? bad_texts[_i] : "helper") !=
                      NULL, "%s", msg);
    }
    sct_fx_entry->shutdown();
    snprintf(opts, sizeof opts, "dir=%s", g_dir);
    ck_assert_int_eq(sct_fx_entry->init(g_path, opts, msg, sizeof msg),
                     SONNX_STATUS_OK);
}
END_TEST

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: %s PLUGIN PACKAGE_DIR FAKE_HELPER\n", argv[0]);
        return 2;
    }
    g_path = argv[1];
    g_dir = argv[2];
    g_fake = argv[3];
    char pkg[4096];
    snprintf(pkg, sizeof pkg, "%s/package.json", g_dir);
    if (access(pkg, R_OK) != 0 || system("node --version >/dev/null 2>&1") != 0) {
        printf("SKIP: node or %s missing (scripts/fetch-onnxruntime.sh)\n", pkg);
        return 77;
    }
    Suite *s = suite_create("ort_web_plugin");
    TCase *tc = tcase_create("plugin");
    tcase_set_timeout(tc, 120);
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, identity_names_wasm_sha256_and_node);
    tcase_add_test(tc, div_float32_int32_less);
    tcase_add_test(tc, large_tensors_round_trip);
    tcase_add_test(tc, unsupported_run_error_too_small);
    tcase_add_test(tc, options_refused);
    tcase_add_loop_test(tc, broken_helper_is_an_error_not_a_hang, 0, 3);
    suite_add_tcase(s, tc);
    return sct_check_run_suite(s);
}
