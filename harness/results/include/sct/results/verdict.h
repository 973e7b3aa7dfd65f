/*
 * verdict.h — the verdict of one case and of a run, with stable names.
 */
#ifndef SCT_RESULTS_VERDICT_H
#define SCT_RESULTS_VERDICT_H

#include <stddef.h>

typedef enum sct_verdict {
    SCT_VERDICT_PASS = 0,    /* conforms */
    SCT_VERDICT_FAIL,        /* wrong values / status / output defect */
    SCT_VERDICT_CRASH,       /* the implementation crashed */
    SCT_VERDICT_TIMEOUT,     /* the implementation hung */
    SCT_VERDICT_UNSUPPORTED, /* the implementation declined: neither passed
                                nor failed */
    SCT_VERDICT_ERROR,       /* the case could not be run (bad vectors,
                                harness failure): no verdict on the
                                implementation */
    SCT_VERDICT_COUNT
} sct_verdict;

/* "PASS", "FAIL", "CRASH", "TIMEOUT", "UNSUPPORTED", "ERROR". */
const char *sct_verdict_name(sct_verdict v);
/* SCT_VERDICT_COUNT when unknown. */
sct_verdict sct_verdict_from_name(const char *name);

/* Overall verdict of a set of case verdicts (docs/cli.md "Exit status"). */
typedef enum sct_overall {
    SCT_OVERALL_CONFORMS = 0,  /* no FAIL/CRASH/TIMEOUT/ERROR, >= 1 PASS */
    SCT_OVERALL_NON_CONFORMANT,/* some FAIL/CRASH/TIMEOUT, no ERROR */
    SCT_OVERALL_ERROR,         /* some ERROR (input or harness problem) */
    SCT_OVERALL_NOTHING_PASSED /* nothing selected, or all UNSUPPORTED */
} sct_overall;

/* "CONFORMS", "NON-CONFORMANT", "ERROR", "NOTHING-PASSED". */
const char *sct_overall_name(sct_overall o);
/* counts[SCT_VERDICT_COUNT]: number of cases per verdict. */
sct_overall sct_overall_from_counts(const size_t *counts);
/* 0 CONFORMS, 1 NON-CONFORMANT or NOTHING-PASSED, 2 ERROR. */
int sct_overall_exit_code(sct_overall o);

#endif /* SCT_RESULTS_VERDICT_H */
