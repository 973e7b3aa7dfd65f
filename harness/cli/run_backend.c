/*
 * run_backend.c — the implementation a `run`-style command was asked for
 * (run_backend.h): shared by run, certify (through run) and repro, so that
 * repro re-runs a case exactly as run ran it.
 */
#include "run_backend.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "install_layout.h"

/* The resolved path of `file` (a directory: itself; a file that does not
 * exist yet: its resolved directory and its name) into hidden[*n];
 * skipped when its directory does not exist. */
static void hide(const char *file, char hidden[][4096], size_t *n)
{
    if (file == NULL)
        return;
    if (realpath(file, hidden[*n]) != NULL) {
        (*n)++;
        return;
    }
    char dir[4096], real[4096];
    snprintf(dir, sizeof dir, "%s", file);
    char *slash = strrchr(dir, '/');
    const char *name = slash ? slash + 1 : dir;
    if (slash == dir)
        snprintf(real, sizeof real, "/");
    else if (realpath(slash ? (*slash = '\0', dir) : ".", real) == NULL)
        return;
    if ((size_t)snprintf(hidden[*n], sizeof hidden[*n], "%s/%s", strcmp(real, "/") ? real : "",
                         name) < sizeof hidden[*n])
        (*n)++;
}

sct_backend *sct_open_run_backend(const sct_run_config *cfg, const char *vectors,
                                  char *err, size_t cap)
{
    if (cfg->vendor_path == NULL)
        return sct_backend_open_builtin(err, cap);
    sct_backend_options o;
    memset(&o, 0, sizeof o);
    o.isolate = cfg->isolate;
    o.timeout_seconds = cfg->timeout_seconds;
    o.vendor_options = cfg->vendor_options;
    sct_sandbox_apply(&cfg->sandbox, &o);
    /* the answers out of the plugin's reach (docs/plugin-abi.md 5.1): the
     * vector set and every report file, even inside a readable tree;
     * needed only while the backend opens (sct_backend_options) */
    char hidden[8][4096];
    const char *hidden_ptr[8];
    size_t n_hidden = 0;
    const char *const secret[] = {vectors, cfg->json_path, cfg->junit_path, cfg->text_path,
                                  cfg->html_path, cfg->md_path, cfg->baseline_path,
                                  cfg->write_baseline_path};
    for (size_t i = 0; i < sizeof secret / sizeof secret[0]; i++)
        hide(secret[i], hidden, &n_hidden);
    for (size_t i = 0; i < n_hidden; i++)
        hidden_ptr[i] = hidden[i];
    o.sandbox_hidden = hidden_ptr;
    o.n_sandbox_hidden = n_hidden;
    char path[4096];
    if (sct_resolve_vendor(cfg->vendor_path, path, sizeof path, err, cap) != 0)
        return NULL;
    return sct_backend_open_plugin(path, &o, err, cap);
}
