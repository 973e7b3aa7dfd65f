/*
 * render_atomic_write.c — temp file + rename (render_atomic_write.h).
 */
#include "sct/render/render_atomic_write.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

int sct_write_file_atomic(const char *path, sct_write_fn fn, const void *ctx,
                          char *err, size_t err_cap)
{
    char tmp[4096];
    if (snprintf(tmp, sizeof tmp, "%s.tmp%ld", path, (long)getpid()) >=
        (int)sizeof tmp) {
        snprintf(err, err_cap, "%s: path too long", path);
        return -1;
    }
    FILE *f = fopen(tmp, "w");
    if (f == NULL) {
        snprintf(err, err_cap, "%s: cannot create: %s", tmp, strerror(errno));
        return -1;
    }
    int rc = fn(f, ctx);
    int saved = errno;
    if (fclose(f) != 0 && rc == 0) {
        rc = -1;
        saved = errno;
    }
    if (rc != 0) {
        snprintf(err, err_cap, "%s: write failed: %s", tmp, strerror(saved));
        remove(tmp);
        return -1;
    }
    if (rename(tmp, path) != 0) {
        snprintf(err, err_cap, "%s: cannot rename %s into place: %s", path, tmp,
                 strerror(errno));
        remove(tmp);
        return -1;
    }
    return 0;
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
