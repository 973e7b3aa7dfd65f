/*
 * plugin_negotiate.c — ABI version negotiation of a plugin's function table.
 * Rules (docs/plugin-abi.md, include/sonnx_cts/plugin.h): abi_major is read
 * first and must equal the harness's SONNX_PLUGIN_ABI_MAJOR (an older or newer
 * major has an incompatible layout); within the major, struct_size says which
 * members exist (minors only append): a known minor (1.0, 1.1) must have at
 * least that minor's table, a newer minor at least the newest table this
 * harness knows, of which only the known members are read.
 */
#include <stdio.h>
#include <string.h>

#include "plugin_loader.h"

/* The function table's size per known minor of major 1 (index = minor).
 * 1.1 appended to sonnx_op, not to the table, so both sizes are equal. */
static const size_t known_table_size[] = {
    SCT_PLUGIN_MIN_STRUCT_SIZE_V1,      /* 1.0 */
    SCT_PLUGIN_STRUCT_SIZE_V1_1,        /* 1.1 */
};
#define N_KNOWN_MINORS (sizeof known_table_size / sizeof known_table_size[0])

size_t sct_plugin_table_size_of_minor(uint32_t minor)
{
    return minor < N_KNOWN_MINORS ? known_table_size[minor]
                                  : known_table_size[N_KNOWN_MINORS - 1];
}

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
    size_t need = sct_plugin_table_size_of_minor(e->abi_minor);
    if (e->struct_size < need) {
        snprintf(err, err_cap,
                 "%s: plugin function table too small: struct_size %u, ABI %u.%u "
                 "needs at least %zu bytes",
                 path, (unsigned)e->struct_size, (unsigned)e->abi_major,
                 (unsigned)e->abi_minor, need);
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
