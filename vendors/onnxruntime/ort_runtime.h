/*
 * ort_runtime.h — one loaded ONNX Runtime: the API table, the OrtEnv, the
 * session options every session is created with, the CPU memory info for
 * input tensors and the session cache.  The plugin owns exactly one.
 */
#ifndef SCT_ORT_RUNTIME_H
#define SCT_ORT_RUNTIME_H

#include <stddef.h>

#include "ort_api.h"
#include "ort_options.h"
#include "ort_session_cache.h"

typedef struct sct_ort_runtime {
    sct_ort_api api;
    sct_ort_options options;
    sct_ort_env *env;
    sct_ort_session_options *session_options;
    sct_ort_memory_info *cpu_memory;
    sct_ort_session_cache cache;
} sct_ort_runtime;

/* Loads the library named by `options`, checks it (ort_api.h), creates the
 * environment and the session options: CPU provider only (no provider is
 * appended), one intra-op thread, graph optimization level from options,
 * denormals kept (session.set_denormal_as_zero=0, ORT's default, set
 * explicitly so the certified configuration is written down).
 * Returns 0, or non-zero with `err` and nothing left allocated. */
int sct_ort_runtime_open(sct_ort_runtime *rt, const sct_ort_options *options,
                         char *err, size_t err_cap);

/* Releases sessions, options, env, and unloads the library. */
void sct_ort_runtime_close(sct_ort_runtime *rt);

/* The cached session for `key` (ort_session_cache.h), created with this
 * runtime's environment and session options on first use.  NULL only when
 * memory runs out. */
const sct_ort_cached_session *
sct_ort_runtime_session(sct_ort_runtime *rt, const sct_ort_model_key *key,
                        char *err, size_t err_cap);

#endif /* SCT_ORT_RUNTIME_H */
