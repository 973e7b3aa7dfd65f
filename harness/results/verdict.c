/*
 * verdict.c — verdict names and the overall verdict rule (docs/cli.md,
 * "Exit status").  UNSUPPORTED is never counted as passed or failed; an
 * ERROR makes the run invalid, whatever else happened.
 */
#include "sct/results/verdict.h"

#include "sct/check/name_table.h"

static const char *const k_verdicts[SCT_VERDICT_COUNT] = {
    [SCT_VERDICT_PASS] = "PASS",
    [SCT_VERDICT_FAIL] = "FAIL",
    [SCT_VERDICT_CRASH] = "CRASH",
    [SCT_VERDICT_TIMEOUT] = "TIMEOUT",
    [SCT_VERDICT_UNSUPPORTED] = "UNSUPPORTED",
    [SCT_VERDICT_ERROR] = "ERROR",
};

const char *sct_verdict_name(sct_verdict v)
{
    return sct_name_of(k_verdicts, SCT_VERDICT_COUNT, (int)v, "ERROR");
}

sct_verdict sct_verdict_from_name(const char *name)
{
    return (sct_verdict)sct_name_find(k_verdicts, SCT_VERDICT_COUNT, name);
}

const char *sct_overall_name(sct_overall o)
{
    switch (o) {
    case SCT_OVERALL_CONFORMS: return "CONFORMS";
    case SCT_OVERALL_NON_CONFORMANT: return "NON-CONFORMANT";
    case SCT_OVERALL_ERROR: return "ERROR";
    default: return "NOTHING-PASSED";
    }
}

sct_overall sct_overall_from_counts(const size_t *counts)
{
    if (counts[SCT_VERDICT_ERROR] > 0)
        return SCT_OVERALL_ERROR;
    if (counts[SCT_VERDICT_FAIL] + counts[SCT_VERDICT_CRASH] +
            counts[SCT_VERDICT_TIMEOUT] > 0)
        return SCT_OVERALL_NON_CONFORMANT;
    if (counts[SCT_VERDICT_PASS] == 0)
        return SCT_OVERALL_NOTHING_PASSED;
    return SCT_OVERALL_CONFORMS;
}

int sct_overall_exit_code(sct_overall o)
{
    switch (o) {
    case SCT_OVERALL_CONFORMS: return 0;
    case SCT_OVERALL_ERROR: return 2;
    default: return 1;
    }
}
