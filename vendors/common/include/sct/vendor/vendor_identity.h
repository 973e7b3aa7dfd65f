/*
 * vendor_identity.h — what a certification verdict depends on, written into
 * the plugin's runtime_version string at init (docs/plugin-abi.md §3.1,
 * "identity details"): the runtime's own version first, then
 * "; key=value" items, e.g.
 *
 *   2.6.3; cpu_isa=avx512_core; lib=libdnnl.so.2.6; sha256=1f0c...
 *
 * The harness copies runtime_version after init into every report
 * (SCT_WIRE_NAME_CAP = 256 bytes including the NUL), so the items must stay
 * short; sct_vendor_identity_add refuses an item that would be cut.
 */
#ifndef SCT_VENDOR_VENDOR_IDENTITY_H
#define SCT_VENDOR_VENDOR_IDENTITY_H

#include <stddef.h>

/* Capacity the harness keeps of runtime_version (harness/exec wire cap). */
#define SCT_VENDOR_IDENTITY_CAP 256

/* Appends "; key=value" to the NUL-terminated `buf`.  Returns 0, or -1
 * (buf unchanged) when it would not fit in `cap`. */
int sct_vendor_identity_add(char *buf, size_t cap, const char *key,
                            const char *value);

/* The path of the shared object loaded in this process whose file name
 * starts with `name_prefix` (e.g. "libdnnl.so"), found with
 * dl_iterate_phdr.  Returns 0, or -1 when none is loaded. */
int sct_vendor_loaded_lib(const char *name_prefix, char *path, size_t cap);

/* Appends "; lib=<file name>; sha256=<hex of the file>" for the loaded
 * library `name_prefix`.  Returns 0, or -1 with `err` (library not loaded,
 * file unreadable, or the items do not fit). */
int sct_vendor_identity_add_lib(char *buf, size_t cap,
                                const char *name_prefix, char *err,
                                size_t err_cap);

#endif /* SCT_VENDOR_VENDOR_IDENTITY_H */
