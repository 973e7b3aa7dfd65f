/*
 * run_backend.c — the implementation a `run`-style command was asked for
 * (run_backend.h): shared by run, certify (through run) and repro, so that
 * repro re-runs a case exactly as run ran it.
 */
#include "run_backend.h"

#include <string.h>

#include "install_layout.h"

sct_backend *sct_open_run_backend(const sct_run_config *cfg, char *err, size_t cap)
{
    if (cfg->vendor_path == NULL)
        return sct_backend_open_builtin(err, cap);
    sct_backend_options o;
    memset(&o, 0, sizeof o);
    o.isolate = cfg->isolate;
    o.timeout_seconds = cfg->timeout_seconds;
    o.vendor_options = cfg->vendor_options;
    o.sandbox = cfg->sandbox.require ? SCT_SANDBOX_REQUIRE : SCT_SANDBOX_AUTO;
    o.memory_limit = cfg->sandbox.memory_limit;
    o.cpu_limit_seconds = cfg->sandbox.cpu_limit;
    o.sandbox_omit = cfg->sandbox.omit;
    char path[4096];
    if (sct_resolve_vendor(cfg->vendor_path, path, sizeof path, err, cap) != 0)
        return NULL;
    return sct_backend_open_plugin(path, &o, err, cap);
}
