/*
 * merge_sweep.h — `sonnx-cts merge` of the shard reports of one sweep
 * (`sweep --shard I/N`): one report equal to the unsharded sweep's, case
 * "sweep/<op>/<types>/shard-1-of-1" (harness/sweep/sweep_merge.h; docs/sweeps.md).
 */
#ifndef SCT_CLI_MERGE_SWEEP_H
#define SCT_CLI_MERGE_SWEEP_H

#include <stddef.h>

#include "sct/results/report_model.h"

/* 1: the reports are not sweep reports (merge them as runs); 0: merged,
 * the JSON report written to `json_out` and `merged` holding it (free with
 * sct_run_report_free); -1: refused or failed, `err` says why (nothing
 * written). */
int sct_merge_sweep_reports(const char *const *paths, size_t n,
                            const char *command_line, const char *json_out,
                            sct_run_report *merged, char *err, size_t err_cap);

#endif /* SCT_CLI_MERGE_SWEEP_H */
