/*
 * test_ort_status_map.c — ORT errors → sonnx statuses (rules: see
 * ort_status_map.h).  The messages are ORT 1.30.0's own texts, as observed
 * from the library for bfloat16 Div, int4 Div and float/double Div.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "ort_api.h"
#include "ort_status_map.h"
#include "sct_check_main.h"

START_TEST(missing_kernel_is_unsupported)
{
    ck_assert_int_eq(
        sct_ort_map_session_error(SCT_ORT_NOT_IMPLEMENTED,
                                  "Could not find an implementation for "
                                  "Div(14) node with name 'n'"),
        SONNX_STATUS_UNSUPPORTED);
    /* The code alone decides, whatever the text. */
    ck_assert_int_eq(sct_ort_map_session_error(SCT_ORT_NOT_IMPLEMENTED, ""),
                     SONNX_STATUS_UNSUPPORTED);
    /* The text alone decides, whatever the code. */
    ck_assert_int_eq(
        sct_ort_map_session_error(SCT_ORT_FAIL, "Could not find an "
                                                "implementation for Mul(14)"),
        SONNX_STATUS_UNSUPPORTED);
}
END_TEST

START_TEST(type_not_accepted_is_unsupported)
{
    ck_assert_int_eq(
        sct_ort_map_session_error(
            SCT_ORT_INVALID_GRAPH,
            "This is an invalid model. Type Error: Type 'tensor(int4)' of "
            "input parameter (A) of operator (Div) in node (n) is invalid."),
        SONNX_STATUS_UNSUPPORTED);
}
END_TEST

START_TEST(mixed_types_are_rejected)
{
    ck_assert_int_eq(
        sct_ort_map_session_error(
            SCT_ORT_FAIL,
            "Type Error: Type parameter (T) of Optype (Div) bound to "
            "different types (tensor(float) and tensor(double) in node (n)."),
        SONNX_STATUS_INVALID_ARGUMENT);
}
END_TEST

START_TEST(other_failures_are_errors)
{
    ck_assert_int_eq(sct_ort_map_session_error(SCT_ORT_INVALID_PROTOBUF,
                                               "Failed to load model"),
                     SONNX_STATUS_ERROR);
    ck_assert_int_eq(sct_ort_map_session_error(SCT_ORT_FAIL, "out of memory"),
                     SONNX_STATUS_ERROR);
    /* A type-error text with an unrelated code is not a type verdict. */
    ck_assert_int_eq(sct_ort_map_session_error(SCT_ORT_RUNTIME_EXCEPTION,
                                               "Type Error: x"),
                     SONNX_STATUS_ERROR);
    ck_assert_int_eq(sct_ort_map_session_error(SCT_ORT_FAIL, NULL),
                     SONNX_STATUS_ERROR);
}
END_TEST

START_TEST(run_failures_are_errors)
{
    ck_assert_int_eq(sct_ort_map_run_error(SCT_ORT_FAIL,
                                           "Integer division by zero"),
                     SONNX_STATUS_ERROR);
    ck_assert_int_eq(sct_ort_map_run_error(SCT_ORT_INVALID_ARGUMENT, "x"),
                     SONNX_STATUS_ERROR);
    ck_assert_int_eq(sct_ort_map_run_error(SCT_ORT_NOT_IMPLEMENTED, "x"),
                     SONNX_STATUS_ERROR);
}
END_TEST

START_TEST(message_keeps_ort_text_and_code)
{
    char out[128];
    sct_ort_format_error(out, sizeof out, "Run", SCT_ORT_FAIL, "boom");
    ck_assert_str_eq(out, "ONNX Runtime Run failed [ORT_FAIL]: boom");
    sct_ort_format_error(out, sizeof out, "x", 42, NULL);
    ck_assert_str_eq(out,
                     "ONNX Runtime x failed [ORT_UNKNOWN_ERROR_CODE]: (no "
                     "message)");
    char tiny[8];
    sct_ort_format_error(tiny, sizeof tiny, "Run", SCT_ORT_FAIL, "boom");
    ck_assert_uint_eq(strlen(tiny), sizeof tiny - 1);
}
END_TEST

int main(void)
{
    const TTest *const tests[] = {
        missing_kernel_is_unsupported,
        type_not_accepted_is_unsupported,
        mixed_types_are_rejected,
        other_failures_are_errors,
        run_failures_are_errors,
        message_keeps_ort_text_and_code,
    };
    return SCT_CHECK_RUN("ort_status_map", tests);
}
