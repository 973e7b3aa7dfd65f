/*
 * ort_runtime.c — opens and closes the one ORT runtime of the plugin (see
 * ort_runtime.h for the configuration and why).
 */
#include "ort_runtime.h"

#include <stdio.h>
#include <string.h>

#include "ort_status_map.h"

/* Runs one ORT call's status through: 0 on success, else fills `err` with
 * "<what>: [CODE] message". */
static int check(sct_ort_runtime *rt, sct_ort_status st, const char *what,
                 char *err, size_t err_cap)
{
    if (st == NULL)
        return 0;
    char text[400];
    int code = sct_ort_take_status(&rt->api, st, text, sizeof text);
    snprintf(err, err_cap, "ONNX Runtime %s failed [%s]: %s", what,
             sct_ort_error_code_name(code), text);
    return -1;
}

/* Session configuration entries (keys from ORT's documented session
 * options config keys).  Why each:
 * - set_denormal_as_zero=0: subnormals are values the specs define results
 *   for (IEEE 754 §3.4); flushing them would be a different runtime mode.
 * - intra_op.allow_spinning=0: with one thread nothing should spin; keeps
 *   CPU use honest on a shared machine. */
static const char *const config_entries[][2] = {
    {"session.set_denormal_as_zero", "0"},
    {"session.intra_op.allow_spinning", "0"},
};

int sct_ort_runtime_open(sct_ort_runtime *rt, const sct_ort_options *options,
                         char *err, size_t err_cap)
{
    memset(rt, 0, sizeof *rt);
    rt->options = *options;
    if (sct_ort_api_load(options->lib_path, &rt->api, err, err_cap) != 0)
        return -1;
    sct_ort_api *api = &rt->api;
    /* FATAL only: every error ORT has reaches us as an OrtStatus and is
     * reported per case; ORT's own log lines would only clutter stderr. */
    if (check(rt, api->create_env(SCT_ORT_LOG_FATAL, "sonnx-cts", &rt->env),
              "CreateEnv", err, err_cap) != 0)
        goto fail;
    if (check(rt, api->create_session_options(&rt->session_options),
              "CreateSessionOptions", err, err_cap) != 0)
        goto fail;
    if (check(rt,
              api->set_intra_op_num_threads(rt->session_options, 1),
              "SetIntraOpNumThreads(1)", err, err_cap) != 0)
        goto fail;
    if (check(rt,
              api->set_graph_optimization_level(rt->session_options,
                                                options->graph_opt_level),
              "SetSessionGraphOptimizationLevel", err, err_cap) != 0)
        goto fail;
    for (size_t i = 0; i < sizeof config_entries / sizeof config_entries[0];
         i++) {
        if (check(rt,
                  api->add_session_config_entry(rt->session_options,
                                                config_entries[i][0],
                                                config_entries[i][1]),
                  "AddSessionConfigEntry", err, err_cap) != 0)
            goto fail;
    }
    if (check(rt,
              api->create_cpu_memory_info(SCT_ORT_ARENA_ALLOCATOR,
                                          SCT_ORT_MEM_TYPE_DEFAULT,
                                          &rt->cpu_memory),
              "CreateCpuMemoryInfo", err, err_cap) != 0)
        goto fail;
    return 0;
fail:
    sct_ort_runtime_close(rt);
    return -1;
}

void sct_ort_runtime_close(sct_ort_runtime *rt)
{
    if (rt->api.dl_handle == NULL) {
        memset(rt, 0, sizeof *rt);
        return;
    }
    sct_ort_session_cache_clear(&rt->cache, &rt->api);
    if (rt->cpu_memory != NULL)
        rt->api.release_memory_info(rt->cpu_memory);
    if (rt->session_options != NULL)
        rt->api.release_session_options(rt->session_options);
    if (rt->env != NULL)
        rt->api.release_env(rt->env);
    sct_ort_api_unload(&rt->api);
    memset(rt, 0, sizeof *rt);
}

const sct_ort_cached_session *
sct_ort_runtime_session(sct_ort_runtime *rt, const sct_ort_model_key *key,
                        char *err, size_t err_cap)
{
    const sct_ort_session_host host = {&rt->api, rt->env, rt->session_options};
    return sct_ort_session_cache_get(&rt->cache, &host, key, err, err_cap);
}
