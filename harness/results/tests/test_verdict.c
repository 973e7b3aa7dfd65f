/*
 * test_verdict.c — verdict names and the overall rule: UNSUPPORTED never
 * counts as passed, ERROR dominates, nothing passed is not conformance.
 */
#include <check.h>
#include <stdlib.h>

#include "sct/results/verdict.h"
#include "sct_check_main.h"

START_TEST(test_names)
{
    ck_assert_str_eq(sct_verdict_name(SCT_VERDICT_PASS), "PASS");
    ck_assert_str_eq(sct_verdict_name(SCT_VERDICT_UNSUPPORTED), "UNSUPPORTED");
    ck_assert_int_eq(sct_verdict_from_name("TIMEOUT"), SCT_VERDICT_TIMEOUT);
    ck_assert_int_eq(sct_verdict_from_name("pass"), SCT_VERDICT_COUNT);
    ck_assert_int_eq(sct_verdict_from_name(NULL), SCT_VERDICT_COUNT);
    /* A value outside the enum (a corrupt spool) is no verdict: ERROR. */
    ck_assert_str_eq(sct_verdict_name(SCT_VERDICT_COUNT), "ERROR");
}
END_TEST

START_TEST(test_overall)
{
    size_t c[SCT_VERDICT_COUNT] = {0};
    ck_assert_int_eq(sct_overall_from_counts(c), SCT_OVERALL_NOTHING_PASSED);
    ck_assert_int_eq(sct_overall_exit_code(SCT_OVERALL_NOTHING_PASSED), 1);
    c[SCT_VERDICT_UNSUPPORTED] = 5;
    ck_assert_int_eq(sct_overall_from_counts(c), SCT_OVERALL_NOTHING_PASSED);
    c[SCT_VERDICT_PASS] = 3;
    ck_assert_int_eq(sct_overall_from_counts(c), SCT_OVERALL_CONFORMS);
    ck_assert_int_eq(sct_overall_exit_code(SCT_OVERALL_CONFORMS), 0);
    c[SCT_VERDICT_TIMEOUT] = 1;
    ck_assert_int_eq(sct_overall_from_counts(c), SCT_OVERALL_NON_CONFORMANT);
    ck_assert_int_eq(sct_overall_exit_code(SCT_OVERALL_NON_CONFORMANT), 1);
    c[SCT_VERDICT_ERROR] = 1;
    ck_assert_int_eq(sct_overall_from_counts(c), SCT_OVERALL_ERROR);
    ck_assert_int_eq(sct_overall_exit_code(SCT_OVERALL_ERROR), 2);
    ck_assert_str_eq(sct_overall_name(SCT_OVERALL_NON_CONFORMANT), "NON-CONFORMANT");
}
END_TEST

int main(void)
{
    const TTest *const tests[] = {test_names, test_overall};
    return SCT_CHECK_RUN("verdict", tests);
}
