/*
 * merge_extensions.h — keeping what a merge does not model.  The merge
 * rebuilds the report from the run report model, which knows the members
 * of the "sonnx-cts-run" schema only; a case record may carry more (a sweep
 * case's "sweep" object, docs/sweeps.md).  Without this step a merge would
 * silently drop them.
 */
#ifndef SCT_REPORT_MERGE_EXTENSIONS_H
#define SCT_REPORT_MERGE_EXTENSIONS_H

#include <stddef.h>

/* For every case of the merged report at `merged_path`, copies each member
 * of the same case (same id) in the shard reports `paths` that the merged
 * record lacks, unchanged (64-bit integers exact), and rewrites the file.
 * Does not touch the file when no shard case has such a member.
 * 0, or non-zero with `err`. */
int sct_merge_carry_extensions(const char *const *paths, size_t n,
                               const char *merged_path, char *err,
                               size_t err_cap);

#endif /* SCT_REPORT_MERGE_EXTENSIONS_H */
