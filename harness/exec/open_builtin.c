/*
 * open_builtin.c — the built-in reference kernels (kernels/kernels.h) as an
 * in-process, trusted backend.  The table goes through the same ABI
 * negotiation as any vendor plugin, so the built-in plugin cannot drift from
 * the published ABI unnoticed.
 */
#include "backend_kinds.h"
#include "sct/kernels/kernels.h"
#include "plugin_loader.h"

sct_backend *sct_backend_open_builtin(char *err, size_t err_cap)
{
    sonnx_plugin_entry e;
    if (sct_plugin_negotiate(sct_builtin_plugin(), "(built-in)", &e, err, err_cap) != 0 ||
        sct_plugin_init(&e, "(built-in)", "", err, err_cap) != 0)
        return NULL;
    return sct_backend_open_inproc(&e, NULL, true, "(built-in)",
                                   "none: built-in kernels in-process", err,
                                   err_cap);
}
