/*
 * plugin_loader.h — loading a vendor plugin: dlopen, entry symbol lookup,
 * ABI version negotiation (docs/plugin-abi.md "Negotiation") and init.
 * Runs in whatever process will run the vendor code (the isolated child, or
 * the harness itself with --no-isolate).
 */
#ifndef SCT_EXEC_PLUGIN_LOADER_H
#define SCT_EXEC_PLUGIN_LOADER_H

#include <stddef.h>
#include <stdint.h>

#include "sonnx_cts/plugin.h"

/* Size of the v1.0 function table: the least a major-1 plugin may have. */
#define SCT_PLUGIN_MIN_STRUCT_SIZE_V1 \
    (offsetof(sonnx_plugin_entry, run) + sizeof(((sonnx_plugin_entry *)0)->run))

/* Size of the v1.1 function table (1.1 appended to sonnx_op only). */
#define SCT_PLUGIN_STRUCT_SIZE_V1_1 SCT_PLUGIN_MIN_STRUCT_SIZE_V1

/* The least struct_size of a plugin declaring `minor` of major 1: that
 * minor's table, or for a minor newer than the harness's the newest table
 * the harness knows (it reads only those members). */
size_t sct_plugin_table_size_of_minor(uint32_t minor);

/* Checks `e` as found under SONNX_PLUGIN_ENTRY_SYMBOL in `path`: abi_major
 * equal to the harness's, struct_size at least the table of its minor,
 * required members non-NULL.  On success copies the members the harness
 * knows into `*out` (members beyond the plugin's struct_size are zero) and
 * returns 0; otherwise returns -1 with `err` naming `path` and the reason. */
int sct_plugin_negotiate(const sonnx_plugin_entry *e, const char *path,
                         sonnx_plugin_entry *out, char *err, size_t err_cap);

/* dlopen(path, RTLD_NOW | RTLD_LOCAL), dlsym(SONNX_PLUGIN_ENTRY_SYMBOL),
 * negotiate.  On success `*handle` is the dlopen handle and `*out` the
 * negotiated table; returns 0.  Otherwise -1 with `err` set and nothing left
 * open. */
int sct_plugin_load(const char *path, void **handle, sonnx_plugin_entry *out,
                    char *err, size_t err_cap);

/* Calls e->init when present.  Returns 0, or -1 with `err` saying which
 * status init returned and its message. */
int sct_plugin_init(const sonnx_plugin_entry *e, const char *path,
                    const char *options, char *err, size_t err_cap);

#endif /* SCT_EXEC_PLUGIN_LOADER_H */
