/*
 * verdict_tally.h — the verdict categories the reports colour and count,
 * and how a group of cases (an op x type cell, the cases of a requirement)
 * gets one verdict.
 *
 * Precedence (docs/reports.md, "Verdicts"): CRASH > ERROR > FAIL > PARTIAL >
 * UNSUPPORTED > PASS.  A group shows PASS only when every case in it passed;
 * PARTIAL (SCT_GV_MIXED) means some cases passed and the others were
 * unsupported or skipped (partial support: only what ran conforms);
 * UNSUPPORTED and skipped cases are never counted as passed; DECLINED_AT_RUN
 * counts as FAIL.  An empty group is NOT RUN.
 */
#ifndef SCT_RESULTS_VERDICT_TALLY_H
#define SCT_RESULTS_VERDICT_TALLY_H

#include <stddef.h>

typedef enum sct_verdict_cat {
    SCT_VC_PASS = 0,
    SCT_VC_FAIL,
    SCT_VC_UNSUPPORTED,
    SCT_VC_SKIPPED,
    SCT_VC_CRASH,      /* crash, timeout, memory fault of the implementation */
    SCT_VC_ERROR,      /* error status, harness/input error, anything else */
    SCT_VC_NOT_ENFORCED, /* an out-of-profile model accepted: counted apart
                            from the values (verdict.h) */
    SCT_VC_WAIVED,     /* a failure covered by a waiver: never a pass */
    SCT_VC_COUNT
} sct_verdict_cat;

typedef enum sct_group_verdict {
    SCT_GV_NOT_RUN = 0,
    SCT_GV_PASS,
    SCT_GV_MIXED,
    SCT_GV_UNSUPPORTED,
    SCT_GV_FAIL,
    SCT_GV_ERROR,
    SCT_GV_CRASH,
    SCT_GV_NOT_ENFORCED  /* only accepted out-of-profile models */
} sct_group_verdict;

typedef struct sct_verdict_tally {
    size_t n[SCT_VC_COUNT];
    size_t total;
} sct_verdict_tally;

/* Category of a case verdict string (case-insensitive): "PASS", "FAIL",
 * "UNSUPPORTED", "SKIPPED"/"NOT_RUN", "CRASH"/"TIMEOUT"/... ; anything
 * unknown is an ERROR, never a pass. */
sct_verdict_cat sct_verdict_category(const char *verdict);
const char *sct_verdict_cat_name(sct_verdict_cat c);   /* "PASS", ... */

void sct_tally_add(sct_verdict_tally *t, const char *verdict);
sct_group_verdict sct_tally_verdict(const sct_verdict_tally *t);
const char *sct_group_verdict_name(sct_group_verdict v); /* "PASS", "PARTIAL", "NOT RUN" */
/* CSS class of a group verdict ("v-pass", "v-fail", ...). */
const char *sct_group_verdict_class(sct_group_verdict v);
/* Same for one case verdict. */
const char *sct_verdict_cat_class(sct_verdict_cat c);

#endif /* SCT_RESULTS_VERDICT_TALLY_H */
