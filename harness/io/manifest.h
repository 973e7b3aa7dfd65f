/*
 * manifest.h — manifest.json (docs/vector-format.md) into a sct_vector_set.
 *
 * Pure: no file access, so the libFuzzer target can drive it with any
 * bytes.  Each case entry is validated field by field (required fields,
 * JSON types, op, dtype names, shapes, tolerance not looser than the
 * policy, expectation, profiles, relative paths that cannot escape, sha256
 * syntax, duplicate keys and duplicate ids); a bad entry keeps its slot with
 * `error` set.  Files on disk are checked separately (manifest_files.h).
 */
#ifndef SCT_IO_MANIFEST_H
#define SCT_IO_MANIFEST_H

#include <stddef.h>

#include "case.h"

/* Parses `len` bytes of `text` (display: the manifest path shown in
 * messages) and appends the cases to `set`.  Returns 0, or -1 with `err`
 * when the manifest as a whole is unusable (invalid JSON with line and
 * column, wrong format or major version, no "cases" array). */
int sct_manifest_parse(const char *text, size_t len, const char *display,
                       sct_vector_set *set, char *err, size_t err_cap);

#endif /* SCT_IO_MANIFEST_H */
