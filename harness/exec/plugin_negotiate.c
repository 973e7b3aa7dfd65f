/*
 * plugin_negotiate.c — ABI version negotiation of a plugin's function table.
 * Rules (docs/plugin-abi.md, include/sonnx_cts/plugin.h): abi_major is read
 * first and must equal the harness's SONNX_PLUGIN_ABI_MAJOR (an older or newer
 * major has an incompatible layout); within the major, struct_size says which
 * members exist (minors only append), so any minor is accepted as long as the
 * v1.0 members are all there.
 */
#include <stdio.h>
#include <string.h>

#include "plugin_loader.h"

int sct_plugin_negotiate(const sonnx_plugin_entry *e, const char *path,
                         sonnx_plugin_entry *out, char *err, size_t err_cap)
{
    memset(out, 0, sizeof *out);
    if (!e) {
        snprintf(err, err_cap, "%s: entry symbol %s is NULL", path,
                 SONNX_PLUGIN_ENTRY_SYMBOL);
        return -1;
    }
    if (e->abi_major < SONNX_PLUGIN_ABI_MAJOR) {
        snprintf(err, err_cap,
                 "%s: plugin ABI too old: abi_major %u, this harness needs %u "
                 "(rebuild the adapter against sonnx_cts/plugin.h %u.x)",
                 path, (unsigned)e->abi_major, (unsigned)SONNX_PLUGIN_ABI_MAJOR,
                 (unsigned)SONNX_PLUGIN_ABI_MAJOR);
        return -1;
    }
    if (e->abi_major > SONNX_PLUGIN_ABI_MAJOR) {
        snprintf(err, err_cap,
                 "%s: plugin ABI too new: abi_major %u, this harness supports "
                 "only %u (use a newer sonnx-cts)",
                 path, (unsigned)e->abi_major, (unsigned)SONNX_PLUGIN_ABI_MAJOR);
        return -1;
    }
    /* Only now is struct_size meaningful: its position is fixed for major 1. */
    if (e->struct_size < SCT_PLUGIN_MIN_STRUCT_SIZE_V1) {
        snprintf(err, err_cap,
                 "%s: plugin function table too small: struct_size %u, ABI %u "
                 "needs at least %zu bytes",
                 path, (unsigned)e->struct_size, (unsigned)e->abi_major,
                 (size_t)SCT_PLUGIN_MIN_STRUCT_SIZE_V1);
        return -1;
    }
    size_t n = e->struct_size < sizeof *out ? e->struct_size : sizeof *out;
    memcpy(out, e, n);

    const char *missing = NULL;
    if (!out->vendor)
        missing = "vendor";
    else if (!out->runtime_name)
        missing = "runtime_name";
    else if (!out->runtime_version)
        missing = "runtime_version";
    else if (!out->query)
        missing = "query";
    else if (!out->run)
        missing = "run";
    if (missing) {
        snprintf(err, err_cap,
                 "%s: plugin function table lacks required member '%s' (NULL)",
                 path, missing);
        memset(out, 0, sizeof *out);
        return -1;
    }
    return 0;
}
