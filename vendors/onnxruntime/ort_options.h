/*
 * ort_options.h — the adapter's --vendor-options string and where the ORT
 * library is looked for.
 *
 * Options: key=value pairs separated by ';' or ',' (no spaces needed):
 *   lib=PATH        libonnxruntime.so.1 to load
 *   graph_opt=LEVEL ORT graph optimizations: disable (default), basic,
 *                   extended, all
 * Library path, first that is set: lib=, $SONNX_CTS_ORT_LIB, the cache
 * path scripts/fetch-onnxruntime.sh writes:
 *   ${SONNX_CTS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/sonnx-cts}/onnxruntime-1.30.0/libonnxruntime.so.1
 */
#ifndef SCT_ORT_OPTIONS_H
#define SCT_ORT_OPTIONS_H

#include <stddef.h>

#define SCT_ORT_PATH_MAX 4096

typedef struct sct_ort_options {
    char lib_path[SCT_ORT_PATH_MAX];
    int graph_opt_level;        /* SCT_ORT_GRAPH_OPT_* */
    const char *graph_opt_name; /* "disable", "basic", "extended", "all" */
} sct_ort_options;

/* Parses `text` ("" or NULL: all defaults) and resolves the library path.
 * Returns 0, or non-zero with `err` naming the offending key or value. */
int sct_ort_options_parse(const char *text, sct_ort_options *out, char *err,
                          size_t err_cap);

/* Writes the default library path (environment and cache rules above,
 * without lib=) into `out`.  Returns 0, non-zero if it does not fit or no
 * home directory is known. */
int sct_ort_default_lib_path(char *out, size_t cap);

#endif /* SCT_ORT_OPTIONS_H */
