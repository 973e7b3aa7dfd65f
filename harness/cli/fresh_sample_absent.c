/*
 * fresh_sample_absent.c — `run --fresh-sample` in a build without
 * harness/sweep (SONNX_CTS_MODULES): the samplers are missing, so the
 * option is refused rather than a run certified without it.
 */
#include <stdio.h>

#include "fresh_sample.h"

bool sct_fresh_option(const char *name, const char *value, sct_fresh_options *o)
{
    (void)value;
    (void)o;
    fprintf(stderr, "sonnx-cts run: --%s needs harness/sweep, which this build left out\n",
            name);
    return false;
}

bool sct_fresh_wanted(const sct_fresh_options *o, bool vendor, size_t n_filters,
                      uint32_t shard_count, bool baseline)
{
    (void)o, (void)vendor, (void)n_filters, (void)shard_count, (void)baseline;
    return false; /* nothing to draw with: the run is the committed vectors */
}

int sct_fresh_sample_run(sct_run_report *report, sct_backend *backend, const char *profile,
                         const sct_fresh_options *o, bool strict_nan, uint32_t max_errors,
                         char *err, size_t err_cap)
{
    (void)report, (void)backend, (void)profile, (void)o, (void)strict_nan,
        (void)max_errors;
    snprintf(err, err_cap, "no fresh sample in this build (harness/sweep left out)");
    return 1;
}
