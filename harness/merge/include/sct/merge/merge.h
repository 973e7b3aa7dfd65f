/*
 * merge.h — combining the JSON reports of the shards of one run
 * (`run --shard I/N`) into the report of the whole run
 * (`sonnx-cts merge A.json B.json ...`; docs/reports.md, "Sharding").
 *
 * The shard reports are read back into the run report model
 * (sct_report_read_all, sct/results/report_read.h, strict) and the merged
 * model is written by the same JSON writer as a run (members the model does
 * not know are carried over afterwards, merge_extensions.h), with the summary and
 * groups recomputed from the cases by the same code: the merged JSON equals
 * the unsharded run's JSON except for the fields documented to differ
 * (identity.command_line, identity.host when hosts differ, identity.date_utc,
 * every "seconds", shard.merged_from).
 *
 * Refused, with a message naming the file and the field: reports of
 * different vector sets (sha256), profiles, implementations (vendor,
 * runtime, version, plugin path, ABI, isolation), harness versions or run
 * options (max-errors, NaN rule, timeout, filters, vendor options),
 * baselines (--baseline: another file) or waivers (--waivers: other
 * waivers; the merged report sums what each shard's waivers covered and
 * what each shard's baseline comparison found);
 * different shard counts; a shard given twice or missing; a shard whose
 * case count does not fit the sharding rule; a case id in two shards.
 */
#ifndef SCT_MERGE_MERGE_H
#define SCT_MERGE_MERGE_H

#include <stdbool.h>
#include <stddef.h>

#include "sct/results/report_model.h"

/* Merges the `n` shard reports at `paths` into `out` (initialised here).
 * `command_line` is recorded as the merged report's command line.
 * 0, or non-zero with `err`. */
int sct_merge_reports(const char *const *paths, size_t n,
                      const char *command_line, sct_run_report *out,
                      char *err, size_t err_cap);

/* The checks of sct_merge_reports that the `n` reports come from one run:
 * vector set, profile, implementation, harness, options, selection counts;
 * with `same_split` also shard.count and cases_before_sharding (a sweep's
 * shards are matched by their pair ranges instead, sweep_merge.h).
 * 0, or non-zero with `err` naming the first two files that differ and
 * the field. */
int sct_merge_check_same_run(const char *const *paths, const sct_run_report *r,
                             size_t n, bool same_split, char *err, size_t err_cap);

/* The hosts of the reports r[order[0..n-1]], distinct, in that order
 * ("a" or "a, b"); malloc'ed, NULL when out of memory. */
char *sct_merge_hosts(const sct_run_report *r, const size_t *order, size_t n);

#endif /* SCT_MERGE_MERGE_H */
