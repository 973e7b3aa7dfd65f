/*
 * test_ort_options.c — the adapter's option string and default library path
 * (rules in ort_options.h; the cache layout is the one
 * scripts/fetch-onnxruntime.sh writes).
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "ort_api.h"
#include "ort_options.h"
#include "sct_check_main.h"

static void clear_env(void)
{
    unsetenv("SONNX_CTS_ORT_LIB");
    unsetenv("SONNX_CTS_CACHE");
    unsetenv("XDG_CACHE_HOME");
    setenv("HOME", "/home/tester", 1);
}

START_TEST(empty_options_give_defaults)
{
    clear_env();
    sct_ort_options o;
    char err[256] = "";
    ck_assert_int_eq(sct_ort_options_parse("", &o, err, sizeof err), 0);
    ck_assert_str_eq(o.lib_path, "/home/tester/.cache/sonnx-cts/"
                                 "onnxruntime-1.30.0/libonnxruntime.so.1");
    ck_assert_int_eq(o.graph_opt_level, SCT_ORT_GRAPH_OPT_DISABLE_ALL);
    ck_assert_str_eq(o.graph_opt_name, "disable");
    ck_assert_int_eq(sct_ort_options_parse(NULL, &o, err, sizeof err), 0);
}
END_TEST

START_TEST(cache_env_precedence)
{
    clear_env();
    sct_ort_options o;
    char err[256] = "";
    setenv("XDG_CACHE_HOME", "/xdg", 1);
    ck_assert_int_eq(sct_ort_options_parse("", &o, err, sizeof err), 0);
    ck_assert_str_eq(o.lib_path,
                     "/xdg/sonnx-cts/onnxruntime-1.30.0/libonnxruntime.so.1");
    setenv("SONNX_CTS_CACHE", "/cache", 1);
    ck_assert_int_eq(sct_ort_options_parse("", &o, err, sizeof err), 0);
    ck_assert_str_eq(o.lib_path,
                     "/cache/onnxruntime-1.30.0/libonnxruntime.so.1");
    setenv("SONNX_CTS_ORT_LIB", "/env/libort.so", 1);
    ck_assert_int_eq(sct_ort_options_parse("", &o, err, sizeof err), 0);
    ck_assert_str_eq(o.lib_path, "/env/libort.so");
    /* lib= beats everything. */
    ck_assert_int_eq(sct_ort_options_parse("lib=/opt/x.so", &o, err,
                                           sizeof err), 0);
    ck_assert_str_eq(o.lib_path, "/opt/x.so");
    clear_env();
}
END_TEST

START_TEST(two_keys_either_separator)
{
    clear_env();
    sct_ort_options o;
    char err[256] = "";
    ck_assert_int_eq(sct_ort_options_parse("lib=/a/b.so;graph_opt=all", &o,
                                           err, sizeof err), 0);
    ck_assert_str_eq(o.lib_path, "/a/b.so");
    ck_assert_int_eq(o.graph_opt_level, SCT_ORT_GRAPH_OPT_ALL);
    ck_assert_int_eq(sct_ort_options_parse("graph_opt=basic,lib=/c.so", &o,
                                           err, sizeof err), 0);
    ck_assert_str_eq(o.lib_path, "/c.so");
    ck_assert_int_eq(o.graph_opt_level, SCT_ORT_GRAPH_OPT_BASIC);
    ck_assert_int_eq(sct_ort_options_parse("graph_opt=extended", &o, err,
                                           sizeof err), 0);
    ck_assert_int_eq(o.graph_opt_level, SCT_ORT_GRAPH_OPT_EXTENDED);
}
END_TEST

START_TEST(bad_options_are_refused_by_name)
{
    clear_env();
    sct_ort_options o;
    char err[256] = "";
    ck_assert_int_ne(sct_ort_options_parse("libb=/x", &o, err, sizeof err), 0);
    ck_assert_ptr_nonnull(strstr(err, "libb"));
    ck_assert_int_ne(sct_ort_options_parse("graph_opt=fast", &o, err,
                                           sizeof err), 0);
    ck_assert_ptr_nonnull(strstr(err, "fast"));
    ck_assert_int_ne(sct_ort_options_parse("lib", &o, err, sizeof err), 0);
    ck_assert_ptr_nonnull(strstr(err, "key=value"));
    ck_assert_int_ne(sct_ort_options_parse("lib=", &o, err, sizeof err), 0);
}
END_TEST

START_TEST(no_home_no_path)
{
    clear_env();
    unsetenv("HOME");
    sct_ort_options o;
    char err[256] = "";
    ck_assert_int_ne(sct_ort_options_parse("", &o, err, sizeof err), 0);
    ck_assert_ptr_nonnull(strstr(err, "lib=PATH"));
    /* An explicit path needs no environment. */
    ck_assert_int_eq(sct_ort_options_parse("lib=/x.so", &o, err, sizeof err),
                     0);
    clear_env();
}
END_TEST

int main(void)
{
    const TTest *const tests[] = {
        empty_options_give_defaults,
        cache_env_precedence,
        two_keys_either_separator,
        bad_options_are_refused_by_name,
        no_home_no_path,
    };
    return SCT_CHECK_RUN("ort_options", tests);
}
