/*
 * backend_impl.h — what every backend kind (in-process, isolated child)
 * provides behind the opaque sct_backend of backend.h.  Internal to sct_exec.
 */
#ifndef SCT_EXEC_BACKEND_IMPL_H
#define SCT_EXEC_BACKEND_IMPL_H

#include "sct/exec/backend.h"

#define SCT_IDENTITY_CAP 256

typedef struct sct_backend_ops {
    sct_exec_result (*query)(sct_backend *b, const sonnx_op *op,
                             const int32_t *input_types, size_t n_inputs);
    sct_exec_result (*run)(sct_backend *b, const sonnx_op *op,
                           const sonnx_tensor *inputs, size_t n_inputs,
                           sonnx_tensor *outputs, size_t n_outputs);
    void (*close)(sct_backend *b); /* frees `impl`, not the sct_backend */
    /* Zero-copy slots (backend.h); NULL: plain buffers of this process
     * and run() (backend_dispatch.c). */
    int (*slot_open)(sct_backend *b, sct_backend_slot *slot, char *err, size_t err_cap);
    sct_exec_result (*run_slot)(sct_backend *b, sct_backend_slot *slot, const sonnx_op *op,
                                const sonnx_tensor *inputs, size_t n_inputs,
                                sonnx_tensor *outputs, size_t n_outputs);
    void (*slot_close)(sct_backend *b, sct_backend_slot *slot);
} sct_backend_ops;

struct sct_backend {
    const sct_backend_ops *ops;
    void *impl;
    sct_backend_identity identity; /* points into the buffers below */
    char vendor[SCT_IDENTITY_CAP];
    char runtime_name[SCT_IDENTITY_CAP];
    char runtime_version[SCT_IDENTITY_CAP];
    char plugin_path[4096];
};

/* Allocates a backend and fills the identity from the given strings
 * (copied, truncated to fit; NULL becomes ""). NULL when out of memory. */
sct_backend *sct_backend_new(const sct_backend_ops *ops, void *impl,
                             const char *vendor, const char *runtime_name,
                             const char *runtime_version,
                             const char *plugin_path, uint32_t abi_major,
                             uint32_t abi_minor, const char *isolation);

/* An sct_exec_result with `status` and a printf-style message. */
sct_exec_result sct_exec_result_make(sct_exec_status status, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#endif /* SCT_EXEC_BACKEND_IMPL_H */
