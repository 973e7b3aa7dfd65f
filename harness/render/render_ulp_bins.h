/*
 * render_ulp_bins.h — the ULP histogram of an op x type group, ready to
 * draw, from what the JSON carries.
 *
 * Float outputs: the group's "ulp_histogram" (every element: the matching
 * ones as one "match" bar, the mismatching ones by ULP distance; written by
 * the runner, ulp_histogram.h).  When a JSON has none (written before the
 * histogram existed), the chart is derived from the case records and says so
 * in its caption: CASES by their worst element's ULP distance (counted
 * while loading, sct_ulp_bins_count_case).  Integer and
 * bool outputs: ELEMENTS as exact / mismatch.  Nothing is ever estimated.
 */
#ifndef SCT_REPORT_RENDER_ULP_BINS_H
#define SCT_REPORT_RENDER_ULP_BINS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sct/render/render_model.h"
#include "svg_histogram.h"

#define SCT_ULP_BINS_MAX 16

typedef struct sct_ulp_histogram {
    char caption[160];
    const char *unit;                 /* "elements" or "cases" */
    bool derived;                     /* not from the JSON's histogram */
    size_t n_bars;
    char labels[SCT_ULP_BINS_MAX][64];
    sct_svg_bar bars[SCT_ULP_BINS_MAX];
} sct_ulp_histogram;

/* Histogram of the cases with this op and types label ("float32"), or of
 * the group record `g` when it has bins.  Returns false when there is
 * nothing to draw (no compared element). */
bool sct_ulp_histogram_build(const sct_render_doc *doc,
                             const sct_render_group *g,
                             sct_ulp_histogram *out);

/* Adds case `c` of group `g` to the group's derived-histogram counts
 * (called once per case by the loader: the histograms then need no pass
 * over the cases). */
void sct_ulp_bins_count_case(sct_render_group *g, const sct_render_case *c);

#endif /* SCT_REPORT_RENDER_ULP_BINS_H */
