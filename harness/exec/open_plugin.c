/*
 * open_plugin.c — sct_backend_open_plugin: isolated by default; in-process
 * only when the user asked for it (--no-isolate, for debugging a plugin).
 */
#include <dlfcn.h>
#include <stdio.h>

#include "backend_kinds.h"
#include "plugin_loader.h"
#include "sct/text/utf8_check.h"

static sct_backend *open_plugin(const char *path, const sct_backend_options *opt, char *err,
                                size_t err_cap)
{
    if (!path || !path[0]) {
        snprintf(err, err_cap, "no plugin path given");
        return NULL;
    }
    if (!opt || opt->isolate)
        return sct_backend_open_isolated(path, opt, err, err_cap);

    void *handle = NULL;
    sonnx_plugin_entry e;
    if (sct_plugin_load(path, &handle, &e, err, err_cap) != 0)
        return NULL;
    if (sct_plugin_init(&e, path, opt->vendor_options, err, err_cap) != 0) {
        dlclose(handle);
        return NULL;
    }
    /* On failure open_inproc has called shutdown and dlclose already. */
    return sct_backend_open_inproc(
        &e, handle, false, path,
        "none: in-process (--no-isolate); a crash or hang of the plugin stops the harness",
        err, err_cap);
}

sct_backend *sct_backend_open_plugin(const char *path,
                                     const sct_backend_options *opt,
                                     char *err, size_t err_cap)
{
    sct_backend *b = open_plugin(path, opt, err, err_cap);
    if (b == NULL && err_cap > 0)
        sct_utf8_clean(err); /* it may carry init()'s message: untrusted */
    return b;
}
