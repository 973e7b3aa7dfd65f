/*
 * test_vendor_common.c — vendors/common: option parsing (items, separators,
 * refusals with the offending text), cache path precedence, identity items
 * (fit or refuse, library sha256 of a loaded object), arity checks.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sct/vendor/vendor_call.h"
#include "sct/vendor/vendor_identity.h"
#include "sct/vendor/vendor_options.h"
#include "sct_check_main.h"

typedef struct seen {
    char keys[8][32];
    char values[8][64];
    int n;
} seen;

static int record(void *ctx, const char *key, size_t klen, const char *value,
                  size_t vlen, char *err, size_t err_cap)
{
    seen *s = ctx;
    if (sct_vopt_key_is(key, klen, "bad")) {
        snprintf(err, err_cap, "bad value");
        return SCT_VOPT_FAILED;
    }
    if (!sct_vopt_key_is(key, klen, "a") && !sct_vopt_key_is(key, klen, "b"))
        return SCT_VOPT_UNKNOWN_KEY;
    snprintf(s->keys[s->n], sizeof s->keys[0], "%.*s", (int)klen, key);
    snprintf(s->values[s->n], sizeof s->values[0], "%.*s", (int)vlen, value);
    s->n++;
    return SCT_VOPT_OK;
}

static const struct {
    const char *text;
    int rc;
    int n;
    const char *err_part;
} option_cases[] = {
    {"", 0, 0, NULL},
    {"a=1", 0, 1, NULL},
    {"a=1;b=x=y", 0, 2, NULL},
    {"a=1,,b=2;", 0, 2, NULL},
    {"a", -1, 0, "'a' is not key=value (known keys: a, b)"},
    {"a=1;zz=3", -1, 1, "unknown demo adapter option 'zz' (known keys: a, b)"},
    {"bad=1", -1, 0, "bad value"},
};

START_TEST(options_table)
{
    seen s;
    memset(&s, 0, sizeof s);
    char err[256] = "";
    int rc = sct_vopt_parse(option_cases[_i].text, "demo", "a, b", record, &s,
                            err, sizeof err);
    ck_assert_int_eq(rc, option_cases[_i].rc);
    ck_assert_int_eq(s.n, option_cases[_i].n);
    if (option_cases[_i].err_part)
        ck_assert_msg(strstr(err, option_cases[_i].err_part) != NULL, "%s",
                      err);
    if (_i == 2)
        ck_assert_str_eq(s.values[1], "x=y");
}
END_TEST

START_TEST(options_copy_refuses_empty_and_long)
{
    char dst[4], err[128];
    ck_assert_int_eq(sct_vopt_copy(dst, sizeof dst, "abc", 3, "d", "k", err,
                                   sizeof err), 0);
    ck_assert_str_eq(dst, "abc");
    ck_assert_int_eq(sct_vopt_copy(dst, sizeof dst, "abcd", 4, "d", "k", err,
                                   sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "k="));
    ck_assert_int_eq(sct_vopt_copy(dst, sizeof dst, "", 0, "d", "k", err,
                                   sizeof err), -1);
}
END_TEST

START_TEST(cache_path_precedence)
{
    char out[256];
    setenv("SONNX_CTS_CACHE", "/c", 1);
    setenv("XDG_CACHE_HOME", "/x", 1);
    setenv("HOME", "/h", 1);
    ck_assert_int_eq(sct_vendor_cache_path("t/f", out, sizeof out), 0);
    ck_assert_str_eq(out, "/c/t/f");
    unsetenv("SONNX_CTS_CACHE");
    ck_assert_int_eq(sct_vendor_cache_path("t/f", out, sizeof out), 0);
    ck_assert_str_eq(out, "/x/sonnx-cts/t/f");
    unsetenv("XDG_CACHE_HOME");
    ck_assert_int_eq(sct_vendor_cache_path("t/f", out, sizeof out), 0);
    ck_assert_str_eq(out, "/h/.cache/sonnx-cts/t/f");
    ck_assert_int_eq(sct_vendor_cache_path("t/f", out, 8), -1);
    unsetenv("HOME");
    ck_assert_int_eq(sct_vendor_cache_path("t/f", out, sizeof out), -1);
}
END_TEST

START_TEST(identity_items_fit_or_refuse)
{
    char buf[32] = "1.0";
    ck_assert_int_eq(sct_vendor_identity_add(buf, sizeof buf, "k", "v"), 0);
    ck_assert_str_eq(buf, "1.0; k=v");
    ck_assert_int_eq(sct_vendor_identity_add(buf, sizeof buf, "long",
                                             "0123456789abcdefghij"), -1);
    ck_assert_str_eq(buf, "1.0; k=v");
}
END_TEST

START_TEST(identity_lib_sha256_of_loaded_check)
{
    /* libcheck is loaded in this test (linked); its sha256 is 64 hex. */
    char buf[SCT_VENDOR_IDENTITY_CAP] = "x", err[256] = "";
    char path[4096];
    if (sct_vendor_loaded_lib("libcheck.so", path, sizeof path) != 0)
        ck_assert_int_eq(sct_vendor_loaded_lib("libc.so", path, sizeof path),
                         0);
    const char *name = strstr(path, "libcheck.so") ? "libcheck.so" : "libc.so";
    ck_assert_msg(sct_vendor_identity_add_lib(buf, sizeof buf, name, err,
                                              sizeof err) == 0, "%s", err);
    const char *h = strstr(buf, "; sha256=");
    ck_assert_ptr_nonnull(h);
    ck_assert_uint_eq(strlen(h + 9), 64);
    ck_assert_int_eq(sct_vendor_identity_add_lib(buf, sizeof buf,
                                                 "libnot-there-at-all", err,
                                                 sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "libnot-there-at-all"));
}
END_TEST

START_TEST(arity_and_open)
{
    char m[128];
    ck_assert_int_eq(sct_vendor_check_arity("d", 2, 1, m, sizeof m),
                     SONNX_STATUS_OK);
    ck_assert_int_eq(sct_vendor_check_arity("d", 2, 2, m, sizeof m),
                     SONNX_STATUS_ERROR);
    ck_assert_ptr_nonnull(strstr(m, "2 outputs"));
    ck_assert_int_eq(sct_vendor_check_arity("d", 0, 1, m, sizeof m),
                     SONNX_STATUS_ERROR);
    ck_assert_int_eq(sct_vendor_check_arity("d", 3, 1, m, sizeof m),
                     SONNX_STATUS_ERROR);
    ck_assert_int_eq(sct_vendor_check_open("d", 0, m, sizeof m),
                     SONNX_STATUS_ERROR);
    ck_assert_ptr_nonnull(strstr(m, "d adapter: not initialised"));
}
END_TEST

/* Element counts: numeric's checked counter behind the adapters' message. */
static const struct {
    int32_t rank;
    int64_t dims[3];
    sonnx_status status;
    uint64_t count;
} count_rows[] = {
    {0, {0, 0, 0}, SONNX_STATUS_OK, 1},
    {2, {2, 3, 0}, SONNX_STATUS_OK, 6},
    {3, {2, 3, 0}, SONNX_STATUS_OK, 0},
    {1, {-1, 0, 0}, SONNX_STATUS_ERROR, 0},
    {3, {INT64_MAX, INT64_MAX, 3}, SONNX_STATUS_ERROR, 0},
    {SONNX_MAX_RANK + 1, {1, 1, 1}, SONNX_STATUS_ERROR, 0},
};

START_TEST(shape_count)
{
    int64_t dims[SONNX_MAX_RANK + 1] = {0};
    for (int i = 0; i < 3; i++)
        dims[i] = count_rows[_i].dims[i];
    for (int i = 3; i <= SONNX_MAX_RANK; i++)
        dims[i] = 1;
    uint64_t n = 12345;
    char m[160] = "";
    ck_assert_int_eq(sct_vendor_shape_count("d", count_rows[_i].rank, dims, &n, m, sizeof m),
                     count_rows[_i].status);
    if (count_rows[_i].status == SONNX_STATUS_OK) {
        ck_assert_uint_eq(n, count_rows[_i].count);
    } else {
        char want[160];
        snprintf(want, sizeof want, "d adapter: a shape of rank %d has a negative "
                 "dimension, too high a rank, or more elements than 64 bits count",
                 (int)count_rows[_i].rank);
        ck_assert_str_eq(m, want);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("vendor_common");
    TCase *tc = tcase_create("all");
    tcase_add_loop_test(tc, options_table, 0,
                        (int)(sizeof option_cases / sizeof option_cases[0]));
    tcase_add_test(tc, options_copy_refuses_empty_and_long);
    tcase_add_test(tc, cache_path_precedence);
    tcase_add_test(tc, identity_items_fit_or_refuse);
    tcase_add_test(tc, identity_lib_sha256_of_loaded_check);
    tcase_add_test(tc, arity_and_open);
    tcase_add_loop_test(tc, shape_count, 0, (int)(sizeof count_rows / sizeof count_rows[0]));
    suite_add_tcase(s, tc);
    return sct_check_run_suite(s);
}
