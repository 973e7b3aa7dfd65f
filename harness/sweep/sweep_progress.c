/*
 * sweep_progress.c — see sweep_progress.h.
 */
#include "sct/sweep/sweep_progress.h"
#include "sct/exec/monotonic_clock.h"

#include <time.h>

void sct_sweep_progress_init(sct_sweep_progress *p, FILE *out,
                             const char *label)
{
    p->out = out;
    p->start = sct_monotonic_seconds();
    p->label = label;
    p->drawn = 0;
}

void sct_sweep_progress_update(void *user, uint64_t done, uint64_t total)
{
    sct_sweep_progress *p = user;
    double s = sct_monotonic_seconds() - p->start;
    double rate = s > 0 ? (double)done / s : 0.0;
    double left = rate > 0 ? (double)(total - done) / rate : 0.0;
    fprintf(p->out, "\r%s: %llu/%llu pairs (%.1f%%), %.3g pairs/s, %.0f s left   ",
            p->label, (unsigned long long)done, (unsigned long long)total,
            total ? 100.0 * (double)done / (double)total : 100.0, rate, left);
    fflush(p->out);
    p->drawn = 1;
}

void sct_sweep_progress_finish(sct_sweep_progress *p)
{
    if (p->drawn)
        fprintf(p->out, "\r%*s\r", 100, "");
    fflush(p->out);
    p->drawn = 0;
}
