/*
 * ulp_histogram.c — bins of the per-element ULP histogram (ulp_histogram.h).
 * Bounds at 1, 2, 4, 16, 256, 65536: a rounding-direction bug (1 ULP), a
 * double-rounding or fast-path bug (a few ULP) and a wrong result land in
 * visibly different bars.
 */
#include "sct/results/ulp_histogram.h"

#include <string.h>

#include "sct/check/compare.h"

static const sct_ulp_bin_def k_bins[SCT_ULP_HIST_BINS] = {
    {"0", 0, 0, 1},
    {"1", 1, 1, 1},
    {"2", 2, 2, 1},
    {"3-4", 3, 4, 1},
    {"5-16", 5, 16, 1},
    {"17-256", 17, 256, 1},
    {"257-64K", 257, 65536, 1},
    {">64K", 65537, UINT64_MAX - 1, 1},
    {"n/a", 0, 0, 0},
};

const sct_ulp_bin_def *sct_ulp_bin_defs(void)
{
    return k_bins;
}

size_t sct_ulp_bin_of(uint64_t ulp)
{
    if (ulp == SCT_ULP_NONE)
        return SCT_ULP_HIST_BINS - 1;
    for (size_t i = 0; i + 1 < SCT_ULP_HIST_BINS; i++)
        if (ulp <= k_bins[i].hi)
            return i;
    return SCT_ULP_HIST_BINS - 2;
}

size_t sct_ulp_bin_by_label(const char *label)
{
    for (size_t i = 0; i < SCT_ULP_HIST_BINS; i++)
        if (strcmp(k_bins[i].label, label) == 0)
            return i;
    return SCT_ULP_HIST_BINS;
}
