/*
 * render_atomic_write.h — writing a report file so that a reader (a CI
 * dashboard, a browser) never sees half of it: write to "<path>.tmp<pid>",
 * then rename into place.  A failed write leaves the old file untouched.
 */
#ifndef SCT_RENDER_RENDER_ATOMIC_WRITE_H
#define SCT_RENDER_RENDER_ATOMIC_WRITE_H

#include <stddef.h>
#include <stdio.h>

#include "sct/render/render_model.h"

typedef int (*sct_render_writer_fn)(FILE *out, const sct_render_doc *doc);

/* Any writer: `fn(out, ctx)` returns 0 or non-zero (errno says why). */
typedef int (*sct_write_fn)(FILE *out, const void *ctx);

/* Temp file + rename for any writer (used by `sonnx-cts compare` too).
 * 0, or non-zero with `err` naming the file and the reason. */
int sct_write_file_atomic(const char *path, sct_write_fn fn, const void *ctx,
                          char *err, size_t err_cap);

/* 0, or non-zero with `err` naming the file and the reason. */
int sct_render_write_atomic(const char *path, sct_render_writer_fn fn,
                            const sct_render_doc *doc, char *err, size_t err_cap);

#endif /* SCT_RENDER_RENDER_ATOMIC_WRITE_H */
