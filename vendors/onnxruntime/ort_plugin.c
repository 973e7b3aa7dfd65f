/*
 * ort_plugin.c — the sonnx-cts plugin entry for ONNX Runtime 1.30.0.
 * Loads ORT in init, maps every call to a cached single-node session, and
 * reports ORT's results as they are.
 *
 * Profiles: ORT implements ONNX semantics only.  Under profile "sonnx" the
 * adapter passes the inputs through unchanged (it never rejects on its own
 * initiative): whatever ORT does with broadcast shapes or mixed types is the
 * finding the certification reports.
 */
#include <stdio.h>
#include <string.h>

#include "ort_model.h"
#include "ort_runtime.h"
#include "ort_status_map.h"
#include "ort_tensor_io.h"
#include "sonnx_cts/plugin.h"
#include "sct/vendor/vendor_call.h"

static sct_ort_runtime g_runtime;
static int g_open;

static sonnx_status ort_init(const char *plugin_path, const char *options,
                             char *message, size_t message_cap)
{
    (void)plugin_path;
    if (g_open) {
        snprintf(message, message_cap, "onnxruntime adapter: init called "
                                       "twice");
        return SONNX_STATUS_ERROR;
    }
    sct_ort_options opts;
    if (sct_ort_options_parse(options, &opts, message, message_cap) != 0)
        return SONNX_STATUS_ERROR;
    if (sct_ort_runtime_open(&g_runtime, &opts, message, message_cap) != 0)
        return SONNX_STATUS_ERROR;
    g_open = 1;
    return SONNX_STATUS_OK;
}

static void ort_shutdown(void)
{
    if (g_open)
        sct_ort_runtime_close(&g_runtime);
    g_open = 0;
}

static const char adapter[] = "onnxruntime";

static int not_open(char *message, size_t message_cap)
{
    return sct_vendor_check_open(adapter, g_open, message, message_cap) !=
           SONNX_STATUS_OK;
}

/* Query answers from a real session: ORT decides whether it has a kernel
 * for these types (with rank-1 inputs; ORT's kernel choice does not depend
 * on rank for element-wise ops, and the session is cached for later use).
 * Only a missing kernel or a type ORT does not accept is UNSUPPORTED; any
 * other answer (ORT rejecting mixed types, an error) is left for run to
 * report, so query never hides a rejection or a failure behind
 * "unsupported". */
static sonnx_status ort_query(const sonnx_op *op, const int32_t *input_types,
                              size_t n_inputs, char *message,
                              size_t message_cap)
{
    if (not_open(message, message_cap))
        return SONNX_STATUS_ERROR;
    const int32_t ranks[SCT_ORT_MAX_INPUTS] = {1, 1};
    sct_ort_model_key key;
    if (sct_ort_model_key_from(op, input_types, ranks, n_inputs, &key,
                               message, message_cap) != 0)
        return SONNX_STATUS_UNSUPPORTED;
    const sct_ort_cached_session *e =
        sct_ort_runtime_session(&g_runtime, &key, message, message_cap);
    if (e == NULL)
        return SONNX_STATUS_ERROR;
    if (e->status != SONNX_STATUS_UNSUPPORTED)
        return SONNX_STATUS_OK;
    snprintf(message, message_cap, "%s", e->message);
    return SONNX_STATUS_UNSUPPORTED;
}

static sonnx_status ort_run(const sonnx_op *op, const sonnx_tensor *inputs,
                            size_t n_inputs, sonnx_tensor *outputs,
                            size_t n_outputs, char *message,
                            size_t message_cap)
{
    if (not_open(message, message_cap))
        return SONNX_STATUS_ERROR;
    sonnx_status arity =
        sct_vendor_check_arity(adapter, n_inputs, n_outputs, message,
                               message_cap);
    if (arity != SONNX_STATUS_OK)
        return arity;
    sct_ort_model_key key;
    if (sct_ort_model_key_from_tensors(op, inputs, n_inputs, &key, message,
                                       message_cap) != 0)
        /* an op the adapter does not map is a decline, named in message */
        return sct_ort_model_op_known(op->op_type, n_inputs) ? SONNX_STATUS_ERROR
                                                             : SONNX_STATUS_UNSUPPORTED;
    const sct_ort_cached_session *e =
        sct_ort_runtime_session(&g_runtime, &key, message, message_cap);
    if (e == NULL)
        return SONNX_STATUS_ERROR;
    if (e->status != SONNX_STATUS_OK) {
        snprintf(message, message_cap, "%s", e->message);
        return e->status;
    }

    sct_ort_value *in_values[SCT_ORT_MAX_INPUTS];
    if (sct_ort_wrap_inputs(&g_runtime, inputs, n_inputs, in_values, message,
                            message_cap) != 0)
        return SONNX_STATUS_ERROR;
    sct_ort_value *out_value = NULL;
    const char *out_names[1] = {sct_ort_output_name};
    sct_ort_status st = g_runtime.api.run(
        e->session, NULL, sct_ort_input_names,
        (const sct_ort_value *const *)in_values, n_inputs, out_names, 1,
        &out_value);
    sct_ort_release_values(&g_runtime, in_values, n_inputs);
    if (st != NULL) {
        char text[400];
        int code = sct_ort_take_status(&g_runtime.api, st, text, sizeof text);
        if (out_value != NULL)
            g_runtime.api.release_value(out_value);
        sct_ort_format_error(message, message_cap, "Run", code, text);
        return sct_ort_map_run_error(code, text);
    }
    sonnx_status s = sct_ort_copy_output(&g_runtime, out_value, &outputs[0],
                                         message, message_cap);
    g_runtime.api.release_value(out_value);
    return s;
}

SONNX_PLUGIN_EXPORT const sonnx_plugin_entry sonnx_plugin_entry_v1 = {
    .abi_major = SONNX_PLUGIN_ABI_MAJOR,
    /* 1.0: reads no attribute; the harness declines attributed ops (plugin.h) */
    .abi_minor = SONNX_PLUGIN_ABI_MINOR_1_0,
    .struct_size = (uint32_t)sizeof(sonnx_plugin_entry),
    .reserved0 = 0,
    .vendor = "Microsoft",
    .runtime_name = "ONNX Runtime (CPU execution provider)",
    .runtime_version = SCT_ORT_EXPECTED_VERSION,
    .init = ort_init,
    .shutdown = ort_shutdown,
    .query = ort_query,
    .run = ort_run,
};
