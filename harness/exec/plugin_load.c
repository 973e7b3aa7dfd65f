/*
 * plugin_load.c — dlopen + dlsym + negotiation, and the optional init call.
 * RTLD_NOW: an adapter with an unresolved symbol is refused at load time with
 * the loader's own text rather than crashing in the middle of a case.
 * RTLD_LOCAL: the adapter's symbols (and the runtime it wraps) cannot
 * interpose on the harness's.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "plugin_loader.h"

int sct_plugin_load(const char *path, void **handle, sonnx_plugin_entry *out,
                    char *err, size_t err_cap)
{
    *handle = NULL;
    dlerror();
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        const char *why = dlerror();
        snprintf(err, err_cap, "%s: cannot be loaded as a shared object: %s",
                 path, why ? why : "unknown dlopen error");
        return -1;
    }
    dlerror();
    const sonnx_plugin_entry *e = dlsym(h, SONNX_PLUGIN_ENTRY_SYMBOL);
    const char *why = dlerror();
    if (why || !e) {
        snprintf(err, err_cap,
                 "%s: entry symbol '%s' not found (the adapter must define it "
                 "with SONNX_PLUGIN_EXPORT): %s",
                 path, SONNX_PLUGIN_ENTRY_SYMBOL, why ? why : "symbol is NULL");
        dlclose(h);
        return -1;
    }
    if (sct_plugin_negotiate(e, path, out, err, err_cap) != 0) {
        dlclose(h);
        return -1;
    }
    *handle = h;
    return 0;
}

static const char *status_text(int s)
{
    switch (s) {
    case SONNX_STATUS_OK: return "OK";
    case SONNX_STATUS_UNSUPPORTED: return "UNSUPPORTED";
    case SONNX_STATUS_INVALID_ARGUMENT: return "INVALID_ARGUMENT";
    case SONNX_STATUS_ERROR: return "ERROR";
    default: return "a value outside sonnx_status";
    }
}

int sct_plugin_init(const sonnx_plugin_entry *e, const char *path,
                    const char *options, char *err, size_t err_cap)
{
    if (!e->init)
        return 0;
    char msg[512];
    memset(msg, 0, sizeof msg);
    int s = (int)e->init(path, options ? options : "", msg, sizeof msg);
    msg[sizeof msg - 1] = '\0'; /* the plugin may not terminate it */
    if (s == SONNX_STATUS_OK)
        return 0;
    snprintf(err, err_cap, "%s: init failed with status %d (%s): %s", path, s,
             status_text(s), msg[0] ? msg : "(no message)");
    return -1;
}
