/*
 * case_verdict.c — the verdict rules of case_verdict.h: the case table,
 * and the sweep rule built on it.
 */
#include "sct/results/case_verdict.h"

sct_verdict sct_case_verdict(sct_expectation expectation, sct_exec_status status,
                             bool values_match, const char **why)
{
    *why = "";
    switch (status) {
    case SCT_EXEC_UNSUPPORTED: return SCT_VERDICT_UNSUPPORTED;
    case SCT_EXEC_CRASH: return SCT_VERDICT_CRASH;
    case SCT_EXEC_TIMEOUT: return SCT_VERDICT_TIMEOUT;
    case SCT_EXEC_HARNESS_ERROR:
        *why = "harness failure: no verdict on the implementation";
        return SCT_VERDICT_ERROR;
    case SCT_EXEC_BAD_STATUS:
        *why = "returned a value outside sonnx_status";
        return SCT_VERDICT_FAIL;
    case SCT_EXEC_WRITE_PAST_OUTPUT:
        *why = "wrote past the end of the output buffer";
        return SCT_VERDICT_FAIL;
    case SCT_EXEC_WRITE_TO_INPUT:
        *why = "wrote into a read-only input";
        return SCT_VERDICT_FAIL;
    case SCT_EXEC_SANDBOX:
        *why = "sandbox violation";
        return SCT_VERDICT_FAIL;
    case SCT_EXEC_BAD_OUTPUT_META:
        *why = "reported an output type or shape other than expected";
        return SCT_VERDICT_FAIL;
    case SCT_EXEC_OK:
    case SCT_EXEC_INVALID_ARGUMENT:
    case SCT_EXEC_ERROR:
        break; /* the orderly answers: judged by the expectation below */
    default:
        /* Outside the enum: never let it reach the rows that pass. */
        *why = "harness failure: unknown execution status";
        return SCT_VERDICT_ERROR;
    }
    switch (expectation) {
    case SCT_EXPECT_NO_CRASH:
        /* OK, INVALID_ARGUMENT, ERROR: an orderly answer to an undefined
         * operation conforms. */
        return SCT_VERDICT_PASS;
    case SCT_EXPECT_REJECT:
        if (status == SCT_EXEC_INVALID_ARGUMENT)
            return SCT_VERDICT_PASS;
        if (status == SCT_EXEC_OK) {
            /* The values answer and the enforcement answer are separate
             * (docs/spec-notes.md SN-24): accepting an out-of-profile model
             * leaves the restriction to the model checker. */
            *why = "accepted a model outside the profile: restriction not enforced by the "
                   "runtime (to be enforced by the model checker; --require-enforcement "
                   "makes it count)";
            return SCT_VERDICT_NOT_ENFORCED;
        }
        /* ERROR: refused, but not with the ABI's INVALID_ARGUMENT. The refusal
         * cannot be told from a failure, so enforcement by the runtime is not
         * shown; yet the runtime computed no values, so it is no values FAIL
         * either (a runtime that refuses must not fare worse than one that
         * accepts): the same enforcement answer as an acceptance (SN-24). */
        *why = "refused an input outside the profile with ERROR, not INVALID_ARGUMENT: the "
               "refusal cannot be told from a failure, so enforcement by the runtime is not "
               "shown (to be enforced by the model checker; --require-enforcement makes it "
               "count)";
        return SCT_VERDICT_NOT_ENFORCED;
    case SCT_EXPECT_VALUES:
    default:
        if (status == SCT_EXEC_OK) /* the element lines say why */
            return values_match ? SCT_VERDICT_PASS : SCT_VERDICT_FAIL;
        *why = status == SCT_EXEC_INVALID_ARGUMENT
                   ? "rejected a valid input (INVALID_ARGUMENT)"
                   : "answered ERROR to a valid input";
        return SCT_VERDICT_FAIL;
    }
}

sct_verdict sct_case_verdict_after_query(sct_expectation expectation, sct_exec_status status,
                                         bool values_match, const char **why)
{
    if (status != SCT_EXEC_UNSUPPORTED)
        return sct_case_verdict(expectation, status, values_match, why);
    if (expectation == SCT_EXPECT_NO_CRASH) {
        *why = "";
        return SCT_VERDICT_PASS;
    }
    *why = "run() answered UNSUPPORTED although query() accepted the op and types "
           "(declined at run time: hides a failure)";
    return SCT_VERDICT_DECLINED_AT_RUN;
}

sct_verdict sct_sweep_verdict_rule(bool pairs_passed, bool pairs_crashed,
                                   bool pairs_timed_out, sct_exec_status undefined_status)
{
    if (pairs_crashed)
        return SCT_VERDICT_CRASH;
    if (pairs_timed_out)
        return SCT_VERDICT_TIMEOUT;
    if (!pairs_passed)
        return SCT_VERDICT_FAIL;
    const char *why;
    sct_verdict u = sct_case_verdict(SCT_EXPECT_NO_CRASH, undefined_status, true, &why);
    return u == SCT_VERDICT_UNSUPPORTED ? SCT_VERDICT_PASS : u;
}
