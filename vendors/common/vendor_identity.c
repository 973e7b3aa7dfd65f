/* vendor_identity.c — identity items (see vendor_identity.h). */
#include "sct/vendor/vendor_identity.h"

#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sct/io/file_hash.h"

int sct_vendor_identity_add(char *buf, size_t cap, const char *key,
                            const char *value)
{
    size_t used = strlen(buf);
    int n = snprintf(buf + used, cap > used ? cap - used : 0, "; %s=%s", key,
                     value);
    if (n < 0 || used + (size_t)n >= cap) {
        if (used < cap)
            buf[used] = '\0';
        return -1;
    }
    return 0;
}

typedef struct lib_search {
    const char *prefix;
    char *path;
    size_t cap;
    int found;
} lib_search;

static const char *base_name(const char *p)
{
    const char *s = strrchr(p, '/');
    return s ? s + 1 : p;
}

static int visit(struct dl_phdr_info *info, size_t size, void *data)
{
    (void)size;
    lib_search *s = data;
    const char *name = info->dlpi_name;
    if (name == NULL || name[0] == '\0')
        return 0;
    if (strncmp(base_name(name), s->prefix, strlen(s->prefix)) != 0)
        return 0;
    int n = snprintf(s->path, s->cap, "%s", name);
    s->found = n > 0 && (size_t)n < s->cap;
    return 1;
}

int sct_vendor_loaded_lib(const char *name_prefix, char *path, size_t cap)
{
    lib_search s = {name_prefix, path, cap, 0};
    dl_iterate_phdr(visit, &s);
    return s.found ? 0 : -1;
}

int sct_vendor_identity_add_lib(char *buf, size_t cap,
                                const char *name_prefix, char *err,
                                size_t err_cap)
{
    char path[4096];
    if (sct_vendor_loaded_lib(name_prefix, path, sizeof path) != 0) {
        snprintf(err, err_cap, "no %s* is loaded in this process",
                 name_prefix);
        return -1;
    }
    /* The report names the versioned object a symlink points to. */
    char real[4096];
    const char *shown = path;
    if (realpath(path, real) != NULL)
        shown = real;
    char hex[SCT_SHA256_HEX_CHARS + 1];
    if (sct_sha256_file(path, path, hex, err, err_cap) != 0)
        return -1;
    if (sct_vendor_identity_add(buf, cap, "lib", base_name(shown)) != 0 ||
        sct_vendor_identity_add(buf, cap, "sha256", hex) != 0) {
        snprintf(err, err_cap, "identity of %s does not fit in %zu bytes",
                 path, cap);
        return -1;
    }
    return 0;
}
