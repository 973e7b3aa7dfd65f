/*
 * merge_governance.h — the governance a run was judged under (--baseline,
 * --waivers: summary.baseline and summary.waivers) carried from the shard
 * reports into the merged one, so that it states what the unsharded run
 * would.  Private to harness/merge.
 */
#ifndef SCT_MERGE_GOVERNANCE_H
#define SCT_MERGE_GOVERNANCE_H

#include <stddef.h>

#include "sct/results/report_model.h"

/* Checks that the `n` shard reports `r` (`order[k]`: the report of shard
 * k + 1) were judged under the same baseline file and the same waivers,
 * then moves them into `out`, the counts summed: each waiver's covered
 * failures; the baseline's compared, changed, worse and new cases, and the
 * baseline entries no shard ran.  0, or non-zero with `err` naming the two
 * files and the field that differs. */
int sct_merge_governance(const char *const *paths, sct_run_report *r, const size_t *order,
                         size_t n, sct_run_report *out, char *err, size_t err_cap);

#endif /* SCT_MERGE_GOVERNANCE_H */
