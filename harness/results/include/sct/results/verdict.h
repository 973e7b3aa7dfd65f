/*
 * verdict.h — the verdict of one case and of a run, with stable names.
 */
#ifndef SCT_RESULTS_VERDICT_H
#define SCT_RESULTS_VERDICT_H

#include <stdbool.h>
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
    SCT_VERDICT_DECLINED_AT_RUN, /* run() answered UNSUPPORTED for a case
                                whose (op, types) query() accepted: not a
                                decline (declines are per (op, types),
                                docs/plugin-abi.md), a failure of its own */
    SCT_VERDICT_NOT_ENFORCED, /* a `reject` case (a model outside the SONNX
                                profile) the runtime accepted: the restriction
                                is not enforced by the runtime; counted apart
                                from the values (docs/spec-notes.md SN-24),
                                FAIL with --require-enforcement */
    SCT_VERDICT_OUT_OF_SCOPE, /* outside the vendor's --claim: not run, listed
                                (docs/cli.md "Claims") */
    SCT_VERDICT_WAIVED,      /* a failure covered by a governed waiver
                                (--waivers): counted apart, never PASS */
    SCT_VERDICT_COUNT
} sct_verdict;

/* "PASS", "FAIL", "CRASH", "TIMEOUT", "UNSUPPORTED", "ERROR",
 * "DECLINED_AT_RUN", "NOT_ENFORCED", "OUT_OF_SCOPE", "WAIVED". */
const char *sct_verdict_name(sct_verdict v);
/* SCT_VERDICT_COUNT when unknown. */
sct_verdict sct_verdict_from_name(const char *name);

/* Overall verdict of a set of case verdicts, the one rule of every report
 * and of the exit status (docs/cli.md "Verdicts and exit status"), first
 * match wins:
 *   ERROR           some ERROR (input or harness problem)           exit 2
 *   NON-CONFORMANT  some FAIL/CRASH/TIMEOUT/DECLINED_AT_RUN           exit 1
 *   NOTHING-PASSED  nothing selected, or every case UNSUPPORTED     exit 1
 *   PARTIAL         every case that ran passed, some were declined
 *                   (UNSUPPORTED) or waived (WAIVED): only what
 *                   passed conforms                                  exit 3
 *   CONFORMS        every selected case ran and passed              exit 0
 * A runtime that declines most of the profile is PARTIAL, never CONFORMS. */
typedef enum sct_overall {
    SCT_OVERALL_CONFORMS = 0,
    SCT_OVERALL_NON_CONFORMANT,
    SCT_OVERALL_ERROR,
    SCT_OVERALL_NOTHING_PASSED,
    SCT_OVERALL_PARTIAL,
    SCT_OVERALL_COUNT
} sct_overall;

/* "CONFORMS", "NON-CONFORMANT", "ERROR", "NOTHING-PASSED", "PARTIAL". */
const char *sct_overall_name(sct_overall o);
/* SCT_OVERALL_COUNT when unknown. */
sct_overall sct_overall_from_name(const char *name);
/* counts[SCT_VERDICT_COUNT]: number of cases per verdict. */
sct_overall sct_overall_from_counts(const size_t *counts);
/* 0 CONFORMS, 1 NON-CONFORMANT or NOTHING-PASSED, 2 ERROR, 3 PARTIAL. */
int sct_overall_exit_code(sct_overall o);
/* One sentence saying what the verdict means (without the exit status,
 * which a report states once: run_summary.h sct_run_exit): the same words
 * in the terminal, the JSON and the rendered reports. */
const char *sct_overall_meaning(sct_overall o);

/* Whether a case verdict fails the implementation: FAIL, CRASH, TIMEOUT,
 * DECLINED_AT_RUN (the one list; ERROR is no verdict on it). */
bool sct_verdict_is_failure(sct_verdict v);
/* Cases of a verdict that fail the implementation (sct_verdict_is_failure). */
size_t sct_verdict_failures(const size_t *counts);

#endif /* SCT_RESULTS_VERDICT_H */
