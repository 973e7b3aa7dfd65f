/*
 * case_verdict.h — the one verdict rule: of a case, from its expectation
 * and how the implementation answered (docs/cli.md "Verdicts"), and of a
 * sweep (docs/sweeps.md):
 *
 *   exec status         values            no-crash   reject
 *   OK                  compare elements  PASS       NOT_ENFORCED (accepted)
 *   INVALID_ARGUMENT    FAIL (rejected)   PASS       PASS
 *   ERROR               FAIL              PASS       FAIL
 *   UNSUPPORTED         UNSUPPORTED       UNSUPPORTED UNSUPPORTED
 *   CRASH / TIMEOUT     CRASH / TIMEOUT   idem       idem
 *   BAD_STATUS, WRITE_PAST_OUTPUT, WRITE_TO_INPUT, BAD_OUTPUT_META, SANDBOX: FAIL
 *   HARNESS_ERROR       ERROR (no verdict on the implementation)
 *
 * no-crash cases (values undefined by the spec, e.g. integer division by
 * zero, sonnx-div B:C1) pass on any orderly answer, including an ERROR
 * status with a message: refusing an undefined operation is conforming;
 * only crashes, hangs and memory/ABI defects fail.
 */
#ifndef SCT_RESULTS_CASE_VERDICT_H
#define SCT_RESULTS_CASE_VERDICT_H

#include <stdbool.h>

#include "sct/exec/backend.h"
#include "sct/model/case.h"
#include "sct/results/verdict.h"

/* For SCT_EXEC_OK with SCT_EXPECT_VALUES the caller compares the elements
 * and passes the outcome in `values_match`; ignored otherwise.  `why`
 * receives a static explanation for non-obvious verdicts ("" otherwise). */
sct_verdict sct_case_verdict(sct_expectation expectation, sct_exec_status status,
                             bool values_match, const char **why);

/* The verdict of a case whose (op, types) query() accepted, from what run()
 * answered: as sct_case_verdict, except that UNSUPPORTED is no decline any
 * more (declines are per (op, types), decided by query(): docs/plugin-abi.md)
 * but DECLINED_AT_RUN, a failure, for values and reject cases; for a
 * no-crash case it is an orderly refusal of an undefined operation: PASS. */
sct_verdict sct_case_verdict_after_query(sct_expectation expectation, sct_exec_status status,
                                         bool values_match, const char **why);

/* The verdict of a sweep, exhaustive or sampled, for `sweep` and for
 * `merge` of sweep shards (one rule, so a merged sweep's verdict is the
 * unsharded one's).  The compared pairs first: a batch that crashed makes
 * it CRASH, else one that timed out TIMEOUT, else PASS when every pair
 * matched (`pairs_passed`), else FAIL.  Then, when the pairs passed, the
 * call on the pairs whose value the spec leaves undefined is judged as
 * `run` judges a no-crash case (an orderly OK, ERROR or INVALID_ARGUMENT
 * conforms; a crash, hang or memory defect does not; UNSUPPORTED leaves the
 * pairs' PASS).  Without such a call pass SCT_EXEC_OK. */
sct_verdict sct_sweep_verdict_rule(bool pairs_passed, bool pairs_crashed,
                                   bool pairs_timed_out, sct_exec_status undefined_status);

#endif /* SCT_RESULTS_CASE_VERDICT_H */
