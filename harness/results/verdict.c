/*
 * verdict.c — verdict names and the overall verdict rule (verdict.h;
 * docs/cli.md, "Verdicts and exit status").  UNSUPPORTED is never counted
 * as passed or failed, but a run with declined cases certifies only what
 * ran (PARTIAL); an ERROR makes the run invalid, whatever else happened.
 */
#include <stdbool.h>
#include "sct/results/verdict.h"

#include "sct/text/name_table.h"

static const char *const k_verdicts[SCT_VERDICT_COUNT] = {
    [SCT_VERDICT_PASS] = "PASS",
    [SCT_VERDICT_FAIL] = "FAIL",
    [SCT_VERDICT_CRASH] = "CRASH",
    [SCT_VERDICT_TIMEOUT] = "TIMEOUT",
    [SCT_VERDICT_UNSUPPORTED] = "UNSUPPORTED",
    [SCT_VERDICT_ERROR] = "ERROR",
    [SCT_VERDICT_DECLINED_AT_RUN] = "DECLINED_AT_RUN",
    [SCT_VERDICT_NOT_ENFORCED] = "NOT_ENFORCED",
    [SCT_VERDICT_OUT_OF_SCOPE] = "OUT_OF_SCOPE",
    [SCT_VERDICT_WAIVED] = "WAIVED",
};

static const char *const k_overall[SCT_OVERALL_COUNT] = {
    [SCT_OVERALL_CONFORMS] = "CONFORMS",
    [SCT_OVERALL_NON_CONFORMANT] = "NON-CONFORMANT",
    [SCT_OVERALL_ERROR] = "ERROR",
    [SCT_OVERALL_NOTHING_PASSED] = "NOTHING-PASSED",
    [SCT_OVERALL_PARTIAL] = "PARTIAL",
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
    /* Outside the enum: no claim, never a pass. */
    return sct_name_of(k_overall, SCT_OVERALL_COUNT, (int)o, "ERROR");
}

sct_overall sct_overall_from_name(const char *name)
{
    return (sct_overall)sct_name_find(k_overall, SCT_OVERALL_COUNT, name);
}

bool sct_verdict_is_failure(sct_verdict v)
{
    return v == SCT_VERDICT_FAIL || v == SCT_VERDICT_CRASH || v == SCT_VERDICT_TIMEOUT ||
           v == SCT_VERDICT_DECLINED_AT_RUN;
}

size_t sct_verdict_failures(const size_t *counts)
{
    size_t n = 0;
    for (int v = 0; v < (int)SCT_VERDICT_COUNT; v++)
        if (sct_verdict_is_failure((sct_verdict)v))
            n += counts[v];
    return n;
}

sct_overall sct_overall_from_counts(const size_t *counts)
{
    if (counts[SCT_VERDICT_ERROR] > 0)
        return SCT_OVERALL_ERROR;
    if (sct_verdict_failures(counts) > 0)
        return SCT_OVERALL_NON_CONFORMANT;
    if (counts[SCT_VERDICT_PASS] == 0)
        return SCT_OVERALL_NOTHING_PASSED;
    /* Declined or waived: only what passed conforms. */
    if (counts[SCT_VERDICT_UNSUPPORTED] + counts[SCT_VERDICT_WAIVED] > 0)
        return SCT_OVERALL_PARTIAL;
    return SCT_OVERALL_CONFORMS;
}

int sct_overall_exit_code(sct_overall o)
{
    switch (o) {
    case SCT_OVERALL_CONFORMS: return 0;
    case SCT_OVERALL_NON_CONFORMANT:
    case SCT_OVERALL_NOTHING_PASSED: return 1;
    case SCT_OVERALL_PARTIAL: return 3;
    default: return 2;
    }
}

const char *sct_overall_meaning(sct_overall o)
{
    switch (o) {
    case SCT_OVERALL_CONFORMS:
        return "Every selected case ran and passed: no case declined, failed, "
               "crashed, timed out or errored.";
    case SCT_OVERALL_PARTIAL:
        return "Every case that ran passed, except cases the implementation "
               "declined (UNSUPPORTED) or failures a waiver covers (WAIVED): only "
               "what passed conforms; the declined op x types and the waivers are "
               "listed.";
    case SCT_OVERALL_NON_CONFORMANT:
        return "At least one case failed, crashed, timed out or was declined at "
               "run time after query() accepted its op and types.";
    case SCT_OVERALL_NOTHING_PASSED:
        return "No case passed: nothing was selected, or every case was "
               "unsupported. This is not a conformance claim.";
    default:
        return "Some cases could not be judged (vector or harness problem): "
               "the run proves nothing about them.";
    }
}
