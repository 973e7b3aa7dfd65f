/*
 * merge_extensions.h — keeping what a merge does not model.  The merge
 * rebuilds the report from the run report model, which knows the members
 * of the "sonnx-cts-run" schema only; a case record may carry more (a sweep
 * case's "sweep" object, docs/sweeps.md).  Without this step a merge would
 * silently drop them.
 *
 * The shard reports are indexed, not loaded (memory flat in the
 * number of cases): 16 bytes per case find a case by id, and each shard
 * case is parsed again only when the merged report's writer reaches it.
 */
#ifndef SCT_MERGE_MERGE_EXTENSIONS_H
#define SCT_MERGE_MERGE_EXTENSIONS_H

#include <stddef.h>

struct cJSON;
typedef struct sct_merge_carry sct_merge_carry;

/* Indexes the cases of the shard reports at `paths` by id.  0, or non-zero
 * with `err` (file name and reason). */
int sct_merge_carry_open(const char *const *paths, size_t n, sct_merge_carry **out,
                         char *err, size_t err_cap);

/* An sct_json_case_hook (report_writers.h), `carry` the sct_merge_carry:
 * copies into `case_obj` each member of the shard case with the same id
 * that case_obj lacks, unchanged (64-bit integers exact), in the shard's
 * member order.  0, or non-zero with `err`. */
int sct_merge_carry_case(void *carry, size_t i, struct cJSON *case_obj, char *err,
                         size_t err_cap);

void sct_merge_carry_close(sct_merge_carry *c);

#endif /* SCT_MERGE_MERGE_EXTENSIONS_H */
