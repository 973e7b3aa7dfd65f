/* builtin_entry.c — sct_builtin_plugin(): the built-in table, in-process. */
#include "builtin_entry.h"

#include "sct/kernels/kernels.h"

static const sonnx_plugin_entry sct_builtin_entry = SCT_BUILTIN_ENTRY_INITIALIZER;

const sonnx_plugin_entry *sct_builtin_plugin(void)
{
    return &sct_builtin_entry;
}
