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

static int nonempty(const char *s) { return s != NULL && s[0] != '\0'; }

int sct_ort_default_lib_path(char *out, size_t cap)
{
    const char *env_lib = getenv("SONNX_CTS_ORT_LIB");
    int n;
    if (nonempty(env_lib)) {
        n = snprintf(out, cap, "%s", env_lib);
    } else {
        const char *cache = getenv("SONNX_CTS_CACHE");
        const char *xdg = getenv("XDG_CACHE_HOME");
        const char *home = getenv("HOME");
        const char *tail = "onnxruntime-" SCT_ORT_EXPECTED_VERSION
                           "/libonnxruntime.so.1";
        if (nonempty(cache))
            n = snprintf(out, cap, "%s/%s", cache, tail);
        else if (nonempty(xdg))
            n = snprintf(out, cap, "%s/sonnx-cts/%s", xdg, tail);
        else if (nonempty(home))
            n = snprintf(out, cap, "%s/.cache/sonnx-cts/%s", home, tail);
        else
            return -1;
    }
    return (n < 0 || (size_t)n >= cap) ? -1 : 0;
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

/* One "key=value" item of `len` bytes at `item`. */
static int parse_item(const char *item, size_t len, sct_ort_options *o,
                      int *lib_given, char *err, size_t err_cap)
{
    const char *eq = memchr(item, '=', len);
    if (eq == NULL) {
        snprintf(err, err_cap,
                 "onnxruntime adapter option '%.*s' is not key=value "
                 "(known keys: lib, graph_opt)",
                 (int)len, item);
        return -1;
    }
    size_t klen = (size_t)(eq - item);
    const char *v = eq + 1;
    size_t vlen = len - klen - 1;
    if (klen == 3 && strncmp(item, "lib", 3) == 0) {
        if (vlen == 0 || vlen >= sizeof o->lib_path) {
            snprintf(err, err_cap, "onnxruntime adapter option lib= needs a "
                                   "path shorter than %d bytes",
                     SCT_ORT_PATH_MAX);
            return -1;
        }
        memcpy(o->lib_path, v, vlen);
        o->lib_path[vlen] = '\0';
        *lib_given = 1;
        return 0;
    }
    if (klen == 9 && strncmp(item, "graph_opt", 9) == 0) {
        if (parse_graph_opt(v, vlen, o) == 0)
            return 0;
        snprintf(err, err_cap,
                 "onnxruntime adapter option graph_opt='%.*s' is not one of "
                 "disable, basic, extended, all",
                 (int)vlen, v);
        return -1;
    }
    snprintf(err, err_cap,
             "unknown onnxruntime adapter option '%.*s' (known keys: lib, "
             "graph_opt)",
             (int)klen, item);
    return -1;
}

int sct_ort_options_parse(const char *text, sct_ort_options *out, char *err,
                          size_t err_cap)
{
    memset(out, 0, sizeof *out);
    /* Default: no graph optimizations, so ORT runs its Div/Mul/Pow/Less
     * kernel as-is (nothing is fused or constant-folded away). */
    out->graph_opt_level = SCT_ORT_GRAPH_OPT_DISABLE_ALL;
    out->graph_opt_name = "disable";
    int lib_given = 0;
    const char *p = text ? text : "";
    while (*p != '\0') {
        size_t len = strcspn(p, ";,");
        if (len > 0 && parse_item(p, len, out, &lib_given, err, err_cap) != 0)
            return -1;
        p += len;
        if (*p != '\0')
            p++;
    }
    if (!lib_given &&
        sct_ort_default_lib_path(out->lib_path, sizeof out->lib_path) != 0) {
        snprintf(err, err_cap,
                 "no ONNX Runtime library path: pass lib=PATH, or set "
                 "SONNX_CTS_ORT_LIB, SONNX_CTS_CACHE or HOME");
        return -1;
    }
    return 0;
}
