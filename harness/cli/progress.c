/*
 * progress.c — progress line on a terminal (see progress.h for why it is
 * silent everywhere else).
 */
#include "progress.h"
#include "sct/exec/monotonic_clock.h"

#include <time.h>
#include <unistd.h>

void sct_progress_format(char *buf, size_t cap, size_t done, size_t total,
                         size_t failed, double elapsed_s)
{
    double pct = total ? 100.0 * (double)done / (double)total : 100.0;
    int n = snprintf(buf, cap, "[sonnx-cts] %zu/%zu cases (%.1f%%), %zu failed",
                     done, total, pct, failed);
    if (n < 0 || (size_t)n >= cap)
        return;
    /* No rate before any time has passed: a division by ~0 would show a
     * meaningless huge number. */
    if (elapsed_s > 0.0 && done > 0) {
        double rate = (double)done / elapsed_s;
        int m = snprintf(buf + n, cap - (size_t)n, ", %.1f cases/s", rate);
        if (m < 0 || (size_t)(n + m) >= cap)
            return;
        n += m;
        if (done < total)
            snprintf(buf + n, cap - (size_t)n, ", ~%.0f s left",
                     (double)(total - done) / rate);
    }
}

static void draw(sct_progress *p, double now)
{
    char line[160];
    sct_progress_format(line, sizeof line, p->done, p->total, p->failed,
                        now - p->start_s);
    /* "\033[K" clears what a longer previous line left behind. */
    fprintf(p->stream, "\r%s\033[K", line);
    fflush(p->stream);
    p->drawn = true;
    p->last_draw_s = now;
}

void sct_progress_begin(sct_progress *p, FILE *stream, size_t total,
                        sct_progress_mode mode)
{
    bool on = false;
    if (stream != NULL && mode == SCT_PROGRESS_ALWAYS)
        on = true;
    else if (stream != NULL && mode == SCT_PROGRESS_AUTO)
        on = isatty(fileno(stream)) == 1;
    p->stream = on ? stream : NULL;
    p->total = total;
    p->done = 0;
    p->failed = 0;
    p->start_s = sct_monotonic_seconds();
    p->last_draw_s = p->start_s;
    p->drawn = false;
}

void sct_progress_case_done(sct_progress *p, bool failed)
{
    p->done++;
    if (failed)
        p->failed++;
    if (p->stream == NULL)
        return;
    double now = sct_monotonic_seconds();
    if (now - p->last_draw_s >= SCT_PROGRESS_INTERVAL_S)
        draw(p, now);
}

void sct_progress_end(sct_progress *p)
{
    if (p->stream == NULL)
        return;
    /* A run shorter than one interval draws nothing at all: no flicker
     * for the common sub-second run. */
    if (p->drawn) {
        draw(p, sct_monotonic_seconds());
        fputc('\n', p->stream);
        fflush(p->stream);
    }
    p->stream = NULL;
}
