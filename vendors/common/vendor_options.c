/* vendor_options.c — option string and cache path (see vendor_options.h). */
#include "sct/vendor/vendor_options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int sct_vopt_key_is(const char *key, size_t klen, const char *name)
{
    return strlen(name) == klen && strncmp(key, name, klen) == 0;
}

int sct_vopt_copy(char *dst, size_t cap, const char *value, size_t vlen,
                  const char *adapter, const char *key, char *err,
                  size_t err_cap)
{
    if (vlen == 0 || vlen >= cap) {
        snprintf(err, err_cap,
                 "%s adapter option %s= needs a value shorter than %zu bytes",
                 adapter, key, cap);
        return -1;
    }
    memcpy(dst, value, vlen);
    dst[vlen] = '\0';
    return 0;
}

static int parse_item(const char *item, size_t len, const char *adapter,
                      const char *known_keys, sct_vopt_handler handler,
                      void *ctx, char *err, size_t err_cap)
{
    const char *eq = memchr(item, '=', len);
    if (eq == NULL) {
        snprintf(err, err_cap,
                 "%s adapter option '%.*s' is not key=value (known keys: %s)",
                 adapter, (int)len, item, known_keys);
        return -1;
    }
    size_t klen = (size_t)(eq - item);
    int r = handler(ctx, item, klen, eq + 1, len - klen - 1, err, err_cap);
    if (r == SCT_VOPT_OK)
        return 0;
    if (r == SCT_VOPT_UNKNOWN_KEY)
        snprintf(err, err_cap, "unknown %s adapter option '%.*s' (known keys: %s)",
                 adapter, (int)klen, item, known_keys);
    return -1;
}

int sct_vopt_parse(const char *text, const char *adapter,
                   const char *known_keys, sct_vopt_handler handler,
                   void *ctx, char *err, size_t err_cap)
{
    const char *p = text ? text : "";
    while (*p != '\0') {
        size_t len = strcspn(p, ";,");
        if (len > 0 && parse_item(p, len, adapter, known_keys, handler, ctx,
                                  err, err_cap) != 0)
            return -1;
        p += len;
        if (*p != '\0')
            p++;
    }
    return 0;
}

static int nonempty(const char *s) { return s != NULL && s[0] != '\0'; }

int sct_vendor_cache_path(const char *tail, char *out, size_t cap)
{
    const char *cache = getenv("SONNX_CTS_CACHE");
    const char *xdg = getenv("XDG_CACHE_HOME");
    const char *home = getenv("HOME");
    int n;
    if (nonempty(cache))
        n = snprintf(out, cap, "%s/%s", cache, tail);
    else if (nonempty(xdg))
        n = snprintf(out, cap, "%s/sonnx-cts/%s", xdg, tail);
    else if (nonempty(home))
        n = snprintf(out, cap, "%s/.cache/sonnx-cts/%s", home, tail);
    else
        return -1;
    return (n < 0 || (size_t)n >= cap) ? -1 : 0;
}
