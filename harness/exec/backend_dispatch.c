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

/* A slot for a backend in this process: buffers of this process, run()
 * with them (the in-process backend's own checks apply). */
static int plain_slot_open(sct_backend_slot *slot, char *err, size_t err_cap)
{
    for (size_t i = 0; i < slot->n_inputs + slot->n_outputs; i++) {
        bool in = i < slot->n_inputs;
        uint64_t cap = in ? slot->input_cap[i] : slot->output_cap[i - slot->n_inputs];
        void *p = malloc(cap ? (size_t)cap : 1);
        if (in)
            slot->inputs[i] = p;
        else
            slot->outputs[i - slot->n_inputs] = p;
        if (p == NULL) {
            snprintf(err, err_cap, "out of memory for a slot of %llu bytes",
                     (unsigned long long)cap);
            return -1;
        }
    }
    return 0;
}

static void plain_slot_close(sct_backend_slot *slot)
{
    for (size_t i = 0; i < slot->n_inputs; i++)
        free(slot->inputs[i]);
    for (size_t k = 0; k < slot->n_outputs; k++)
        free(slot->outputs[k]);
}

int sct_backend_slot_open(sct_backend *b, sct_backend_slot *slot, char *err, size_t err_cap)
{
    memset(slot->inputs, 0, sizeof slot->inputs);
    memset(slot->outputs, 0, sizeof slot->outputs);
    if (!b || slot->n_inputs > SCT_EXEC_MAX_TENSORS || slot->n_outputs > SCT_EXEC_MAX_TENSORS) {
        snprintf(err, err_cap, "sct_backend_slot_open: no backend, or more than %d tensors",
                 SCT_EXEC_MAX_TENSORS);
        return -1;
    }
    int rc = b->ops->slot_open ? b->ops->slot_open(b, slot, err, err_cap)
                               : plain_slot_open(slot, err, err_cap);
    if (rc != 0 && !b->ops->slot_open)
        plain_slot_close(slot);
    return rc;
}

sct_exec_result sct_backend_run_slot(sct_backend *b, sct_backend_slot *slot,
                                     const sonnx_op *op, const sonnx_tensor *inputs,
                                     size_t n_inputs, sonnx_tensor *outputs,
                                     size_t n_outputs)
{
    if (!b || !slot || !op || n_inputs != slot->n_inputs || n_outputs != slot->n_outputs)
        return sct_exec_result_make(SCT_EXEC_HARNESS_ERROR,
                                    "sct_backend_run_slot: NULL argument or tensor count "
                                    "other than the slot's");
    for (size_t i = 0; i < n_inputs; i++)
        if (inputs[i].data != slot->inputs[i] || inputs[i].nbytes > slot->input_cap[i])
            return sct_exec_result_make(SCT_EXEC_HARNESS_ERROR,
                                        "sct_backend_run_slot: input %zu is not the "
                                        "slot's buffer or exceeds it", i);
    for (size_t k = 0; k < n_outputs; k++)
        if (outputs[k].nbytes > slot->output_cap[k])
            return sct_exec_result_make(SCT_EXEC_HARNESS_ERROR,
                                        "sct_backend_run_slot: output %zu exceeds the slot", k);
    sct_exec_result r;
    if (b->ops->run_slot) {
        r = b->ops->run_slot(b, slot, op, inputs, n_inputs, outputs, n_outputs);
    } else {
        for (size_t k = 0; k < n_outputs; k++)
            outputs[k].data = slot->outputs[k];
        r = b->ops->run(b, op, inputs, n_inputs, outputs, n_outputs);
    }
    sct_utf8_clean(r.message);
    return r;
}

void sct_backend_slot_close(sct_backend *b, sct_backend_slot *slot)
{
    if (!b || !slot)
        return;
    if (b->ops->slot_close)
        b->ops->slot_close(b, slot);
    else
        plain_slot_close(slot);
    memset(slot->inputs, 0, sizeof slot->inputs);
    memset(slot->outputs, 0, sizeof slot->outputs);
}
