/*
 * atomic_file.h — a report file written whole or not at all: the bytes go
 * to a temporary file beside the target (same directory, so the rename is
 * atomic on one file system), which is renamed onto the target only when
 * every byte was written and the file closed.  A failed write (a full disk,
 * a file-size limit) removes the temporary file and leaves the previous
 * report untouched; a reader (a CI job, a browser) never sees half a file.
 * Every error names the user's path, never the temporary file.
 */
#ifndef SCT_TEXT_ATOMIC_FILE_H
#define SCT_TEXT_ATOMIC_FILE_H

#include <stddef.h>
#include <stdio.h>

typedef struct sct_atomic_file {
    FILE *f;                     /* write here; NULL when not open */
    const char *path;            /* the target, as the user gave it */
    char tmp[4096];              /* "<dir>/.<name>.tmp-XXXXXX" */
} sct_atomic_file;

/* The stream to write, or NULL with `err` saying why ("PATH: cannot
 * create a file in DIR: No such file or directory"). */
FILE *sct_atomic_open(sct_atomic_file *a, const char *path, char *err, size_t err_cap);

/* Flushes, closes and renames onto the target: 0, or non-zero with `err`
 * ("PATH: write failed: No space left on device") and nothing left behind. */
int sct_atomic_commit(sct_atomic_file *a, char *err, size_t err_cap);

/* Gives up: closes and removes the temporary file (the target untouched). */
void sct_atomic_abort(sct_atomic_file *a);

/* Before anything runs: 0 when a report can be created at `path` (its
 * directory exists and is writable, the path is not a directory); else
 * non-zero with `err` naming `option` and the user's path. */
int sct_output_path_check(const char *option, const char *path, char *err, size_t err_cap);

#endif /* SCT_TEXT_ATOMIC_FILE_H */
