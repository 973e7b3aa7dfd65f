/*
 * test_case_verdict.c — every row of the verdict table (case_verdict.h),
 * written out by hand.
 */
#include <check.h>
#include <stdlib.h>

#include "sct/results/case_verdict.h"

typedef struct {
    sct_expectation e;
    sct_exec_status s;
    bool match;
    sct_verdict want;
} row;

#define V SCT_EXPECT_VALUES
#define N SCT_EXPECT_NO_CRASH
#define R SCT_EXPECT_REJECT

static const row k_rows[] = {
    {V, SCT_EXEC_OK, true, SCT_VERDICT_PASS},
    {V, SCT_EXEC_OK, false, SCT_VERDICT_FAIL},
    {V, SCT_EXEC_INVALID_ARGUMENT, false, SCT_VERDICT_FAIL},
    {V, SCT_EXEC_ERROR, false, SCT_VERDICT_FAIL},
    {V, SCT_EXEC_UNSUPPORTED, false, SCT_VERDICT_UNSUPPORTED},
    {V, SCT_EXEC_CRASH, false, SCT_VERDICT_CRASH},
    {V, SCT_EXEC_TIMEOUT, false, SCT_VERDICT_TIMEOUT},
    {V, SCT_EXEC_BAD_STATUS, true, SCT_VERDICT_FAIL},
    {V, SCT_EXEC_WRITE_PAST_OUTPUT, true, SCT_VERDICT_FAIL},
    {V, SCT_EXEC_WRITE_TO_INPUT, true, SCT_VERDICT_FAIL},
    {V, SCT_EXEC_SANDBOX, true, SCT_VERDICT_FAIL},
    {V, SCT_EXEC_BAD_OUTPUT_META, true, SCT_VERDICT_FAIL},
    {V, SCT_EXEC_HARNESS_ERROR, true, SCT_VERDICT_ERROR},
    {N, SCT_EXEC_OK, false, SCT_VERDICT_PASS},
    {N, SCT_EXEC_INVALID_ARGUMENT, false, SCT_VERDICT_PASS},
    {N, SCT_EXEC_ERROR, false, SCT_VERDICT_PASS},
    {N, SCT_EXEC_UNSUPPORTED, false, SCT_VERDICT_UNSUPPORTED},
    {N, SCT_EXEC_CRASH, false, SCT_VERDICT_CRASH},
    {N, SCT_EXEC_TIMEOUT, false, SCT_VERDICT_TIMEOUT},
    {N, SCT_EXEC_WRITE_PAST_OUTPUT, false, SCT_VERDICT_FAIL},
    {N, SCT_EXEC_WRITE_TO_INPUT, false, SCT_VERDICT_FAIL},
    {N, SCT_EXEC_SANDBOX, false, SCT_VERDICT_FAIL},
    {N, SCT_EXEC_BAD_OUTPUT_META, false, SCT_VERDICT_FAIL},
    {N, SCT_EXEC_BAD_STATUS, false, SCT_VERDICT_FAIL},
    {R, SCT_EXEC_INVALID_ARGUMENT, false, SCT_VERDICT_PASS},
    {R, SCT_EXEC_OK, true, SCT_VERDICT_FAIL},
    {R, SCT_EXEC_ERROR, false, SCT_VERDICT_FAIL},
    {R, SCT_EXEC_UNSUPPORTED, false, SCT_VERDICT_UNSUPPORTED},
    {R, SCT_EXEC_CRASH, false, SCT_VERDICT_CRASH},
    {R, SCT_EXEC_TIMEOUT, false, SCT_VERDICT_TIMEOUT},
    {R, SCT_EXEC_HARNESS_ERROR, false, SCT_VERDICT_ERROR},
    /* A status outside the enum (corrupted or newer than this table) must
     * never reach the "orderly answer" rows that pass. */
    {N, (sct_exec_status)99, true, SCT_VERDICT_ERROR},
    {V, (sct_exec_status)99, true, SCT_VERDICT_ERROR},
    {R, (sct_exec_status)-1, true, SCT_VERDICT_ERROR},
};

START_TEST(test_row)
{
    const row *r = &k_rows[_i];
    const char *why = NULL;
    sct_verdict v = sct_case_verdict(r->e, r->s, r->match, &why);
    ck_assert_msg(v == r->want, "row %d: got %s want %s", _i, sct_verdict_name(v),
                  sct_verdict_name(r->want));
    ck_assert_ptr_nonnull(why);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("case_verdict");
    TCase *tc = tcase_create("rows");
    tcase_add_loop_test(tc, test_row, 0, (int)(sizeof k_rows / sizeof k_rows[0]));
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
