/*
 * manifest_files.h — the files a parsed manifest names must exist on disk,
 * as regular files, inside the vectors directory after resolving symbolic
 * links (issue 6: "paths escaping the vectors directory", "files missing").
 * Digests are verified later, when a case is loaded (case_load.c).
 */
#ifndef SCT_IO_MANIFEST_FILES_H
#define SCT_IO_MANIFEST_FILES_H

#include "case.h"

/* Sets `error` on every case whose directory or files are missing, not
 * regular files, or resolve outside set->root. */
void sct_manifest_check_files(sct_vector_set *set);

#endif /* SCT_IO_MANIFEST_FILES_H */
