/*
 * test_ort_api_refusal.c — the adapter refuses, with a clear message, any
 * library that is not exactly ONNX Runtime 1.30.0 with a working status
 * round trip.  Uses stand-in libraries (fake_ort.c, not_ort.c);
 * their paths come from argv: missing-path not-ort wrong-version
 * broken-status good-fake.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ort_api.h"
#include "sct_check_main.h"

static const char *lib_not_ort, *lib_wrong_version, *lib_broken_status,
    *lib_good_fake;

static void expect_refusal(const char *path, const char *needle)
{
    sct_ort_api api;
    char err[512] = "";
    ck_assert_int_ne(sct_ort_api_load(path, &api, err, sizeof err), 0);
    ck_assert_msg(strstr(err, needle) != NULL, "message '%s' lacks '%s'", err,
                  needle);
    ck_assert_ptr_null(api.dl_handle);
    ck_assert(api.run == NULL);
}

START_TEST(missing_file_names_path_and_fix)
{
    expect_refusal("/nonexistent/libonnxruntime.so.1",
                   "/nonexistent/libonnxruntime.so.1");
    expect_refusal("/nonexistent/libonnxruntime.so.1",
                   "fetch-onnxruntime.sh");
}
END_TEST

START_TEST(not_onnx_runtime)
{
    expect_refusal(lib_not_ort, "no OrtGetApiBase");
}
END_TEST

START_TEST(other_version_refused)
{
    expect_refusal(lib_wrong_version, "is ONNX Runtime 1.29.0");
    expect_refusal(lib_wrong_version, "exactly 1.30.0");
}
END_TEST

START_TEST(broken_status_round_trip_refused)
{
    expect_refusal(lib_broken_status, "status round trip failed");
}
END_TEST

START_TEST(right_version_and_round_trip_accepted)
{
    /* Control: the same stand-in with a correct round trip loads, so the
     * two refusals above are caused by what they claim. */
    sct_ort_api api;
    char err[512] = "";
    ck_assert_msg(sct_ort_api_load(lib_good_fake, &api, err, sizeof err) == 0,
                  "%s", err);
    ck_assert_str_eq(api.version, "1.30.0");
    ck_assert(api.run != NULL);
    sct_ort_api_unload(&api);
    ck_assert_ptr_null(api.dl_handle);
}
END_TEST

START_TEST(error_code_names)
{
    ck_assert_str_eq(sct_ort_error_code_name(SCT_ORT_NOT_IMPLEMENTED),
                     "ORT_NOT_IMPLEMENTED");
    ck_assert_str_eq(sct_ort_error_code_name(SCT_ORT_EP_FAIL), "ORT_EP_FAIL");
    ck_assert_str_eq(sct_ort_error_code_name(-1), "ORT_UNKNOWN_ERROR_CODE");
    ck_assert_str_eq(sct_ort_error_code_name(12), "ORT_UNKNOWN_ERROR_CODE");
}
END_TEST

int main(int argc, char **argv)
{
    if (argc != 5) {
        fprintf(stderr, "usage: %s NOT_ORT WRONG_VERSION BROKEN_STATUS "
                        "GOOD_FAKE\n", argv[0]);
        return EXIT_FAILURE;
    }
    lib_not_ort = argv[1];
    lib_wrong_version = argv[2];
    lib_broken_status = argv[3];
    lib_good_fake = argv[4];
    const TTest *const tests[] = {
        missing_file_names_path_and_fix,
        not_onnx_runtime,
        other_version_refused,
        broken_status_round_trip_refused,
        right_version_and_round_trip_accepted,
        error_code_names,
    };
    return SCT_CHECK_RUN("ort_api_refusal", tests);
}
