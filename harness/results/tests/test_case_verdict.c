/*
 * test_case_verdict.c — every row of the verdict table (case_verdict.h),
 * written out by hand.
 */
#include <check.h>
#include <stdlib.h>

#include "sct/results/case_verdict.h"
#include "sct_check_main.h"

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
    /* accepted an out-of-profile model: the enforcement answer (SN-24) */
    {R, SCT_EXEC_OK, true, SCT_VERDICT_NOT_ENFORCED},
    {R, SCT_EXEC_ERROR, false, SCT_VERDICT_NOT_ENFORCED},
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

/* After query() accepted: run()'s UNSUPPORTED is no decline (docs/plugin-abi.md),
 * every other status as the table above. */
static const row k_after_query[] = {
    {V, SCT_EXEC_UNSUPPORTED, false, SCT_VERDICT_DECLINED_AT_RUN},
    {R, SCT_EXEC_UNSUPPORTED, false, SCT_VERDICT_DECLINED_AT_RUN},
    {N, SCT_EXEC_UNSUPPORTED, false, SCT_VERDICT_PASS},
    {V, SCT_EXEC_OK, true, SCT_VERDICT_PASS},
    {V, SCT_EXEC_ERROR, false, SCT_VERDICT_FAIL},
    {R, SCT_EXEC_OK, false, SCT_VERDICT_NOT_ENFORCED},
    {N, SCT_EXEC_CRASH, false, SCT_VERDICT_CRASH},
};

START_TEST(test_after_query)
{
    const row *r = &k_after_query[_i];
    const char *why = NULL;
    sct_verdict v = sct_case_verdict_after_query(r->e, r->s, r->match, &why);
    ck_assert_msg(v == r->want, "row %d: got %s want %s", _i, sct_verdict_name(v),
                  sct_verdict_name(r->want));
    ck_assert_ptr_nonnull(why);
}
END_TEST

/* The sweep rule (docs/sweeps.md), written out by hand: crash beats
 * timeout beats mismatches; the undefined pairs' call only matters when
 * the pairs passed, and is judged as a no-crash case. */
typedef struct {
    bool passed, crashed, timed_out;
    sct_exec_status undefined;
    sct_verdict want;
} sweep_row;

static const sweep_row k_sweep_rows[] = {
    {true, false, false, SCT_EXEC_OK, SCT_VERDICT_PASS},
    {true, false, false, SCT_EXEC_ERROR, SCT_VERDICT_PASS},
    {true, false, false, SCT_EXEC_INVALID_ARGUMENT, SCT_VERDICT_PASS},
    {true, false, false, SCT_EXEC_UNSUPPORTED, SCT_VERDICT_PASS},
    {true, false, false, SCT_EXEC_CRASH, SCT_VERDICT_CRASH},
    {true, false, false, SCT_EXEC_TIMEOUT, SCT_VERDICT_TIMEOUT},
    {true, false, false, SCT_EXEC_WRITE_PAST_OUTPUT, SCT_VERDICT_FAIL},
    {true, false, false, SCT_EXEC_SANDBOX, SCT_VERDICT_FAIL},
    {true, false, false, SCT_EXEC_HARNESS_ERROR, SCT_VERDICT_ERROR},
    {false, false, false, SCT_EXEC_OK, SCT_VERDICT_FAIL},
    {false, false, false, SCT_EXEC_CRASH, SCT_VERDICT_FAIL},
    {false, false, true, SCT_EXEC_OK, SCT_VERDICT_TIMEOUT},
    {true, false, true, SCT_EXEC_OK, SCT_VERDICT_TIMEOUT},
    {false, true, true, SCT_EXEC_OK, SCT_VERDICT_CRASH},
    {true, true, false, SCT_EXEC_OK, SCT_VERDICT_CRASH},
};

START_TEST(test_sweep_row)
{
    const sweep_row *r = &k_sweep_rows[_i];
    sct_verdict v = sct_sweep_verdict_rule(r->passed, r->crashed, r->timed_out, r->undefined);
    ck_assert_msg(v == r->want, "sweep row %d: got %s want %s", _i, sct_verdict_name(v),
                  sct_verdict_name(r->want));
}
END_TEST

int main(void)
{
    TCase *tc = tcase_create("rows");
    tcase_add_loop_test(tc, test_row, 0, (int)(sizeof k_rows / sizeof k_rows[0]));
    tcase_add_loop_test(tc, test_after_query, 0,
                        (int)(sizeof k_after_query / sizeof k_after_query[0]));
    tcase_add_loop_test(tc, test_sweep_row, 0,
                        (int)(sizeof k_sweep_rows / sizeof k_sweep_rows[0]));
    return sct_check_run_tcase("case_verdict", tc);
}
