/*
 * ort_session_cache.h — one ORT session per model key, created on first use
 * and reused for every later case with the same (op, opset, input types,
 * input ranks).  A key whose session could not be created is remembered
 * with its mapped status and ORT's message, so ORT is asked only once.
 */
#ifndef SCT_ORT_SESSION_CACHE_H
#define SCT_ORT_SESSION_CACHE_H

#include <stddef.h>

#include "ort_api.h"
#include "ort_model.h"
#include "sonnx_cts/plugin.h"

typedef struct sct_ort_cached_session {
    sct_ort_model_key key;
    sct_ort_session *session; /* NULL when creation failed */
    sonnx_status status;      /* OK, or the mapped failure */
    char message[512];        /* failure text (ORT's message kept) */
} sct_ort_cached_session;

typedef struct sct_ort_session_cache {
    sct_ort_cached_session *entries;
    size_t n, cap;
} sct_ort_session_cache;

/* What a session is created with (owned by the runtime, ort_runtime.h; the
 * cache only borrows it, so it does not depend on the runtime). */
typedef struct sct_ort_session_host {
    const sct_ort_api *api;
    sct_ort_env *env;
    const sct_ort_session_options *options;
} sct_ort_session_host;

/* The entry for `key`, creating its session with `host` if this is the
 * first use.  NULL only when memory runs out (then `err` says so). */
const sct_ort_cached_session *
sct_ort_session_cache_get(sct_ort_session_cache *c,
                          const sct_ort_session_host *host,
                          const sct_ort_model_key *key, char *err,
                          size_t err_cap);

/* Releases every session (with `api`) and the table. */
void sct_ort_session_cache_clear(sct_ort_session_cache *c,
                                 const sct_ort_api *api);

#endif /* SCT_ORT_SESSION_CACHE_H */
