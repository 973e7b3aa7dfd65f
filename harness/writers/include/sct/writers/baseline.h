/*
 * baseline.h — known verdicts of an implementation, so that CI
 * fails only on CHANGES: a case whose verdict differs from the baseline
 * (a new failure, or a case that now passes), or a case the baseline does
 * not know.  Schema "sonnx-cts-baseline" 1.0 (docs/report-format.md).
 */
#ifndef SCT_WRITERS_BASELINE_H
#define SCT_WRITERS_BASELINE_H

#include <stddef.h>
#include <stdio.h>

#include "sct/results/report_model.h"

#define SCT_BASELINE_SCHEMA "sonnx-cts-baseline"
#define SCT_BASELINE_SCHEMA_VERSION "1.0"
/* Limits of a baseline file given to --baseline: the file, and one entry. */
#define SCT_BASELINE_MAX_BYTES (UINT64_C(1) << 32)
#define SCT_BASELINE_MAX_ENTRY_BYTES (UINT64_C(1) << 20)

int sct_baseline_write(const char *path, const sct_run_report *r, char *err,
                       size_t err_cap);

typedef struct sct_baseline_diff {
    size_t compared;        /* run cases found in the baseline */
    size_t changed;         /* verdict differs */
    size_t now_passing;     /* of changed: baseline not PASS, run PASS */
    size_t new_failures;    /* of changed: baseline PASS, run not PASS */
    size_t worse;           /* same failing verdict, failing worse: more
                               mismatches, larger max ULP, new deviation class */
    size_t unknown;         /* run cases the baseline does not have */
    size_t not_run;         /* baseline cases not in this run (info) */
    size_t ulp_changed;     /* same verdict, different max_ulp (info) */
    int identity_notes;     /* vector set / backend differ (info) */
} sct_baseline_diff;

/* Compares the run with the baseline at `path`, writing one line per
 * difference to `out` (naming the case).  Returns 0 when the comparison
 * was made (see `d`), non-zero with `err` when the baseline is unusable or
 * was recorded under another profile.  Exit status rule: differences
 * (changed + worse + unknown) > 0 -> 1, else 0 (run_summary.h sct_run_exit). */
int sct_baseline_compare(const char *path, const sct_run_report *r, FILE *out,
                         sct_baseline_diff *d, char *err, size_t err_cap);

#endif /* SCT_WRITERS_BASELINE_H */
