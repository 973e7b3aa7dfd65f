/* ort_web_options.c — see ort_web_options.h. */
#include "ort_web_options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sct/vendor/vendor_options.h"

static const char adapter[] = "onnxruntime-web";

static int item(void *ctx, const char *key, size_t klen, const char *v,
                size_t vlen, char *err, size_t err_cap)
{
    sct_ortw_options *o = ctx;
    static const struct {
        const char *key;
        size_t off;
    } paths[] = {{"node", offsetof(sct_ortw_options, node)},
                 {"dir", offsetof(sct_ortw_options, dir)},
                 {"helper", offsetof(sct_ortw_options, helper)}};
    for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++)
        if (sct_vopt_key_is(key, klen, paths[i].key))
            return sct_vopt_copy((char *)o + paths[i].off, SCT_ORTW_PATH_MAX,
                                 v, vlen, adapter, paths[i].key, err,
                                 err_cap) == 0
                       ? SCT_VOPT_OK
                       : SCT_VOPT_FAILED;
    if (sct_vopt_key_is(key, klen, "timeout_ms")) {
        char num[16];
        char *end;
        if (vlen == 0 || vlen >= sizeof num)
            goto bad;
        memcpy(num, v, vlen);
        num[vlen] = '\0';
        long ms = strtol(num, &end, 10);
        if (*end != '\0' || ms < 100 || ms > 600000)
            goto bad;
        o->timeout_ms = (int)ms;
        return SCT_VOPT_OK;
    bad:
        snprintf(err, err_cap, "%s adapter option timeout_ms='%.*s' is not "
                               "a number of milliseconds in 100..600000",
                 adapter, (int)vlen, v);
        return SCT_VOPT_FAILED;
    }
    return SCT_VOPT_UNKNOWN_KEY;
}

int sct_ortw_options_parse(const char *text, const char *plugin_path,
                           sct_ortw_options *o, char *err, size_t err_cap)
{
    memset(o, 0, sizeof *o);
    o->timeout_ms = 8000;
    snprintf(o->node, sizeof o->node, "node");
    if (sct_vopt_parse(text, adapter, "node, dir, helper, timeout_ms", item, o,
                       err, err_cap) != 0)
        return -1;
    if (o->dir[0] == '\0' &&
        sct_vendor_cache_path("onnxruntime-web-" SCT_ORTW_VERSION
                              "/node_modules/onnxruntime-web",
                              o->dir, sizeof o->dir) != 0) {
        snprintf(err, err_cap, "no onnxruntime-web directory: pass dir=PATH, "
                               "or set SONNX_CTS_CACHE or HOME");
        return -1;
    }
    if (o->helper[0] == '\0') {
        const char *slash = plugin_path ? strrchr(plugin_path, '/') : NULL;
        int n = slash ? snprintf(o->helper, sizeof o->helper,
                                 "%.*s/ort_web_helper.cjs",
                                 (int)(slash - plugin_path), plugin_path)
                      : snprintf(o->helper, sizeof o->helper,
                                 "ort_web_helper.cjs");
        if (n < 0 || (size_t)n >= sizeof o->helper) {
            snprintf(err, err_cap, "helper path too long");
            return -1;
        }
    }
    return 0;
}
