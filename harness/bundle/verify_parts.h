/*
 * verify_parts.h — the checks of bundle_verify.c that live in files of
 * their own (private to harness/bundle).
 */
#ifndef SCT_BUNDLE_VERIFY_PARTS_H
#define SCT_BUNDLE_VERIFY_PARTS_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "sct/bundle/bundle_verify.h"
#include "sct/results/report_model.h"

/* Check 4 (verify_complete.c): the report's case ids `ids` (report order)
 * against the vector set opts->vectors_dir under the selection of the
 * identity `id`, and the bundle `dir`'s requirement catalogue against the
 * vector set's.  The number of findings. */
size_t sct_bundle_check_complete(const char *dir, const cJSON *id, const sct_run_report *head,
                                 char *const *ids, size_t n_ids,
                                 const sct_bundle_verify_opts *o);

#endif /* SCT_BUNDLE_VERIFY_PARTS_H */
