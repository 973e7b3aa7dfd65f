/*
 * progress.h — a one-line progress display on stderr for long runs:
 * cases done / total, failures so far, rate, estimated time left.
 *
 * It only writes when the stream is a terminal (isatty), so logs, pipes and
 * CI output stay exactly as without it: a report's bytes never depend on
 * whether someone watched the run.  The line is redrawn in place ("\r") at
 * most every SCT_PROGRESS_INTERVAL_S seconds, so the display costs nothing
 * measurable even at tens of thousands of cases per second.
 *
 * Use (harness/cli's runner loop):
 *     sct_progress p;
 *     sct_progress_begin(&p, stderr, n_selected, SCT_PROGRESS_AUTO);
 *     for each case: ...; sct_progress_case_done(&p, case_failed);
 *     sct_progress_end(&p);
 * No allocation; nothing to free.
 */
#ifndef SCT_REPORT_PROGRESS_H
#define SCT_REPORT_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define SCT_PROGRESS_INTERVAL_S 0.2

typedef enum sct_progress_mode {
    SCT_PROGRESS_AUTO = 0, /* draw only when the stream is a terminal */
    SCT_PROGRESS_NEVER,    /* e.g. --quiet */
    SCT_PROGRESS_ALWAYS    /* draw even into a file (tests) */
} sct_progress_mode;

typedef struct sct_progress {
    FILE *stream;       /* NULL when disabled */
    size_t total;
    size_t done;
    size_t failed;
    double start_s;     /* monotonic seconds at begin */
    double last_draw_s; /* monotonic seconds of the last redraw */
    bool drawn;         /* something is on the line (end adds '\n') */
} sct_progress;

void sct_progress_begin(sct_progress *p, FILE *stream, size_t total,
                        sct_progress_mode mode);
/* One more case finished; `failed`: its verdict is not a pass (FAIL, CRASH,
 * ERROR...; UNSUPPORTED is not a failure and is not counted here). */
void sct_progress_case_done(sct_progress *p, bool failed);
/* Draws the final state and ends the line (when anything was drawn). */
void sct_progress_end(sct_progress *p);

/* The text of the line for a state, without "\r" (exposed for tests):
 * "[sonnx-cts] 1200/5000 cases (24.0%), 3 failed, 812.5 cases/s, ~5 s left". */
void sct_progress_format(char *buf, size_t cap, size_t done, size_t total,
                         size_t failed, double elapsed_s);

#endif /* SCT_REPORT_PROGRESS_H */
