/*
 * repro_command.h — the one command line that re-runs a single case of a
 * run: the same implementation, vectors, profile, vendor options and NaN
 * rule, only that case selected (docs/cli.md, `run --case`).  Every report
 * that shows how to replay a case (terminal, HTML, Markdown, JUnit) prints
 * this text, so they never disagree.
 */
#ifndef SCT_RESULTS_REPRO_COMMAND_H
#define SCT_RESULTS_REPRO_COMMAND_H

#include <stddef.h>

#include "sct/results/report_model.h"

/* Writes e.g.
 *   sonnx-cts run --vendor /p/libx.so --vectors vectors --profile sonnx --case div/float16/edge
 * into buf (shell-quoted where a word needs it; truncated to cap - 1 with
 * "..." when it does not fit).  --vendor is left out for the built-in
 * kernels (plugin path "(built-in)" or empty).  Returns the length written. */
size_t sct_repro_command(const sct_run_identity *id, const sct_run_options *o,
                         const char *case_id, char *buf, size_t cap);

#endif /* SCT_RESULTS_REPRO_COMMAND_H */
