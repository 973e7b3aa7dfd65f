/*
 * ort_web_options.h — the ONNX Runtime Web adapter's --vendor-options
 * (vendors/common/vendor_options.h syntax):
 *   node=PATH        node executable (default: "node", looked up in PATH)
 *   dir=PATH         the onnxruntime-web package directory (default:
 *                    ${SONNX_CTS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/sonnx-cts}
 *                    /onnxruntime-web-1.30.0/node_modules/onnxruntime-web,
 *                    where scripts/fetch-onnxruntime.sh installs it)
 *   helper=PATH      ort_web_helper.cjs (default: beside the plugin)
 *   timeout_ms=N     deadline of one exchange with the helper (default
 *                    8000, under the harness's 10 s per-case timeout, so a
 *                    stuck helper gives ERROR with a message, not TIMEOUT)
 */
#ifndef SCT_ORTW_OPTIONS_H
#define SCT_ORTW_OPTIONS_H

#include <stddef.h>

#define SCT_ORTW_VERSION "1.30.0"
#define SCT_ORTW_PATH_MAX 4096

typedef struct sct_ortw_options {
    char node[SCT_ORTW_PATH_MAX];
    char dir[SCT_ORTW_PATH_MAX];
    char helper[SCT_ORTW_PATH_MAX];
    int timeout_ms;
} sct_ortw_options;

/* Parses `text`; helper defaults to ort_web_helper.cjs in the directory of
 * `plugin_path`.  Returns 0, or -1 with `err` naming the key or value. */
int sct_ortw_options_parse(const char *text, const char *plugin_path,
                           sct_ortw_options *o, char *err, size_t err_cap);

#endif /* SCT_ORTW_OPTIONS_H */
