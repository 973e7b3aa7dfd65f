/*
 * mutant_entry.c — the exported table of a mutant: the built-in members
 * with run replaced by the mutant's, runtime_name = the mutant's name.
 */
#include <string.h>

#include "sct/kernels/kernels.h"
#include "mutant.h"

const sonnx_plugin_entry *sct_mutant_builtin(void)
{
    return sct_builtin_plugin();
}

sonnx_status sct_mutant_builtin_run(const sonnx_op *op, const sonnx_tensor *in,
                                    size_t n_in, sonnx_tensor *out, size_t n_out,
                                    char *msg, size_t cap)
{
    return sct_builtin_plugin()->run(op, in, n_in, out, n_out, msg, cap);
}

bool sct_mutant_is_op(const sonnx_op *op, const char *op_type)
{
    return strcmp(op->op_type, op_type) == 0;
}

static sonnx_status mutant_init(const char *path, const char *options,
                                char *msg, size_t cap)
{
    const sonnx_plugin_entry *b = sct_builtin_plugin();
    return b->init ? b->init(path, options, msg, cap) : SONNX_STATUS_OK;
}

static void mutant_shutdown(void)
{
    const sonnx_plugin_entry *b = sct_builtin_plugin();
    if (b->shutdown)
        b->shutdown();
}

static sonnx_status mutant_query(const sonnx_op *op, const int32_t *types,
                                 size_t n, char *msg, size_t cap)
{
    return sct_builtin_plugin()->query(op, types, n, msg, cap);
}

SONNX_PLUGIN_DEFINE_ENTRY = {
    .abi_major = SONNX_PLUGIN_ABI_MAJOR,
    .abi_minor = SONNX_PLUGIN_ABI_MINOR,
    .struct_size = sizeof(sonnx_plugin_entry),
    .vendor = "sonnx-cts mutant",
    .runtime_name = sct_mutant_name,
    .runtime_version = "mutant",
    .init = mutant_init,
    .shutdown = mutant_shutdown,
    .query = mutant_query,
    .run = sct_mutant_run,
};
