/*
 * sweep_progress.h — a progress line for terminals: pairs done, percent,
 * rate and time left, redrawn in place with '\r'.  Only meant for a stream
 * that is a terminal (the CLI checks isatty(stderr)); logs stay clean.
 */
#ifndef SCT_SWEEP_SWEEP_PROGRESS_H
#define SCT_SWEEP_SWEEP_PROGRESS_H

#include <stdint.h>
#include <stdio.h>

typedef struct sct_sweep_progress {
    FILE *out;
    double start;      /* set by sct_sweep_progress_init */
    const char *label; /* e.g. "Div float16" */
    int drawn;         /* a line is on screen (to be cleared) */
} sct_sweep_progress;

void sct_sweep_progress_init(sct_sweep_progress *p, FILE *out,
                             const char *label);
/* Matches sct_sweep_spec.progress; `user` is a sct_sweep_progress. */
void sct_sweep_progress_update(void *user, uint64_t done, uint64_t total);
/* Clears the line. */
void sct_sweep_progress_finish(sct_sweep_progress *p);

#endif /* SCT_SWEEP_SWEEP_PROGRESS_H */
