/*
 * tfjs_plugin.c — the sonnx-cts plugin entry for TensorFlow.js 4.22 (npm
 * @tensorflow/tfjs-core with tfjs-backend-cpu or tfjs-backend-wasm) under
 * node: init starts ONE node helper per harness worker (tfjs_helper.cjs,
 * the frame protocol of vendors/onnxruntime-web/ort_web_helper.h, whose C
 * side is reused here) and selects the backend; run sends the op name and
 * the inputs, the helper answers with what tf.div / tf.mul / tf.pow /
 * tf.less / tf.sub / tf.add (two inputs) or tf.abs / tf.sqrt (one input)
 * returned.
 *
 * Types: TensorFlow.js has float32 and int32 (and bool, no operand type of
 * these ops); every other ONNX type is UNSUPPORTED without asking it.
 * Mixed float32/int32 operands are passed as they are: TensorFlow.js's own
 * upcasting decides.  The output is reported with TensorFlow.js's dtype and
 * shape.
 *
 * Identity (docs/plugin-abi.md §3.1): tfjs-core's version, the backend, the
 * file that computes (the wasm binary or the cpu bundle) with its sha256,
 * node's version, one thread.  TensorFlow.js has no SONNX profile: inputs
 * pass unchanged.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ort_web_helper.h"
#include "sonnx_cts/plugin.h"
#include "sct/vendor/vendor_call.h"
#include "sct/vendor/vendor_identity.h"
#include "tfjs_options.h"

static const char adapter[] = "TensorFlow.js";
static sct_tfjs_options g_opt;
static sct_ortw_helper g_helper = {0, -1, 0};
static int g_open;
static char g_version[SCT_VENDOR_IDENTITY_CAP] = "4.22.0 (not initialised)";

static sonnx_status tfjs_init(const char *plugin_path, const char *options,
                              char *message, size_t message_cap)
{
    if (g_open)
        return sct_vendor_fail(SONNX_STATUS_ERROR, message, message_cap,
                               "TensorFlow.js adapter: init called twice");
    if (sct_tfjs_options_parse(options, plugin_path, &g_opt, message,
                               message_cap) != 0)
        return SONNX_STATUS_ERROR;
    if (sct_ortw_helper_start(&g_helper, g_opt.node, g_opt.helper, g_opt.dir,
                              g_opt.timeout_ms, message, message_cap) != 0)
        return SONNX_STATUS_ERROR;
    sct_ortw_buf req = {0};
    uint8_t kind = 1;
    sct_ortw_put(&req, &kind, 1);
    sct_ortw_put(&req, g_opt.backend, strlen(g_opt.backend));
    uint8_t *rep = NULL;
    size_t rlen = 0;
    int rc = req.failed ? -1
                        : sct_ortw_helper_call(&g_helper, req.data, req.len,
                                               &rep, &rlen, message,
                                               message_cap);
    sct_ortw_buf_free(&req);
    if (rc != 0 || rlen < 1 || rep[0] != 0) {
        if (rc == 0)
            snprintf(message, message_cap,
                     "TensorFlow.js helper (backend %s): %.*s", g_opt.backend,
                     (int)(rlen > 1 ? rlen - 1 : 0), (const char *)rep + 1);
        free(rep);
        sct_ortw_helper_stop(&g_helper);
        return SONNX_STATUS_ERROR;
    }
    snprintf(g_version, sizeof g_version, "%.*s", (int)(rlen - 1),
             (const char *)rep + 1);
    free(rep);
    g_open = 1;
    return SONNX_STATUS_OK;
}

static void tfjs_shutdown(void)
{
    sct_ortw_helper_stop(&g_helper);
    g_open = 0;
}

static int tfjs_type(int32_t t)
{
    return t == SONNX_DT_FLOAT || t == SONNX_DT_INT32;
}

/* The mapped ops with the registry's arity (the helper's OPS table holds
 * the same names): an op without a row is refused by name. */
static const struct {
    const char *name;
    size_t arity;
} mapped_ops[] = {{"Div", 2}, {"Mul", 2}, {"Pow", 2}, {"Less", 2},
                  {"Sub", 2}, {"Add", 2}, {"Abs", 1}, {"Sqrt", 1}};

static sonnx_status check(const char *op, const int32_t *types, size_t n,
                          char *message, size_t cap)
{
    int known = 0;
    for (size_t i = 0; i < sizeof mapped_ops / sizeof mapped_ops[0]; i++)
        known |= strcmp(op, mapped_ops[i].name) == 0 && n == mapped_ops[i].arity;
    if (!known)
        return sct_vendor_fail(SONNX_STATUS_UNSUPPORTED, message, cap,
                               "TensorFlow.js adapter: %s with %zu inputs is "
                               "not mapped", op, n);
    if (strcmp(op, "Sqrt") == 0 && types[0] != SONNX_DT_FLOAT)
        /* tf.sqrt converts an int32 tensor to float32 first: there is no
         * Sqrt with an integer result to certify. */
        return sct_vendor_fail(SONNX_STATUS_UNSUPPORTED, message, cap,
                               "TensorFlow.js adapter: Sqrt of element type %d "
                               "(tf.sqrt computes float32 only)", (int)types[0]);
    for (size_t i = 0; i < n; i++)
        if (!tfjs_type(types[i]))
            return sct_vendor_fail(SONNX_STATUS_UNSUPPORTED, message, cap,
                                   "TensorFlow.js has no dtype for ONNX "
                                   "element type %d (input %zu): float32 "
                                   "and int32 only",
                                   (int)types[i], i);
    return SONNX_STATUS_OK;
}

static sonnx_status tfjs_query(const sonnx_op *op, const int32_t *types,
                               size_t n, char *message, size_t message_cap)
{
    if (sct_vendor_check_open(adapter, g_open, message, message_cap) !=
        SONNX_STATUS_OK)
        return SONNX_STATUS_ERROR;
    return check(op->op_type, types, n, message, message_cap);
}

static size_t elem_size(int32_t t) { return t == SONNX_DT_BOOL ? 1 : 4; }

/* `n`: the tensor's element count (sct_vendor_shape_count). */
static void put_tensor(sct_ortw_buf *b, const sonnx_tensor *t, uint64_t n)
{
    sct_ortw_put_u32(b, (uint32_t)t->elem_type);
    sct_ortw_put_u32(b, (uint32_t)t->rank);
    for (int i = 0; i < t->rank; i++)
        sct_ortw_put_u64(b, (uint64_t)t->dims[i]);
    size_t bytes = (size_t)n * elem_size(t->elem_type);
    sct_ortw_put_u64(b, bytes);
    sct_ortw_put(b, t->data, bytes);
}

static uint32_t rd_u32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
           (uint32_t)p[3] << 24;
}

static uint64_t rd_u64(const uint8_t *p)
{
    return (uint64_t)rd_u32(p) | (uint64_t)rd_u32(p + 4) << 32;
}

/* The reply's tensor into `out`: elem_type, rank, dims as TensorFlow.js
 * gave them.  ERROR when it is malformed or does not fit. */
static sonnx_status take_output(const uint8_t *p, size_t len,
                                sonnx_tensor *out, char *message, size_t cap)
{
    if (len < 8)
        return sct_vendor_fail(SONNX_STATUS_ERROR, message, cap,
                               "TensorFlow.js helper: short reply");
    int32_t type = (int32_t)rd_u32(p);
    uint32_t rank = rd_u32(p + 4);
    if (rank > SONNX_MAX_RANK || len < 8 + 8 * (size_t)rank + 8)
        return sct_vendor_fail(SONNX_STATUS_ERROR, message, cap,
                               "TensorFlow.js helper: output rank %u", rank);
    int64_t dims[SONNX_MAX_RANK];
    for (uint32_t i = 0; i < rank; i++)
        dims[i] = (int64_t)rd_u64(p + 8 + 8 * i);
    const uint8_t *q = p + 8 + 8 * rank;
    uint64_t nbytes = rd_u64(q);
    if (nbytes > len - (size_t)(q + 8 - p))
        return sct_vendor_fail(SONNX_STATUS_ERROR, message, cap,
                               "TensorFlow.js helper: truncated output");
    if (nbytes > out->nbytes)
        return sct_vendor_fail(SONNX_STATUS_ERROR, message, cap,
                               "TensorFlow.js's result (type %d, %llu bytes) "
                               "does not fit the output (%llu bytes)",
                               (int)type, (unsigned long long)nbytes,
                               (unsigned long long)out->nbytes);
    memcpy(out->data, q + 8, (size_t)nbytes);
    out->elem_type = type;
    out->rank = (int32_t)rank;
    memcpy(out->dims, dims, sizeof(int64_t) * rank);
    return SONNX_STATUS_OK;
}

static sonnx_status tfjs_run(const sonnx_op *op, const sonnx_tensor *in,
                             size_t n_inputs, sonnx_tensor *outputs,
                             size_t n_outputs, char *message,
                             size_t message_cap)
{
    sonnx_status s = sct_vendor_check_call(adapter, g_open, n_inputs,
                                           n_outputs, message, message_cap);
    if (s != SONNX_STATUS_OK)
        return s;
    int32_t types[2] = {in[0].elem_type,
                        n_inputs > 1 ? in[1].elem_type : SONNX_DT_FLOAT};
    s = check(op->op_type, types, n_inputs, message, message_cap);
    if (s != SONNX_STATUS_OK)
        return s;
    uint64_t count[SCT_VENDOR_MAX_INPUTS];
    for (size_t i = 0; i < n_inputs; i++) {
        s = sct_vendor_shape_count(adapter, in[i].rank, in[i].dims, &count[i], message,
                                   message_cap);
        if (s != SONNX_STATUS_OK)
            return s;
    }
    sct_ortw_buf req = {0};
    uint8_t kind = 3;
    sct_ortw_put(&req, &kind, 1);
    sct_ortw_put_u32(&req, (uint32_t)strlen(op->op_type));
    sct_ortw_put(&req, op->op_type, strlen(op->op_type));
    sct_ortw_put_u32(&req, (uint32_t)n_inputs);
    for (size_t i = 0; i < n_inputs; i++)
        put_tensor(&req, &in[i], count[i]);
    uint8_t *rep = NULL;
    size_t rlen = 0;
    if (req.failed) {
        sct_ortw_buf_free(&req);
        return sct_vendor_fail(SONNX_STATUS_ERROR, message, message_cap,
                               "TensorFlow.js adapter: out of memory");
    }
    int rc = sct_ortw_helper_call(&g_helper, req.data, req.len, &rep, &rlen,
                                  message, message_cap);
    sct_ortw_buf_free(&req);
    if (rc != 0) {
        g_open = 0; /* the helper is gone: every further call says so */
        return SONNX_STATUS_ERROR;
    }
    if (rlen < 1 || rep[0] != 0)
        s = sct_vendor_fail(SONNX_STATUS_ERROR, message, message_cap,
                            "TensorFlow.js: %.*s",
                            (int)(rlen > 1 ? rlen - 1 : 0),
                            (const char *)rep + 1);
    else
        s = take_output(rep + 1, rlen - 1, &outputs[0], message,
                        message_cap);
    free(rep);
    return s;
}

SONNX_PLUGIN_DEFINE_ENTRY = {
    .abi_major = SONNX_PLUGIN_ABI_MAJOR,
    /* 1.0: reads no attribute; the harness declines attributed ops (plugin.h) */
    .abi_minor = SONNX_PLUGIN_ABI_MINOR_1_0,
    .struct_size = (uint32_t)sizeof(sonnx_plugin_entry),
    .reserved0 = 0,
    .vendor = "Google",
    .runtime_name = "TensorFlow.js (tf.div, tf.mul, tf.pow, tf.less under "
                    "node)",
    .runtime_version = g_version,
    .init = tfjs_init,
    .shutdown = tfjs_shutdown,
    .query = tfjs_query,
    .run = tfjs_run,
};
