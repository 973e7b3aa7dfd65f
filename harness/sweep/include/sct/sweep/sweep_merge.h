/*
 * sweep_merge.h — the JSON reports of the shards of one sweep back into
 * one sweep result, equal to the unsharded sweep's (docs/sweeps.md,
 * "Sharded sweeps"): counts and deviation classes added up, histogram
 * buckets added, the max-ULP pair by value then lowest index, the first K
 * mismatches by index across shards (K = options.max_errors, the sweeps'
 * --first), failed batches in range order, and the separate call of the
 * undefined pairs reported by its first non-OK shard.
 *
 * Everything is read from the reports themselves: the case (counts,
 * deviation classes, samples: exact bits) and its "sweep" object, whose
 * "shard_range" {unit, first, count, of} says which part of the sweep the
 * shard covers ("pair": pair indices of the exhaustive sweep; a sweep that
 * samples its space writes "sample" and sample-index ranges the same way),
 * so shards of any split merge as long as their ranges tile [0, of) exactly.
 * Refused, naming the files: overlapping ranges, gaps (the missing range
 * named), different units or totals, and any other difference in the
 * "sweep" object outside the per-shard members (a different seed, space...)
 * or in the case (op, opset, input types, tolerance).
 */
#ifndef SCT_SWEEP_SWEEP_MERGE_H
#define SCT_SWEEP_SWEEP_MERGE_H

#include <cjson/cJSON.h>
#include <stddef.h>

#include "sct/results/report_model.h"
#include "sct/sweep/sweep.h"

typedef struct sct_sweep_shard {
    const char *path;
    cJSON *root;               /* the file */
    const cJSON *detail;       /* its case's "sweep" object (inside root) */
    char *op_type;             /* owned; spec.op_type points here */
    int32_t opset;
    sct_sweep_spec spec;       /* as the shard's sweep: shard_index/count 0/1 */
    sct_sweep_result result;   /* first_mismatches owned */
    char unit[16];             /* shard_range */
    uint64_t first, count, of;
} sct_sweep_shard;

/* Loads `path` into `s`; `report` (sct_merge_read_report) is read by the
 * caller beforehand and holds the file's run report model.  0 loaded;
 * 1 not a sweep report (no single case with a "sweep" object; nothing to
 * free); -1 a sweep report that cannot be read (`err` names file, field). */
int sct_sweep_shard_load(const char *path, const cJSON *root,
                         sct_run_report *report, sct_sweep_shard *s, char *err,
                         size_t err_cap);

/* Does the parsed report hold one case with a "sweep" object? */
bool sct_sweep_report_is_sweep(const cJSON *root);

void sct_sweep_shard_free(sct_sweep_shard *s);

/* Checks that the `n` shards are one sweep and tile its range, and adds
 * them up into `out` (free with sct_sweep_result_free).  order[k] = the
 * shard holding the k-th range.  0, or non-zero with `err`. */
int sct_sweep_shards_combine(const sct_sweep_shard *s, size_t n, size_t *order,
                             sct_sweep_result *out, char *err, size_t err_cap);

#endif /* SCT_SWEEP_SWEEP_MERGE_H */
