/*
 * ort_web_plugin.c — the sonnx-cts plugin entry for ONNX Runtime Web 1.30.0
 * (ORT compiled to WebAssembly, run under node).
 *
 * init starts ONE node helper (ort_web_helper.cjs) for the worker and asks
 * it for its identity; query and run send it the single-node ModelProto the
 * native ORT adapter builds (vendors/onnxruntime/ort_model.c: same model,
 * same ORT, different build) and the input tensors; the helper keeps one
 * session per model.  ORT's session-creation errors are mapped exactly as
 * for native ORT (ort_status_map.c: the wasm build returns the same codes
 * and texts as "ERROR_CODE: n, ERROR_MESSAGE: ...").
 *
 * A helper that dies or misses its deadline gives ERROR with what happened;
 * the next call starts a new helper.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sct/numeric/dtype.h"
#include "ort_model.h"
#include "ort_status_map.h"
#include "ort_web_helper.h"
#include "ort_web_options.h"
#include "sonnx_cts/plugin.h"
#include "sct/vendor/vendor_call.h"
#include "sct/vendor/vendor_identity.h"

enum { REQ_HELLO = 1, REQ_SESSION = 2, REQ_RUN = 3 };
enum { REP_OK = 0, REP_SESSION_FAILED = 1, REP_RUN_FAILED = 2 };

static const char adapter[] = "onnxruntime-web";
static sct_ortw_options g_opt;
static sct_ortw_helper g_helper;
static int g_open;
static char g_version[SCT_VENDOR_IDENTITY_CAP] = SCT_ORTW_VERSION
    " (not initialised)";

static int start_helper(char *err, size_t err_cap)
{
    return sct_ortw_helper_start(&g_helper, g_opt.node, g_opt.helper,
                                 g_opt.dir, g_opt.timeout_ms, err, err_cap);
}

/* One exchange; restarts a helper that ended earlier.  Returns the reply
 * or NULL with `err`. */
static uint8_t *call(const sct_ortw_buf *req, size_t *len, char *err,
                     size_t err_cap)
{
    if (req->failed) {
        snprintf(err, err_cap, "out of memory for the request");
        return NULL;
    }
    if (g_helper.pid <= 0 && start_helper(err, err_cap) != 0)
        return NULL;
    uint8_t *r;
    if (sct_ortw_helper_call(&g_helper, req->data, req->len, &r, len, err,
                             err_cap) != 0)
        return NULL;
    return r;
}

static sonnx_status ortw_init(const char *plugin_path, const char *options,
                              char *message, size_t message_cap)
{
    if (g_open)
        return sct_vendor_fail(SONNX_STATUS_ERROR, message, message_cap,
                               "onnxruntime-web adapter: init called twice");
    if (sct_ortw_options_parse(options, plugin_path, &g_opt, message,
                               message_cap) != 0)
        return SONNX_STATUS_ERROR;
    /* The first answer loads and compiles the wasm module: allow longer. */
    int t = g_opt.timeout_ms;
    g_opt.timeout_ms = t < 30000 ? 30000 : t;
    if (start_helper(message, message_cap) != 0)
        return SONNX_STATUS_ERROR;
    sct_ortw_buf req = {0};
    uint8_t kind = REQ_HELLO;
    sct_ortw_put(&req, &kind, 1);
    size_t n;
    char err[512];
    uint8_t *r = call(&req, &n, err, sizeof err);
    sct_ortw_buf_free(&req);
    g_helper.timeout_ms = g_opt.timeout_ms = t;
    if (r == NULL || r[0] != REP_OK) {
        sct_vendor_fail(SONNX_STATUS_ERROR, message, message_cap,
                        "onnxruntime-web helper (%s %s %s) did not start: %s",
                        g_opt.node, g_opt.helper, g_opt.dir,
                        r ? "it answered an error" : err);
        free(r);
        sct_ortw_helper_stop(&g_helper);
        return SONNX_STATUS_ERROR;
    }
    snprintf(g_version, sizeof g_version, "%.*s", (int)(n - 1),
             (const char *)r + 1);
    free(r);
    if (strncmp(g_version, SCT_ORTW_VERSION ";", 7) != 0) {
        sct_vendor_fail(SONNX_STATUS_ERROR, message, message_cap,
                        "onnxruntime-web in %s is '%s', expected %s",
                        g_opt.dir, g_version, SCT_ORTW_VERSION);
        sct_ortw_helper_stop(&g_helper);
        return SONNX_STATUS_ERROR;
    }
    g_open = 1;
    return SONNX_STATUS_OK;
}

static void ortw_shutdown(void)
{
    sct_ortw_helper_stop(&g_helper);
    g_open = 0;
}

/* Puts the model of `key` into `req` after the kind byte. */
static int put_model(sct_ortw_buf *req, uint8_t kind,
                     const sct_ort_model_key *key, char *err, size_t err_cap)
{
    uint8_t *model = NULL;
    size_t mlen = 0;
    if (sct_ort_model_build(key, &model, &mlen, err, err_cap) != 0)
        return -1;
    sct_ortw_put(req, &kind, 1);
    sct_ortw_put_u32(req, (uint32_t)mlen);
    sct_ortw_put(req, model, mlen);
    free(model);
    return 0;
}

/* "... ERROR_CODE: 9, ERROR_MESSAGE: ..." -> 9 (ORT's OrtErrorCode). */
static int ort_code_of(const char *text)
{
    const char *p = strstr(text, "ERROR_CODE: ");
    return p ? atoi(p + 12) : SCT_ORT_FAIL;
}

static sonnx_status session_failed(const uint8_t *r, size_t n, char *message,
                                   size_t message_cap)
{
    char text[1024];
    snprintf(text, sizeof text, "%.*s", (int)(n - 1), (const char *)r + 1);
    int code = ort_code_of(text);
    sct_vendor_fail(SONNX_STATUS_ERROR, message, message_cap,
                    "ONNX Runtime Web session creation failed: %s", text);
    return sct_ort_map_session_error(code, text);
}

static sonnx_status ortw_query(const sonnx_op *op, const int32_t *types,
                               size_t n_inputs, char *message,
                               size_t message_cap)
{
    if (sct_vendor_check_open(adapter, g_open, message, message_cap) !=
        SONNX_STATUS_OK)
        return SONNX_STATUS_ERROR;
    const int32_t ranks[SCT_ORT_MAX_INPUTS] = {1, 1};
    sct_ort_model_key key;
    if (sct_ort_model_key_from(op, types, ranks, n_inputs, &key, message,
                               message_cap) != 0)
        return SONNX_STATUS_UNSUPPORTED;
    sct_ortw_buf req = {0};
    char err[512];
    if (put_model(&req, REQ_SESSION, &key, err, sizeof err) != 0) {
        sct_ortw_buf_free(&req);
        return SONNX_STATUS_OK; /* run reports it */
    }
    size_t n;
    uint8_t *r = call(&req, &n, err, sizeof err);
    sct_ortw_buf_free(&req);
    if (r == NULL)
        return SONNX_STATUS_OK; /* run reports the helper's failure */
    sonnx_status s = SONNX_STATUS_OK;
    if (r[0] == REP_SESSION_FAILED &&
        session_failed(r, n, message, message_cap) ==
            SONNX_STATUS_UNSUPPORTED)
        s = SONNX_STATUS_UNSUPPORTED;
    free(r);
    return s;
}

/* Reads the output tensor of an OK reply into `out`. */
static sonnx_status take_output(const uint8_t *r, size_t n, sonnx_tensor *out,
                                char *m, size_t cap)
{
    size_t off = 1;
    int32_t type;
    uint32_t rank;
    if (n < off + 8)
        goto short_reply;
    memcpy(&type, r + off, 4);
    memcpy(&rank, r + off + 4, 4);
    off += 8;
    if (rank > SONNX_MAX_RANK || n < off + 8u * rank + 8)
        goto short_reply;
    int64_t dims[SONNX_MAX_RANK] = {0};
    memcpy(dims, r + off, 8u * rank);
    off += 8u * rank;
    uint64_t nbytes;
    memcpy(&nbytes, r + off, 8);
    off += 8;
    if (n - off != nbytes)
        goto short_reply;
    if (nbytes > out->nbytes)
        return sct_vendor_fail(SONNX_STATUS_ERROR, m, cap,
                               "ONNX Runtime Web produced %llu bytes, the "
                               "output buffer has %llu",
                               (unsigned long long)nbytes,
                               (unsigned long long)out->nbytes);
    memcpy(out->data, r + off, (size_t)nbytes);
    out->elem_type = type;
    out->rank = (int32_t)rank;
    memcpy(out->dims, dims, sizeof out->dims);
    return SONNX_STATUS_OK;
short_reply:
    return sct_vendor_fail(SONNX_STATUS_ERROR, m, cap,
                           "onnxruntime-web helper sent a malformed output "
                           "(%zu bytes)", n);
}

static void put_tensor(sct_ortw_buf *req, const sonnx_tensor *t)
{
    sct_ortw_put_u32(req, (uint32_t)t->elem_type);
    sct_ortw_put_u32(req, (uint32_t)t->rank);
    for (int32_t i = 0; i < t->rank; i++)
        sct_ortw_put_u64(req, (uint64_t)t->dims[i]);
    sct_ortw_put_u64(req, t->nbytes);
    sct_ortw_put(req, t->data, (size_t)t->nbytes);
}

static sonnx_status ortw_run(const sonnx_op *op, const sonnx_tensor *inputs,
                             size_t n_inputs, sonnx_tensor *outputs,
                             size_t n_outputs, char *message,
                             size_t message_cap)
{
    sonnx_status s = sct_vendor_check_call(adapter, g_open, n_inputs,
                                           n_outputs, message, message_cap);
    if (s != SONNX_STATUS_OK)
        return s;
    sct_ort_model_key key;
    if (sct_ort_model_key_from_tensors(op, inputs, n_inputs, &key, message,
                                       message_cap) != 0)
        /* an op the adapter does not map is a decline, named in message */
        return sct_ort_model_op_known(op->op_type, n_inputs) ? SONNX_STATUS_ERROR
                                                             : SONNX_STATUS_UNSUPPORTED;
    sct_ortw_buf req = {0};
    if (put_model(&req, REQ_RUN, &key, message, message_cap) != 0) {
        sct_ortw_buf_free(&req);
        return SONNX_STATUS_ERROR;
    }
    sct_ortw_put_u32(&req, (uint32_t)n_inputs);
    for (size_t i = 0; i < n_inputs; i++)
        put_tensor(&req, &inputs[i]);
    size_t n;
    char err[512];
    uint8_t *r = call(&req, &n, err, sizeof err);
    sct_ortw_buf_free(&req);
    if (r == NULL)
        return sct_vendor_fail(SONNX_STATUS_ERROR, message, message_cap, "%s",
                               err);
    if (r[0] == REP_OK)
        s = take_output(r, n, &outputs[0], message, message_cap);
    else if (r[0] == REP_SESSION_FAILED)
        s = session_failed(r, n, message, message_cap);
    else
        s = sct_vendor_fail(SONNX_STATUS_ERROR, message, message_cap,
                            "ONNX Runtime Web %s: %.*s",
                            r[0] == REP_RUN_FAILED ? "Run failed"
                                                   : "helper error",
                            (int)(n - 1), (const char *)r + 1);
    free(r);
    return s;
}

SONNX_PLUGIN_DEFINE_ENTRY = {
    .abi_major = SONNX_PLUGIN_ABI_MAJOR,
    /* 1.0: reads no attribute; the harness declines attributed ops (plugin.h) */
    .abi_minor = SONNX_PLUGIN_ABI_MINOR_1_0,
    .struct_size = (uint32_t)sizeof(sonnx_plugin_entry),
    .reserved0 = 0,
    .vendor = "Microsoft",
    .runtime_name = "ONNX Runtime Web (WebAssembly, wasm execution provider, "
                    "under node)",
    .runtime_version = g_version,
    .init = ortw_init,
    .shutdown = ortw_shutdown,
    .query = ortw_query,
    .run = ortw_run,
};
