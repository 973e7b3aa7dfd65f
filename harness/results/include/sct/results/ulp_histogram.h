/*
 * ulp_histogram.h — the bins of the per-element ULP histogram that case and
 * group records of the JSON report carry (docs/report-format.md,
 * "ulp_histogram"; drawn by the HTML report, docs/reports.md).
 *
 * Only MISMATCHING elements are binned, by their ULP distance: every one of
 * them, not just the samples (the runner bins them in the comparison
 * callback).  Matching elements are counted as one "match" bar (elements -
 * mismatches): within tolerance, their exact distance (0, or 1 for Pow) is
 * not reported by the comparison.
 */
#ifndef SCT_RESULTS_ULP_HISTOGRAM_H
#define SCT_RESULTS_ULP_HISTOGRAM_H

#include <stddef.h>
#include <stdint.h>

/* "0" (distance 0 yet a mismatch: -0 vs +0, NaN payload), "1", "2", "3-4",
 * "5-16", "17-256", "257-64K", ">64K", "n/a" (no ULP distance: NaN vs
 * number, integer and bool elements). */
#define SCT_ULP_HIST_BINS 9

typedef struct sct_ulp_bin_def {
    const char *label;
    uint64_t lo, hi;   /* inclusive ULP range; n/a: measurable == 0 */
    int measurable;
} sct_ulp_bin_def;

/* The SCT_ULP_HIST_BINS bin definitions, in order. */
const sct_ulp_bin_def *sct_ulp_bin_defs(void);
/* Bin of a mismatch's distance (SCT_ULP_NONE -> the n/a bin). */
size_t sct_ulp_bin_of(uint64_t ulp);
/* Index of a label, or SCT_ULP_HIST_BINS when unknown. */
size_t sct_ulp_bin_by_label(const char *label);

#endif /* SCT_RESULTS_ULP_HISTOGRAM_H */
