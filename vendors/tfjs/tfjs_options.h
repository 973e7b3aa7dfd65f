/*
 * tfjs_options.h — the TensorFlow.js adapter's --vendor-options
 * (vendors/common/vendor_options.h syntax):
 *   backend=cpu|wasm  the TensorFlow.js backend (default cpu)
 *   node=PATH         node executable (default: "node", looked up in PATH)
 *   dir=PATH          the install directory holding node_modules/@tensorflow
 *                     (default: ${SONNX_CTS_CACHE:-${XDG_CACHE_HOME:-
 *                     $HOME/.cache}/sonnx-cts}/tfjs-4.22.0, where
 *                     scripts/fetch-tfjs.sh installs it)
 *   helper=PATH       tfjs_helper.cjs (default: beside the plugin)
 *   timeout_ms=N      deadline of one exchange with the helper (default
 *                     8000, under the harness's 10 s per-case timeout)
 */
#ifndef SCT_TFJS_OPTIONS_H
#define SCT_TFJS_OPTIONS_H

#include <stddef.h>

#define SCT_TFJS_PATH_MAX 4096

typedef struct sct_tfjs_options {
    char backend[8];
    char node[SCT_TFJS_PATH_MAX];
    char dir[SCT_TFJS_PATH_MAX];
    char helper[SCT_TFJS_PATH_MAX];
    int timeout_ms;
} sct_tfjs_options;

/* Parses `text`; helper defaults to tfjs_helper.cjs in the directory of
 * `plugin_path`.  Returns 0, or -1 with `err` naming the key or value. */
int sct_tfjs_options_parse(const char *text, const char *plugin_path,
                           sct_tfjs_options *o, char *err, size_t err_cap);

#endif /* SCT_TFJS_OPTIONS_H */
