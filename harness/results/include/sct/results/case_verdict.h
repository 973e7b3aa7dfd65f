/*
 * case_verdict.h — the verdict of a case from its expectation and how the
 * implementation answered (docs/cli.md "Verdicts"):
 *
 *   exec status         values            no-crash   reject
 *   OK                  compare elements  PASS       FAIL (accepted)
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
#ifndef SCT_CLI_CASE_VERDICT_H
#define SCT_CLI_CASE_VERDICT_H

#include <stdbool.h>

#include "sct/exec/backend.h"
#include "sct/model/case.h"
#include "sct/results/verdict.h"

/* For SCT_EXEC_OK with SCT_EXPECT_VALUES the caller compares the elements
 * and passes the outcome in `values_match`; ignored otherwise.  `why`
 * receives a static explanation for non-obvious verdicts ("" otherwise). */
sct_verdict sct_case_verdict(sct_expectation expectation, sct_exec_status status,
                             bool values_match, const char **why);

#endif /* SCT_CLI_CASE_VERDICT_H */
