/*
 * manifest_files.h — the files a manifest case entry names must exist on disk,
 * as regular files, inside the vectors directory after resolving symbolic
 * links ("paths escaping the vectors directory", "files missing").
 * Digests are verified later, when a case is loaded (case_load.c).
 */
#ifndef SCT_IO_MANIFEST_FILES_H
#define SCT_IO_MANIFEST_FILES_H

#include "sct/model/case.h"

/* Sets c->error when the case's directory or one of its files is missing,
 * not a regular file, or resolves outside set->root (first problem only).
 * Called for each case as it is materialised (sct_vector_set_case). */
void sct_manifest_check_case_files(const sct_vector_set *set, sct_case *c);

#endif /* SCT_IO_MANIFEST_FILES_H */
