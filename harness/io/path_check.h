/*
 * path_check.h — keeps every file the manifest names inside the vectors
 * directory ("paths escaping the vectors directory").
 *
 * Two layers: a lexical check of the relative path as written (no "..",
 * not absolute, no empty or "." components, no backslash or control
 * characters), then realpath() of the joined path must still lie under the
 * real root, which catches symbolic links that point out of the set.
 */
#ifndef SCT_IO_PATH_CHECK_H
#define SCT_IO_PATH_CHECK_H

#include <stdbool.h>
#include <stddef.h>

/* NULL when `rel` is an acceptable relative path; else a static reason. */
const char *sct_relpath_problem(const char *rel);

/* malloc'ed "a/b" (no doubled slash); NULL on out of memory. */
char *sct_path_join(const char *a, const char *b);

typedef enum sct_resolve_status {
    SCT_RESOLVE_OK = 0,
    SCT_RESOLVE_MISSING,   /* the path (or a parent) does not exist */
    SCT_RESOLVE_ESCAPES,   /* resolves outside root_real (symlink out) */
    SCT_RESOLVE_ERROR      /* other realpath() failure; errno kept */
} sct_resolve_status;

/* Resolves root_real/rel; on OK *resolved (malloc'ed) is the real path,
 * which lies strictly under root_real. */
sct_resolve_status sct_path_resolve_inside(const char *root_real, const char *rel,
                                           char **resolved);

/* The reason a resolve failed, for messages ("missing", "resolves outside
 * the vectors directory", "cannot be resolved"); "" for SCT_RESOLVE_OK. */
const char *sct_resolve_status_text(sct_resolve_status st);

#endif /* SCT_IO_PATH_CHECK_H */
