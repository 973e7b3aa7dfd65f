/*
 * vendor_options.h — the --vendor-options string every adapter under
 * vendors/ takes: key=value items separated by ';' or ','.  Unknown keys
 * and items without '=' are refused with a message naming them: a typo in a
 * certification command must not silently certify another configuration.
 */
#ifndef SCT_VENDOR_VENDOR_OPTIONS_H
#define SCT_VENDOR_VENDOR_OPTIONS_H

#include <stddef.h>

/* Result of a handler for one item. */
enum { SCT_VOPT_OK = 0, SCT_VOPT_FAILED = -1, SCT_VOPT_UNKNOWN_KEY = 1 };

/* Called once per item; `key`/`value` are NOT NUL-terminated.  Returns
 * SCT_VOPT_OK, SCT_VOPT_FAILED (having written `err`) or
 * SCT_VOPT_UNKNOWN_KEY (the parser writes the message). */
typedef int (*sct_vopt_handler)(void *ctx, const char *key, size_t klen,
                                const char *value, size_t vlen, char *err,
                                size_t err_cap);

/* Parses `text` (NULL or "" = no items).  `adapter` names the adapter in
 * messages ("onnxruntime"), `known_keys` lists its keys ("lib, graph_opt").
 * Returns 0, or -1 with `err` written. */
int sct_vopt_parse(const char *text, const char *adapter,
                   const char *known_keys, sct_vopt_handler handler,
                   void *ctx, char *err, size_t err_cap);

/* 1 when the key of `klen` bytes is exactly `name`. */
int sct_vopt_key_is(const char *key, size_t klen, const char *name);

/* Copies a value into `dst` (capacity `cap`, NUL-terminated).  Returns 0,
 * or -1 when it is empty or does not fit (then `err` names `adapter` and
 * `key`). */
int sct_vopt_copy(char *dst, size_t cap, const char *value, size_t vlen,
                  const char *adapter, const char *key, char *err,
                  size_t err_cap);

/* The sonnx-cts cache directory joined with `tail`:
 *   ${SONNX_CTS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/sonnx-cts}/TAIL
 * (where scripts/fetch-onnxruntime.sh puts what it fetches).  Returns 0, or
 * -1 when it does not fit or no variable is set. */
int sct_vendor_cache_path(const char *tail, char *out, size_t cap);

#endif /* SCT_VENDOR_VENDOR_OPTIONS_H */
