/*
 * ort_options.c — parses the adapter's option string (see ort_options.h).
 * Unknown keys are refused rather than ignored: a typo in a certification
 * command must not silently certify a different configuration.
 */
#include "ort_options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ort_api.h"
#include "sct/vendor/vendor_options.h"

int sct_ort_default_lib_path(char *out, size_t cap)
{
    const char *env_lib = getenv("SONNX_CTS_ORT_LIB");
    if (env_lib != NULL && env_lib[0] != '\0') {
        int n = snprintf(out, cap, "%s", env_lib);
        return (n < 0 || (size_t)n >= cap) ? -1 : 0;
    }
    return sct_vendor_cache_path("onnxruntime-" SCT_ORT_EXPECTED_VERSION
                                 "/libonnxruntime.so.1",
                                 out, cap);
}

static int parse_graph_opt(const char *v, size_t len, sct_ort_options *o)
{
    static const struct {
        const char *name;
        int level;
    } levels[] = {{"disable", SCT_ORT_GRAPH_OPT_DISABLE_ALL},
                  {"basic", SCT_ORT_GRAPH_OPT_BASIC},
                  {"extended", SCT_ORT_GRAPH_OPT_EXTENDED},
                  {"all", SCT_ORT_GRAPH_OPT_ALL}};
    for (size_t i = 0; i < sizeof levels / sizeof levels[0]; i++) {
        if (strlen(levels[i].name) == len &&
            strncmp(levels[i].name, v, len) == 0) {
            o->graph_opt_level = levels[i].level;
            o->graph_opt_name = levels[i].name;
            return 0;
        }
    }
    return -1;
}

typedef struct parse_ctx {
    sct_ort_options *o;
    int lib_given;
} parse_ctx;

/* One key=value item (vendor_options.h). */
static int parse_item(void *vctx, const char *key, size_t klen,
                      const char *v, size_t vlen, char *err, size_t err_cap)
{
    parse_ctx *ctx = vctx;
    sct_ort_options *o = ctx->o;
    if (sct_vopt_key_is(key, klen, "lib")) {
        if (vlen == 0 || vlen >= sizeof o->lib_path) {
            snprintf(err, err_cap, "onnxruntime adapter option lib= needs a "
                                   "path shorter than %d bytes",
                     SCT_ORT_PATH_MAX);
            return SCT_VOPT_FAILED;
        }
        memcpy(o->lib_path, v, vlen);
        o->lib_path[vlen] = '\0';
        ctx->lib_given = 1;
        return SCT_VOPT_OK;
    }
    if (sct_vopt_key_is(key, klen, "graph_opt")) {
        if (parse_graph_opt(v, vlen, o) == 0)
            return SCT_VOPT_OK;
        snprintf(err, err_cap,
                 "onnxruntime adapter option graph_opt='%.*s' is not one of "
                 "disable, basic, extended, all",
                 (int)vlen, v);
        return SCT_VOPT_FAILED;
    }
    return SCT_VOPT_UNKNOWN_KEY;
}

int sct_ort_options_parse(const char *text, sct_ort_options *out, char *err,
                          size_t err_cap)
{
    memset(out, 0, sizeof *out);
    /* Default: no graph optimizations, so ORT runs its Div/Mul/Pow/Less
     * kernel as-is (nothing is fused or constant-folded away). */
    out->graph_opt_level = SCT_ORT_GRAPH_OPT_DISABLE_ALL;
    out->graph_opt_name = "disable";
    parse_ctx ctx = {out, 0};
    if (sct_vopt_parse(text, "onnxruntime", "lib, graph_opt", parse_item,
                       &ctx, err, err_cap) != 0)
        return -1;
    if (!ctx.lib_given &&
        sct_ort_default_lib_path(out->lib_path, sizeof out->lib_path) != 0) {
        snprintf(err, err_cap,
                 "no ONNX Runtime library path: pass lib=PATH, or set "
                 "SONNX_CTS_ORT_LIB, SONNX_CTS_CACHE or HOME");
        return -1;
    }
    return 0;
}
