/*
 * pocl_plugin.c — the sonnx-cts plugin entry for PoCL 3.1 (OpenCL on the
 * CPU through LLVM).  init builds one kernel per (op, type)
 * (pocl_kernels.h); run copies the inputs into OpenCL buffers, enqueues the
 * kernel over the output's elements and reads the result back.
 *
 * Broadcasting is index arithmetic in the kernels (OpenCL has no tensor
 * shapes); the values are computed by PoCL's compiled OpenCL C.  Profiles:
 * the adapter never rejects on its own initiative (under "sonnx" broadcast
 * shapes are computed like under "onnx"); shapes that do not broadcast are
 * an invalid input under ONNX itself (onnx-div: multidirectional
 * broadcasting) and, OpenCL having no shapes, the adapter is where the
 * runtime refuses them: INVALID_ARGUMENT naming them, as plugin.h's run()
 * contract asks of rejected inputs (an ERROR would read as a failure to
 * compute, not as a refusal).
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "sct/kernels/broadcast.h"
#include "sct/numeric/dtype.h"
#include "pocl_runtime.h"
#include "sonnx_cts/plugin.h"
#include "sct/vendor/vendor_call.h"
#include "sct/vendor/vendor_identity.h"
#include "sct/vendor/vendor_options.h"

static const char adapter[] = "PoCL";
static sct_pocl_runtime g_rt;
static int g_open;
static char g_version[SCT_VENDOR_IDENTITY_CAP] = "3.1 (not initialised)";

static int no_keys(void *ctx, const char *key, size_t klen, const char *v,
                   size_t vlen, char *err, size_t err_cap)
{
    (void)ctx; (void)key; (void)klen; (void)v; (void)vlen; (void)err;
    (void)err_cap;
    return SCT_VOPT_UNKNOWN_KEY;
}

static sonnx_status pocl_init(const char *plugin_path, const char *options,
                              char *message, size_t message_cap)
{
    (void)plugin_path;
    if (g_open)
        return sct_vendor_fail(SONNX_STATUS_ERROR, message, message_cap,
                               "PoCL adapter: init called twice");
    if (sct_vopt_parse(options, adapter, "none", no_keys, NULL, message,
                       message_cap) != 0)
        return SONNX_STATUS_ERROR;
    if (sct_pocl_runtime_open(&g_rt, g_version, sizeof g_version, message,
                              message_cap) != 0)
        return SONNX_STATUS_ERROR;
    g_open = 1;
    return SONNX_STATUS_OK;
}

static void pocl_shutdown(void)
{
    if (g_open)
        sct_pocl_runtime_close(&g_rt);
    g_open = 0;
}

/* The kernel for (op, types), or NULL with the reason (UNSUPPORTED). */
static cl_kernel kernel_for(const char *op_type, const int32_t *types,
                            size_t n, int *t_out, char *m, size_t cap)
{
    int op = sct_pocl_op_index(op_type);
    if (op < 0 || n != (size_t)sct_pocl_op_arity(op)) {
        sct_vendor_fail(SONNX_STATUS_UNSUPPORTED, m, cap,
                        "PoCL adapter: %s with %zu inputs is not mapped",
                        op_type, n);
        return NULL;
    }
    if (n == 2 && types[0] != types[1]) {
        sct_vendor_fail(SONNX_STATUS_UNSUPPORTED, m, cap,
                        "PoCL adapter: mixed input types %s and %s (kernels "
                        "take one element type; OpenCL C's implicit "
                        "conversions would be the adapter's choice)",
                        sct_dtype_name(types[0]), sct_dtype_name(types[1]));
        return NULL;
    }
    int t = sct_pocl_type_index(types[0]);
    if (t < 0) {
        sct_vendor_fail(SONNX_STATUS_UNSUPPORTED, m, cap,
                        "OpenCL C has no %s type", sct_dtype_name(types[0]));
        return NULL;
    }
    if (!sct_pocl_kernel_exists(op, t)) {
        /* the built-in's name is the op's in lower case (pow, sqrt) */
        char builtin[8] = "";
        for (size_t i = 0; i + 1 < sizeof builtin && op_type[i]; i++)
            builtin[i] = (char)tolower((unsigned char)op_type[i]);
        sct_vendor_fail(SONNX_STATUS_UNSUPPORTED, m, cap,
                        "OpenCL C has no integer %s built-in (%s)",
                        builtin, sct_dtype_name(types[0]));
        return NULL;
    }
    if (g_rt.kernels[op][t] == NULL) {
        sct_vendor_fail(SONNX_STATUS_UNSUPPORTED, m, cap,
                        "the PoCL device has no cl_khr_fp64");
        return NULL;
    }
    *t_out = t;
    return g_rt.kernels[op][t];
}

static sonnx_status pocl_query(const sonnx_op *op, const int32_t *types,
                               size_t n, char *message, size_t message_cap)
{
    if (sct_vendor_check_open(adapter, g_open, message, message_cap) !=
        SONNX_STATUS_OK)
        return SONNX_STATUS_ERROR;
    int t;
    return kernel_for(op->op_type, types, n, &t, message, message_cap)
               ? SONNX_STATUS_OK
               : SONNX_STATUS_UNSUPPORTED;
}

/* Kernel arguments: the n_in inputs, the output, the index table. */
static sonnx_status enqueue(cl_kernel k, const sonnx_tensor *in, size_t n_in,
                            const cl_long *meta, size_t n, void *out,
                            size_t out_bytes, char *m, size_t cap)
{
    cl_int e = CL_SUCCESS;
    cl_mem bufs[4] = {NULL, NULL, NULL, NULL};
    const char *stage = "clCreateBuffer";
    for (size_t i = 0; i < n_in && e == CL_SUCCESS; i++)
        bufs[i] = clCreateBuffer(g_rt.context,
                                 CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                                 (size_t)in[i].nbytes, in[i].data, &e);
    if (e == CL_SUCCESS)
        bufs[n_in] = clCreateBuffer(g_rt.context, CL_MEM_WRITE_ONLY, out_bytes,
                                    NULL, &e);
    if (e == CL_SUCCESS)
        bufs[n_in + 1] = clCreateBuffer(g_rt.context,
                                        CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                                        SCT_POCL_META_LEN * sizeof(cl_long),
                                        (void *)meta, &e);
    for (cl_uint i = 0; i < (cl_uint)n_in + 2 && e == CL_SUCCESS; i++) {
        stage = "clSetKernelArg";
        e = clSetKernelArg(k, i, sizeof(cl_mem), &bufs[i]);
    }
    if (e == CL_SUCCESS) {
        stage = "clEnqueueNDRangeKernel";
        e = clEnqueueNDRangeKernel(g_rt.queue, k, 1, NULL, &n, NULL, 0, NULL,
                                   NULL);
    }
    if (e == CL_SUCCESS) {
        stage = "clEnqueueReadBuffer";
        e = clEnqueueReadBuffer(g_rt.queue, bufs[n_in], CL_TRUE, 0, out_bytes, out,
                                0, NULL, NULL);
    }
    for (int i = 0; i < 4; i++)
        if (bufs[i])
            clReleaseMemObject(bufs[i]);
    if (e != CL_SUCCESS)
        return sct_vendor_fail(SONNX_STATUS_ERROR, m, cap, "PoCL %s: %d", stage,
                               (int)e);
    return SONNX_STATUS_OK;
}

static sonnx_status pocl_run(const sonnx_op *op, const sonnx_tensor *inputs,
                             size_t n_inputs, sonnx_tensor *outputs,
                             size_t n_outputs, char *message,
                             size_t message_cap)
{
    sonnx_status s = sct_vendor_check_call(adapter, g_open, n_inputs,
                                           n_outputs, message, message_cap);
    if (s != SONNX_STATUS_OK)
        return s;
    int32_t types[2] = {inputs[0].elem_type,
                        n_inputs > 1 ? inputs[1].elem_type : 0};
    int t;
    cl_kernel k = kernel_for(op->op_type, types, n_inputs, &t, message,
                             message_cap);
    if (k == NULL)
        return SONNX_STATUS_UNSUPPORTED;
    /* A unary op (Abs, Sqrt) has one input: its shape is the output's, and
     * the second input's shape is the first's (no broadcasting, no read of
     * inputs[1]). */
    const sonnx_tensor *a = &inputs[0], *b = n_inputs == 2 ? &inputs[1] : a;
    int32_t rc;
    int64_t dc[SONNX_MAX_RANK];
    if (!sct_broadcast_shape(a->rank, a->dims, b->rank, b->dims, &rc, dc))
        return sct_vendor_fail(SONNX_STATUS_INVALID_ARGUMENT, message, message_cap,
                               "PoCL adapter: the input shapes do not "
                               "broadcast (nothing to enqueue)");
    int32_t out_type =
        sct_pocl_output_type(sct_pocl_op_index(op->op_type), a->elem_type);
    uint64_t n;
    s = sct_vendor_shape_count(adapter, rc, dc, &n, message, message_cap);
    if (s != SONNX_STATUS_OK)
        return s;
    size_t out_bytes = (size_t)n * sct_dtype_elem_size(out_type);
    sonnx_tensor *o = &outputs[0];
    if (out_bytes > o->nbytes)
        return sct_vendor_fail(SONNX_STATUS_ERROR, message, message_cap,
                               "PoCL adapter: result needs %zu bytes, the "
                               "output buffer has %llu",
                               out_bytes, (unsigned long long)o->nbytes);
    if (n > 0) {
        cl_long meta[SCT_POCL_META_LEN];
        memset(meta, 0, sizeof meta);
        uint64_t sa[SONNX_MAX_RANK], sb[SONNX_MAX_RANK];
        sct_broadcast_strides(a->rank, a->dims, rc, dc, sa);
        sct_broadcast_strides(b->rank, b->dims, rc, dc, sb);
        meta[SCT_POCL_META_RANK] = rc;
        for (int32_t i = 0; i < rc; i++) {
            meta[SCT_POCL_META_DIMS + i] = dc[i];
            meta[SCT_POCL_META_ASTR + i] = (cl_long)sa[i];
            meta[SCT_POCL_META_BSTR + i] = (cl_long)sb[i];
        }
        s = enqueue(k, inputs, n_inputs, meta, (size_t)n, o->data, out_bytes, message,
                    message_cap);
        if (s != SONNX_STATUS_OK)
            return s;
    }
    o->elem_type = out_type;
    o->rank = rc;
    memcpy(o->dims, dc, sizeof o->dims);
    return SONNX_STATUS_OK;
}

SONNX_PLUGIN_DEFINE_ENTRY = {
    .abi_major = SONNX_PLUGIN_ABI_MAJOR,
    /* 1.0: reads no attribute; the harness declines attributed ops (plugin.h) */
    .abi_minor = SONNX_PLUGIN_ABI_MINOR_1_0,
    .struct_size = (uint32_t)sizeof(sonnx_plugin_entry),
    .reserved0 = 0,
    .vendor = "PoCL project",
    .runtime_name = "PoCL (OpenCL C on the CPU device; float16 as storage: "
                    "vload_half, float arithmetic, vstore_half_rte)",
    .runtime_version = g_version,
    .init = pocl_init,
    .shutdown = pocl_shutdown,
    .query = pocl_query,
    .run = pocl_run,
};
