/* tfjs_options.c — see tfjs_options.h. */
#include "tfjs_options.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sct/vendor/vendor_options.h"

static const char adapter[] = "TensorFlow.js";

static int timeout_item(sct_tfjs_options *o, const char *v, size_t vlen,
                        char *err, size_t err_cap)
{
    char num[16];
    char *end = NULL;
    long ms = -1;
    if (vlen > 0 && vlen < sizeof num) {
        memcpy(num, v, vlen);
        num[vlen] = '\0';
        ms = strtol(num, &end, 10);
    }
    if (end == NULL || *end != '\0' || ms < 100 || ms > 600000) {
        snprintf(err, err_cap, "%s adapter option timeout_ms='%.*s' is not "
                               "a number of milliseconds in 100..600000",
                 adapter, (int)vlen, v);
        return SCT_VOPT_FAILED;
    }
    o->timeout_ms = (int)ms;
    return SCT_VOPT_OK;
}

static int item(void *ctx, const char *key, size_t klen, const char *v,
                size_t vlen, char *err, size_t err_cap)
{
    sct_tfjs_options *o = ctx;
    static const struct {
        const char *key;
        size_t off;
    } paths[] = {{"node", offsetof(sct_tfjs_options, node)},
                 {"dir", offsetof(sct_tfjs_options, dir)},
                 {"helper", offsetof(sct_tfjs_options, helper)}};
    for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++)
        if (sct_vopt_key_is(key, klen, paths[i].key))
            return sct_vopt_copy((char *)o + paths[i].off, SCT_TFJS_PATH_MAX,
                                 v, vlen, adapter, paths[i].key, err,
                                 err_cap) == 0
                       ? SCT_VOPT_OK
                       : SCT_VOPT_FAILED;
    if (sct_vopt_key_is(key, klen, "backend")) {
        if (sct_vopt_key_is(v, vlen, "cpu") || sct_vopt_key_is(v, vlen, "wasm")) {
            snprintf(o->backend, sizeof o->backend, "%.*s", (int)vlen, v);
            return SCT_VOPT_OK;
        }
        snprintf(err, err_cap, "%s adapter option backend='%.*s' is not cpu "
                               "or wasm", adapter, (int)vlen, v);
        return SCT_VOPT_FAILED;
    }
    if (sct_vopt_key_is(key, klen, "timeout_ms"))
        return timeout_item(o, v, vlen, err, err_cap);
    return SCT_VOPT_UNKNOWN_KEY;
}

int sct_tfjs_options_parse(const char *text, const char *plugin_path,
                           sct_tfjs_options *o, char *err, size_t err_cap)
{
    memset(o, 0, sizeof *o);
    o->timeout_ms = 8000;
    snprintf(o->backend, sizeof o->backend, "cpu");
    snprintf(o->node, sizeof o->node, "node");
    if (sct_vopt_parse(text, adapter, "backend, node, dir, helper, timeout_ms",
                       item, o, err, err_cap) != 0)
        return -1;
    if (o->dir[0] == '\0' &&
        sct_vendor_cache_path("tfjs-4.22.0", o->dir, sizeof o->dir) != 0) {
        snprintf(err, err_cap, "no TensorFlow.js directory: pass dir=PATH, "
                               "or set SONNX_CTS_CACHE or HOME");
        return -1;
    }
    if (o->helper[0] == '\0') {
        const char *slash = plugin_path ? strrchr(plugin_path, '/') : NULL;
        int n = slash ? snprintf(o->helper, sizeof o->helper,
                                 "%.*s/tfjs_helper.cjs",
                                 (int)(slash - plugin_path), plugin_path)
                      : snprintf(o->helper, sizeof o->helper,
                                 "tfjs_helper.cjs");
        if (n < 0 || (size_t)n >= sizeof o->helper) {
            snprintf(err, err_cap, "helper path too long");
            return -1;
        }
    }
    return 0;
}
