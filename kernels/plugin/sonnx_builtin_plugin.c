/*
 * sonnx_builtin_plugin.c — the built-in reference kernels as a vendor
 * plugin (include/sonnx_cts/plugin.h).  It exports the one entry symbol,
 * initialised from the same members as sct_builtin_plugin(), so
 * `sonnx-cts run --vendor .../sonnx_builtin_plugin.so` exercises the plugin
 * path (dlopen, child process, guard pages) on exactly the results of the
 * in-process built-in backend.  Everything else in the module is built
 * with hidden visibility.
 */
#include "builtin_entry.h"

SONNX_PLUGIN_EXPORT const sonnx_plugin_entry sonnx_plugin_entry_v1 =
    SCT_BUILTIN_ENTRY_INITIALIZER;
