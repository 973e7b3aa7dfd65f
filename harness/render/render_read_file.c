/*
 * render_read_file.c — whole-file read for the report inputs (JSON, catalogue,
 * spec notes).  Bounded so a wrong path (e.g. a device) cannot exhaust memory.
 */
#include "sct/render/render_sources.h"

#include "sct/io/sha256.h"

#include <stdio.h>
#include <stdlib.h>

#define SCT_RENDER_MAX_INPUT (512u * 1024u * 1024u)

char *sct_render_read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    size_t cap = 65536, n = 0;
    char *buf = malloc(cap);
    while (buf != NULL) {
        size_t got = fread(buf + n, 1, cap - n - 1, f);
        n += got;
        if (got == 0)
            break;
        if (n + 1 == cap) {
            if (cap >= SCT_RENDER_MAX_INPUT) {
                free(buf);
                buf = NULL;
                break;
            }
            char *grown = realloc(buf, cap * 2);
            if (grown == NULL) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = grown;
            cap *= 2;
        }
    }
    if (buf != NULL && ferror(f)) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    if (buf == NULL)
        return NULL;
    buf[n] = '\0';
    if (len)
        *len = n;
    return buf;
}

void sct_render_identify_input(sct_render_doc *doc, const char *label,
                               const char *path, const char *text, size_t len)
{
    char hex[SCT_SHA256_HEX_CHARS + 1];
    sct_sha256_hex(text, len, hex);
    char *value = sct_render_printf("%s (sha256 %s)", path, hex);
    sct_render_kv_add(&doc->identity, &doc->n_identity, label, value);
    free(value);
}
