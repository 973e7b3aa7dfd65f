/*
 * verdict_tally.c — verdict categories and group precedence
 * (verdict_tally.h).
 */
#include "sct/results/verdict_tally.h"

#include <strings.h>

sct_verdict_cat sct_verdict_category(const char *v)
{
    if (v == NULL)
        return SCT_VC_ERROR;
    if (strcasecmp(v, "PASS") == 0 || strcasecmp(v, "PASSED") == 0)
        return SCT_VC_PASS;
    /* Declining at run time what query() accepted hides a failure
     * (docs/plugin-abi.md): it counts as one. */
    if (strcasecmp(v, "FAIL") == 0 || strcasecmp(v, "FAILED") == 0 ||
        strcasecmp(v, "DECLINED_AT_RUN") == 0)
        return SCT_VC_FAIL;
    if (strcasecmp(v, "UNSUPPORTED") == 0)
        return SCT_VC_UNSUPPORTED;
    if (strcasecmp(v, "NOT_ENFORCED") == 0)
        return SCT_VC_NOT_ENFORCED;
    if (strcasecmp(v, "WAIVED") == 0)
        return SCT_VC_WAIVED;
    if (strcasecmp(v, "SKIPPED") == 0 || strcasecmp(v, "SKIP") == 0 ||
        strcasecmp(v, "NOT_RUN") == 0 || strcasecmp(v, "OUT_OF_SCOPE") == 0)
        return SCT_VC_SKIPPED;
    /* Everything the isolation layer finds about the implementation itself
     * (backend.h: CRASH, TIMEOUT, WRITE_PAST_OUTPUT, WRITE_TO_INPUT,
     * SANDBOX). */
    if (strcasecmp(v, "CRASH") == 0 || strcasecmp(v, "TIMEOUT") == 0 ||
        strcasecmp(v, "WRITE_PAST_OUTPUT") == 0 ||
        strcasecmp(v, "WRITE_TO_INPUT") == 0 || strcasecmp(v, "SANDBOX") == 0)
        return SCT_VC_CRASH;
    return SCT_VC_ERROR;
}

const char *sct_verdict_cat_name(sct_verdict_cat c)
{
    static const char *const names[SCT_VC_COUNT] = {
        "PASS", "FAIL", "UNSUPPORTED", "SKIPPED", "CRASH", "ERROR", "NOT_ENFORCED", "WAIVED"};
    return (unsigned)c < SCT_VC_COUNT ? names[c] : "ERROR";
}

const char *sct_verdict_cat_class(sct_verdict_cat c)
{
    static const char *const cls[SCT_VC_COUNT] = {
        "v-pass", "v-fail", "v-unsup", "v-notrun", "v-crash", "v-error", "v-unsup", "v-mixed"};
    return (unsigned)c < SCT_VC_COUNT ? cls[c] : "v-error";
}

void sct_tally_add(sct_verdict_tally *t, const char *verdict)
{
    t->n[sct_verdict_category(verdict)]++;
    t->total++;
}

sct_group_verdict sct_tally_verdict(const sct_verdict_tally *t)
{
    if (t->total == 0)
        return SCT_GV_NOT_RUN;
    if (t->n[SCT_VC_CRASH])
        return SCT_GV_CRASH;
    if (t->n[SCT_VC_ERROR])
        return SCT_GV_ERROR;
    if (t->n[SCT_VC_FAIL])
        return SCT_GV_FAIL;
    /* Accepted out-of-profile models are the enforcement answer, not the
     * values one (SN-24): the group's values verdict leaves them out. */
    size_t judged = t->total - t->n[SCT_VC_NOT_ENFORCED];
    if (judged == 0)
        return SCT_GV_NOT_ENFORCED;
    if (t->n[SCT_VC_PASS] == judged)
        return SCT_GV_PASS;
    if (t->n[SCT_VC_PASS])
        return SCT_GV_MIXED;
    /* Only unsupported and/or skipped cases. */
    return t->n[SCT_VC_UNSUPPORTED] ? SCT_GV_UNSUPPORTED : SCT_GV_NOT_RUN;
}

const char *sct_group_verdict_name(sct_group_verdict v)
{
    switch (v) {
    case SCT_GV_PASS: return "PASS";
    case SCT_GV_MIXED: return "PARTIAL"; /* the run verdict's word (verdict.h) */
    case SCT_GV_UNSUPPORTED: return "UNSUPPORTED";
    case SCT_GV_FAIL: return "FAIL";
    case SCT_GV_ERROR: return "ERROR";
    case SCT_GV_CRASH: return "CRASH";
    case SCT_GV_NOT_ENFORCED: return "NOT_ENFORCED";
    default: return "NOT RUN";
    }
}

const char *sct_group_verdict_class(sct_group_verdict v)
{
    switch (v) {
    case SCT_GV_PASS: return "v-pass";
    case SCT_GV_MIXED: return "v-mixed";
    case SCT_GV_UNSUPPORTED: return "v-unsup";
    case SCT_GV_FAIL: return "v-fail";
    case SCT_GV_ERROR: return "v-error";
    case SCT_GV_CRASH: return "v-crash";
    case SCT_GV_NOT_ENFORCED: return "v-unsup";
    default: return "v-notrun";
    }
}
