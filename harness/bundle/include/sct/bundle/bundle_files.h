/*
 * bundle_files.h — the file side of a certification bundle: its manifest
 * of sha256 digests, a tar archive of it (the system's `tar`, reproducible
 * member order and metadata), and removing a scratch copy.
 */
#ifndef SCT_BUNDLE_BUNDLE_FILES_H
#define SCT_BUNDLE_BUNDLE_FILES_H

#include <stdbool.h>
#include <stddef.h>

/* A finding of `verify`: the bundle file it concerns (relative path) and
 * what differs.  Every finding is reported; none hides another. */
typedef void (*sct_bundle_problem_fn)(void *user, const char *file, const char *what);

/* Writes <dir>/MANIFEST.sha256: every regular file under `dir` except the
 * manifest and its signature, "<sha256>  <relative path>\n", sorted by
 * path (bytewise).  0, or -1 with `err`. */
int sct_bundle_manifest_write(const char *dir, char *err, size_t err_cap);

/* Checks <dir>/MANIFEST.sha256 against the files: a line that is not
 * "<64 hex>  <path>", a path twice, a listed file missing or with another
 * digest, a file present but not listed.  Returns the number of findings
 * (each given to `problem`). */
size_t sct_bundle_manifest_check(const char *dir, sct_bundle_problem_fn problem,
                                 void *user);

/* true when `path` names a tar archive bundle (ends in ".tar"). */
bool sct_bundle_is_tar(const char *path);

/* `tar` of every file of `dir` into `tar_path`, members in name order with
 * owner, group and mtime fixed (the same bundle gives the same bytes).
 * 0, or -1 with `err`. */
int sct_bundle_tar_create(const char *dir, const char *tar_path, char *err,
                          size_t err_cap);

/* Unpacks `tar_path` into the existing directory `dir`.  0, or -1 with
 * `err`. */
int sct_bundle_tar_extract(const char *tar_path, const char *dir, char *err,
                           size_t err_cap);

/* A fresh directory "<base>/sonnx-cts-<what>-XXXXXX" ($TMPDIR, else /tmp)
 * into `out`.  0, or -1 with `err`. */
int sct_bundle_scratch_dir(const char *what, char *out, size_t cap, char *err,
                           size_t err_cap);

/* Removes `dir` and everything below it (never following symbolic links).
 * 0, or -1 when something could not be removed. */
int sct_bundle_remove_tree(const char *dir);

/* Copies the file `from` to `to` (created or truncated).  0, or -1 with
 * `err` naming the file. */
int sct_bundle_copy_file(const char *from, const char *to, char *err, size_t err_cap);

#endif /* SCT_BUNDLE_BUNDLE_FILES_H */
