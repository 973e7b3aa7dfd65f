/*
 * render_atomic_write.c — temp file + rename (render_atomic_write.h), by
 * the one atomic file of harness/text (atomic_file.h).
 */
#include "sct/render/render_atomic_write.h"

#include <errno.h>
#include <string.h>
#include "sct/text/atomic_file.h"

int sct_write_file_atomic(const char *path, sct_write_fn fn, const void *ctx,
                          char *err, size_t err_cap)
{
    sct_atomic_file a;
    FILE *f = sct_atomic_open(&a, path, err, err_cap);
    if (f == NULL)
        return -1;
    /* A write error is left to the commit, which says why. */
    if (fn(f, ctx) != 0 && !ferror(f)) {
        int saved = errno;
        snprintf(err, err_cap, "%s: write failed: %s", path, strerror(saved ? saved : EIO));
        sct_atomic_abort(&a);
        return -1;
    }
    return sct_atomic_commit(&a, err, err_cap) == 0 ? 0 : -1;
}

typedef struct doc_writer {
    sct_render_writer_fn fn;
    const sct_render_doc *doc;
} doc_writer;

static int write_doc(FILE *out, const void *ctx)
{
    const doc_writer *w = ctx;
    return w->fn(out, w->doc);
}

int sct_render_write_atomic(const char *path, sct_render_writer_fn fn,
                            const sct_render_doc *doc, char *err, size_t err_cap)
{
    const doc_writer w = {fn, doc};
    return sct_write_file_atomic(path, write_doc, &w, err, err_cap);
}
