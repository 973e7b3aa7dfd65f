/*
 * backend_dispatch.c — the public sct_backend_* entry points of backend.h,
 * forwarding to the backend kind's ops table, plus the shared constructor.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend_impl.h"
#include "sct/text/utf8_check.h"

/* Text from the plugin is untrusted: every report format needs well-formed
 * UTF-8, so the ill-formed bytes are replaced here, once, for all writers. */
static void copy_text(char *dst, size_t cap, const char *src)
{
    snprintf(dst, cap, "%s", src ? src : "");
    sct_utf8_clean(dst);
}

sct_backend *sct_backend_new(const sct_backend_ops *ops, void *impl,
                             const char *vendor, const char *runtime_name,
                             const char *runtime_version,
                             const char *plugin_path, uint32_t abi_major,
                             uint32_t abi_minor, const char *isolation)
{
    sct_backend *b = calloc(1, sizeof *b);
    if (!b)
        return NULL;
    b->ops = ops;
    b->impl = impl;
    copy_text(b->vendor, sizeof b->vendor, vendor);
    copy_text(b->runtime_name, sizeof b->runtime_name, runtime_name);
    copy_text(b->runtime_version, sizeof b->runtime_version, runtime_version);
    copy_text(b->plugin_path, sizeof b->plugin_path, plugin_path);
    b->identity.vendor = b->vendor;
    b->identity.runtime_name = b->runtime_name;
    b->identity.runtime_version = b->runtime_version;
    b->identity.plugin_path = b->plugin_path;
    b->identity.abi_major = abi_major;
    b->identity.abi_minor = abi_minor;
    b->identity.isolation = isolation; /* a string literal of the caller */
    return b;
}

sct_exec_result sct_exec_result_make(sct_exec_status status, const char *fmt, ...)
{
    sct_exec_result r;
    memset(&r, 0, sizeof r);
    r.status = status;
    r.exit_code = -1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r.message, sizeof r.message, fmt, ap);
    va_end(ap);
    return r;
}

const sct_backend_identity *sct_backend_identity_of(const sct_backend *b)
{
    return b ? &b->identity : NULL;
}

/* ABI 1.1 (include/sonnx_cts/plugin.h, docs/plugin-abi.md §2.1): a plugin
 * declaring minor 0 never reads sonnx_op's attributes, so a case whose op
 * has attributes is never sent to it: the harness declines it itself, for
 * query and run alike, naming the plugin's minor.  True when declined. */
static bool declines_attributes(const sct_backend *b, const sonnx_op *op,
                                sct_exec_result *r)
{
    if (op->n_attributes == 0 || b->identity.abi_minor >= SONNX_PLUGIN_ABI_MINOR_1_1)
        return false;
    *r = sct_exec_result_make(
        SCT_EXEC_UNSUPPORTED,
        "%s has %zu attribute%s, which a plugin of ABI %u.%u cannot receive "
        "(attributes arrived in ABI 1.1; declined by the harness, not run)",
        op->op_type ? op->op_type : "(null op_type)", op->n_attributes,
        op->n_attributes == 1 ? "" : "s", (unsigned)b->identity.abi_major,
        (unsigned)b->identity.abi_minor);
    return true;
}

sct_exec_result sct_backend_query(sct_backend *b, const sonnx_op *op,
                                  const int32_t *input_types, size_t n_inputs)
{
    if (!b || !op || (n_inputs && !input_types))
        return sct_exec_result_make(SCT_EXEC_HARNESS_ERROR,
                                    "sct_backend_query: NULL argument");
    if (n_inputs > SCT_EXEC_MAX_TENSORS)
        return sct_exec_result_make(SCT_EXEC_HARNESS_ERROR,
                                    "sct_backend_query: more than %d inputs",
                                    SCT_EXEC_MAX_TENSORS);
    sct_exec_result r;
    if (declines_attributes(b, op, &r))
        return r;
    r = b->ops->query(b, op, input_types, n_inputs);
    sct_utf8_clean(r.message);
    return r;
}

sct_exec_result sct_backend_run(sct_backend *b, const sonnx_op *op,
                                const sonnx_tensor *inputs, size_t n_inputs,
                                sonnx_tensor *outputs, size_t n_outputs)
{
    if (!b || !op || (n_inputs && !inputs) || (n_outputs && !outputs))
        return sct_exec_result_make(SCT_EXEC_HARNESS_ERROR,
                                    "sct_backend_run: NULL argument");
    if (n_inputs > SCT_EXEC_MAX_TENSORS || n_outputs > SCT_EXEC_MAX_TENSORS)
        return sct_exec_result_make(SCT_EXEC_HARNESS_ERROR,
                                    "sct_backend_run: more than %d inputs or outputs",
                                    SCT_EXEC_MAX_TENSORS);
    sct_exec_result r;
    if (declines_attributes(b, op, &r))
        return r;
    r = b->ops->run(b, op, inputs, n_inputs, outputs, n_outputs);
    sct_utf8_clean(r.message);
    return r;
}

void sct_backend_close(sct_backend *b)
{
    if (!b)
        return;
    b->ops->close(b);
    free(b);
}
