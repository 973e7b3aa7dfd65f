/*
 * sweep_hist.c — ULP histogram buckets (layout in sweep.h).
 */
#include "sweep.h"

unsigned sct_sweep_hist_bucket(uint64_t ulp)
{
    if (ulp == SCT_ULP_NONE)
        return SCT_SWEEP_HIST_NONE;
    if (ulp <= 1)
        return (unsigned)ulp;
    /* (2^(k-2), 2^(k-1)] -> k, i.e. k = 2 + ceil(log2(ulp)) - 1. */
    unsigned k = 1;
    uint64_t v = ulp - 1;
    while (v) {
        k++;
        v >>= 1;
    }
    return k < SCT_SWEEP_HIST_NONE ? k : SCT_SWEEP_HIST_NONE - 1;
}

const char *sct_sweep_hist_label(unsigned bucket)
{
    static const char *const labels[SCT_SWEEP_HIST_BUCKETS] = {
        "0", "1", "2", "3-4", "5-8", "9-16", "17-32", "33-64", "65-128",
        "129-256", "257-512", "513-1024", "1025-2048", "2049-4096",
        "4097-8192", "8193-16384", "16385-32768", ">32768", "n/a"};
    return bucket < SCT_SWEEP_HIST_BUCKETS ? labels[bucket] : "n/a";
}
