/*
 * builtin_entry.h — internal: the members of the built-in plugin table,
 * shared by sct_builtin_plugin() (in-process) and the exported
 * sonnx_plugin_entry_v1 of kernels/plugin/ so that both serve exactly the
 * same implementation.
 */
#ifndef SCT_KERNELS_BUILTIN_ENTRY_H
#define SCT_KERNELS_BUILTIN_ENTRY_H

#include <stddef.h>
#include <stdint.h>

#include "sonnx_cts/plugin.h"

#ifndef SCT_PROJECT_VERSION
#define SCT_PROJECT_VERSION "unknown"
#endif

sonnx_status sct_builtin_query(const sonnx_op *op, const int32_t *input_types,
                               size_t n_inputs, char *message,
                               size_t message_cap);

sonnx_status sct_builtin_run(const sonnx_op *op, const sonnx_tensor *inputs,
                             size_t n_inputs, sonnx_tensor *outputs,
                             size_t n_outputs, char *message,
                             size_t message_cap);

/* Initializer of a sonnx_plugin_entry serving the built-in kernels.  No
 * init/shutdown: the kernels hold no state.  ABI contract 1.0: no kernel
 * reads an attribute (include/sonnx_cts/plugin.h), and the identity every
 * report shows stays "1.0". */
#define SCT_BUILTIN_ENTRY_INITIALIZER                                  \
    {                                                                  \
        SONNX_PLUGIN_ABI_MAJOR, SONNX_PLUGIN_ABI_MINOR_1_0,            \
        (uint32_t)sizeof(sonnx_plugin_entry), 0u,                      \
        "sonnx-cts", "sonnx-cts reference kernels", SCT_PROJECT_VERSION, \
        NULL, NULL, sct_builtin_query, sct_builtin_run                 \
    }

#endif /* SCT_KERNELS_BUILTIN_ENTRY_H */
