/*
 * test_ort_session_cache.c — one ORT session per (op, opset, input types,
 * input ranks), created on first use and reused; a key ORT
 * declines is asked once and remembered with ORT's message.  Runs against
 * the real ONNX Runtime 1.30.0 (argv[1]); exits 77 when it is absent.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ort_model.h"
#include "ort_runtime.h"
#include "sct_check_main.h"

static const char *lib_path;
static sct_ort_runtime rt;

static sct_ort_model_key key(const char *op_type, int32_t opset, int32_t ta,
                             int32_t tb, int32_t ra, int32_t rb)
{
    sonnx_op op = {op_type, "", opset, "onnx", 0, NULL};
    const int32_t types[2] = {ta, tb}, ranks[2] = {ra, rb};
    sct_ort_model_key k;
    char err[128];
    ck_assert_int_eq(
        sct_ort_model_key_from(&op, types, ranks, 2, &k, err, sizeof err), 0);
    return k;
}

static void open_runtime(void)
{
    sct_ort_options o;
    char err[512] = "";
    char opts[4200];
    snprintf(opts, sizeof opts, "lib=%s", lib_path);
    ck_assert_int_eq(sct_ort_options_parse(opts, &o, err, sizeof err), 0);
    ck_assert_msg(sct_ort_runtime_open(&rt, &o, err, sizeof err) == 0, "%s",
                  err);
}

static void close_runtime(void) { sct_ort_runtime_close(&rt); }

START_TEST(same_key_same_session)
{
    char err[128];
    sct_ort_model_key k = key("Div", 14, SONNX_DT_FLOAT, SONNX_DT_FLOAT, 2, 2);
    const sct_ort_cached_session *a =
        sct_ort_runtime_session(&rt, &k, err, sizeof err);
    ck_assert_ptr_nonnull(a);
    ck_assert_int_eq(a->status, SONNX_STATUS_OK);
    ck_assert_ptr_nonnull(a->session);
    ck_assert_uint_eq(rt.cache.n, 1);
    sct_ort_session *first = a->session;
    const sct_ort_cached_session *b =
        sct_ort_runtime_session(&rt, &k, err, sizeof err);
    ck_assert_ptr_eq(b->session, first);
    ck_assert_uint_eq(rt.cache.n, 1);
}
END_TEST

START_TEST(each_key_field_makes_a_new_session)
{
    char err[128];
    const sct_ort_model_key keys[] = {
        key("Div", 14, SONNX_DT_FLOAT, SONNX_DT_FLOAT, 1, 1),
        key("Div", 14, SONNX_DT_FLOAT, SONNX_DT_FLOAT, 1, 0),  /* rank */
        key("Div", 13, SONNX_DT_FLOAT, SONNX_DT_FLOAT, 1, 1),  /* opset */
        key("Div", 14, SONNX_DT_DOUBLE, SONNX_DT_DOUBLE, 1, 1), /* types */
        key("Mul", 14, SONNX_DT_FLOAT, SONNX_DT_FLOAT, 1, 1),  /* op */
    };
    const size_t n = sizeof keys / sizeof keys[0];
    for (size_t i = 0; i < n; i++) {
        const sct_ort_cached_session *e =
            sct_ort_runtime_session(&rt, &keys[i], err, sizeof err);
        ck_assert_int_eq(e->status, SONNX_STATUS_OK);
        ck_assert_uint_eq(rt.cache.n, i + 1);
    }
    /* Asking again creates nothing. */
    for (size_t i = 0; i < n; i++)
        sct_ort_runtime_session(&rt, &keys[i], err, sizeof err);
    ck_assert_uint_eq(rt.cache.n, n);
}
END_TEST

START_TEST(declined_key_is_remembered)
{
    char err[128];
    sct_ort_model_key k =
        key("Mul", 14, SONNX_DT_BFLOAT16, SONNX_DT_BFLOAT16, 1, 1);
    const sct_ort_cached_session *e =
        sct_ort_runtime_session(&rt, &k, err, sizeof err);
    ck_assert_int_eq(e->status, SONNX_STATUS_UNSUPPORTED);
    ck_assert_ptr_null(e->session);
    ck_assert_msg(strstr(e->message, "Could not find an implementation for "
                                     "Mul(14)") != NULL,
                  "%s", e->message);
    ck_assert_uint_eq(rt.cache.n, 1);
    const sct_ort_cached_session *again =
        sct_ort_runtime_session(&rt, &k, err, sizeof err);
    ck_assert_ptr_eq(again, e);
    ck_assert_uint_eq(rt.cache.n, 1);
}
END_TEST

START_TEST(many_keys_grow_the_table)
{
    /* Beyond the first allocation (32 entries): earlier entries survive
     * the table's growth with their sessions. */
    char err[128];
    sct_ort_session *first = NULL;
    for (int32_t ra = 0; ra <= SONNX_MAX_RANK; ra++) {
        for (int32_t rb = 0; rb <= 4; rb++) {
            sct_ort_model_key k =
                key("Less", 13, SONNX_DT_INT32, SONNX_DT_INT32, ra, rb);
            const sct_ort_cached_session *e =
                sct_ort_runtime_session(&rt, &k, err, sizeof err);
            ck_assert_int_eq(e->status, SONNX_STATUS_OK);
            if (first == NULL)
                first = e->session;
        }
    }
    ck_assert_uint_eq(rt.cache.n, (SONNX_MAX_RANK + 1) * 5);
    sct_ort_model_key k0 = key("Less", 13, SONNX_DT_INT32, SONNX_DT_INT32, 0, 0);
    ck_assert_ptr_eq(sct_ort_runtime_session(&rt, &k0, err, sizeof err)->session,
                     first);
}
END_TEST

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s LIBONNXRUNTIME\n", argv[0]);
        return EXIT_FAILURE;
    }
    if (access(argv[1], R_OK) != 0) {
        printf("SKIP: ONNX Runtime library %s not found (run "
               "scripts/fetch-onnxruntime.sh)\n", argv[1]);
        return 77;
    }
    lib_path = argv[1];
    Suite *s = suite_create("ort_session_cache");
    TCase *tc = tcase_create("cache");
    /* A fresh runtime (empty cache) for every test. */
    tcase_add_checked_fixture(tc, open_runtime, close_runtime);
    tcase_add_test(tc, same_key_same_session);
    tcase_add_test(tc, each_key_field_makes_a_new_session);
    tcase_add_test(tc, declined_key_is_remembered);
    tcase_add_test(tc, many_keys_grow_the_table);
    suite_add_tcase(s, tc);
    return sct_check_run_suite(s);
}
