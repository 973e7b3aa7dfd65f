/*
 * xnnpack_plugin.c — the sonnx-cts plugin entry for XNNPACK (Debian
 * libxnnpack0, snapshot 2022-02-16), through its operator API: the ops and
 * types that API offers for these ONNX operators, nothing else.
 *
 *   Div  float32           xnn_create_divide_nd_f32
 *   Mul  float32, float16  xnn_create_multiply_nd_f32 / _f16
 *   Add  float32, float16  xnn_create_add_nd_f32 / _f16
 *   Sub  float32           xnn_create_subtract_nd_f32
 *   Abs  float32           xnn_create_abs_nc_f32 (one input)
 *   Sqrt float32           xnn_create_square_root_nc_f32 (one input)
 *
 * Every binary operator is created with the output range unbounded
 * (output_min = -inf, output_max = +inf): XNNPACK's clamp is a fused
 * activation, not part of ONNX's Div/Mul/Add/Sub.  Pow and Less have no
 * XNNPACK operator; the quantized qs8/qu8 multiply is no integer multiply (scale
 * and zero point, saturating requantisation): UNSUPPORTED, never emulated.
 * One operator per case, run without a thread pool (the element-wise
 * results do not depend on threads).
 *
 * Identity (docs/plugin-abi.md §3.1): the snapshot, the widest x86 level
 * this CPU offers (XNNPACK picks its microkernels by it at
 * xnn_initialize), the library file and its sha256.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <xnnpack.h>

#include "sonnx_cts/plugin.h"
#include "sct/vendor/vendor_call.h"
#include "sct/vendor/vendor_identity.h"
#include "sct/vendor/vendor_options.h"

static const char adapter[] = "XNNPACK";
static int g_open;
static char g_version[SCT_VENDOR_IDENTITY_CAP] =
    "0.0~git20220216.ae108ef (not initialised)";

static const char *cpu_level(void)
{
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f"))
        return "avx512f";
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
        return "avx2-fma3";
    if (__builtin_cpu_supports("avx"))
        return "avx";
    return "sse2";
}

static int no_option(void *ctx, const char *key, size_t klen,
                     const char *value, size_t vlen, char *err,
                     size_t err_cap)
{
    (void)ctx, (void)key, (void)klen, (void)value, (void)vlen, (void)err,
        (void)err_cap;
    return SCT_VOPT_UNKNOWN_KEY;
}

static sonnx_status xnn_init(const char *plugin_path, const char *options,
                             char *message, size_t message_cap)
{
    (void)plugin_path;
    if (g_open)
        return sct_vendor_fail(SONNX_STATUS_ERROR, message, message_cap,
                               "XNNPACK adapter: init called twice");
    if (sct_vopt_parse(options, adapter, "(none)", no_option, NULL, message,
                       message_cap) != 0)
        return SONNX_STATUS_ERROR;
    enum xnn_status st = xnn_initialize(NULL);
    if (st != xnn_status_success)
        return sct_vendor_fail(SONNX_STATUS_ERROR, message, message_cap,
                               "xnn_initialize: status %d", (int)st);
    snprintf(g_version, sizeof g_version, "0.0~git20220216.ae108ef");
    if (sct_vendor_identity_add(g_version, sizeof g_version, "cpu",
                                cpu_level()) != 0 ||
        sct_vendor_identity_add(g_version, sizeof g_version, "threads",
                                "1") != 0 ||
        sct_vendor_identity_add_lib(g_version, sizeof g_version,
                                    "libXNNPACK.so", message,
                                    message_cap) != 0) {
        xnn_deinitialize();
        return SONNX_STATUS_ERROR;
    }
    g_open = 1;
    return SONNX_STATUS_OK;
}

static void xnn_shutdown(void)
{
    if (g_open)
        xnn_deinitialize();
    g_open = 0;
}

typedef enum {
    K_NONE, K_DIV_F32, K_MUL_F32, K_MUL_F16, K_ADD_F32, K_ADD_F16, K_SUB_F32,
    K_ABS_F32, K_SQRT_F32
} kind;

/* One row per (op, type) the operator API offers, with the op's arity (the
 * registry's): anything without a row is declined by name. */
static const struct {
    const char *op;
    int32_t type;
    size_t arity;
    kind k;
} kinds[] = {
    {"Div", SONNX_DT_FLOAT, 2, K_DIV_F32},  {"Mul", SONNX_DT_FLOAT, 2, K_MUL_F32},
    {"Mul", SONNX_DT_FLOAT16, 2, K_MUL_F16}, {"Add", SONNX_DT_FLOAT, 2, K_ADD_F32},
    {"Add", SONNX_DT_FLOAT16, 2, K_ADD_F16}, {"Sub", SONNX_DT_FLOAT, 2, K_SUB_F32},
    {"Abs", SONNX_DT_FLOAT, 1, K_ABS_F32},  {"Sqrt", SONNX_DT_FLOAT, 1, K_SQRT_F32},
};

static kind kind_of(const char *op, const int32_t *types, size_t n)
{
    if (n == 2 && types[0] != types[1])
        return K_NONE;
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (strcmp(op, kinds[i].op) == 0 && types[0] == kinds[i].type && n == kinds[i].arity)
            return kinds[i].k;
    return K_NONE;
}

static int is_unary(kind k) { return k == K_ABS_F32 || k == K_SQRT_F32; }

static sonnx_status decline(const char *op, char *message, size_t cap)
{
    return sct_vendor_fail(SONNX_STATUS_UNSUPPORTED, message, cap,
                           "XNNPACK's operator API has no %s for these "
                           "types (it offers Div float32, Mul and Add float32 "
                           "and float16, Sub, Abs and Sqrt float32 only; "
                           "qs8/qu8 are quantized, not integer)",
                           op);
}

static sonnx_status xnn_query(const sonnx_op *op, const int32_t *types,
                              size_t n, char *message, size_t message_cap)
{
    if (sct_vendor_check_open(adapter, g_open, message, message_cap) !=
        SONNX_STATUS_OK)
        return SONNX_STATUS_ERROR;
    if (n == 0 || n > 2 || kind_of(op->op_type, types, n) == K_NONE)
        return decline(op->op_type, message, message_cap);
    return SONNX_STATUS_OK;
}

static enum xnn_status create(kind k, xnn_operator_t *o)
{
    /* The output range unbounded: no fused clamp (see the file comment). */
    float lo = -INFINITY, hi = INFINITY;
    switch (k) {
    case K_DIV_F32: return xnn_create_divide_nd_f32(lo, hi, 0, o);
    case K_MUL_F32: return xnn_create_multiply_nd_f32(lo, hi, 0, o);
    case K_MUL_F16: return xnn_create_multiply_nd_f16(lo, hi, 0, o);
    case K_ADD_F32: return xnn_create_add_nd_f32(lo, hi, 0, o);
    case K_ADD_F16: return xnn_create_add_nd_f16(lo, hi, 0, o);
    case K_SUB_F32: return xnn_create_subtract_nd_f32(lo, hi, 0, o);
    /* nc operators: one channel per element, batch = element count */
    case K_ABS_F32: return xnn_create_abs_nc_f32(1, 1, 1, 0, o);
    case K_SQRT_F32: return xnn_create_square_root_nc_f32(1, 1, 1, 0, o);
    case K_NONE: break;
    }
    return xnn_status_invalid_parameter;
}

static enum xnn_status setup(kind k, xnn_operator_t o, size_t ra,
                             const size_t *sa, size_t rb, const size_t *sb,
                             const void *a, const void *b, void *out)
{
    switch (k) {
    case K_DIV_F32:
        return xnn_setup_divide_nd_f32(o, ra, sa, rb, sb, a, b, out, NULL);
    case K_MUL_F32:
        return xnn_setup_multiply_nd_f32(o, ra, sa, rb, sb, a, b, out, NULL);
    case K_MUL_F16:
        return xnn_setup_multiply_nd_f16(o, ra, sa, rb, sb, a, b, out, NULL);
    case K_ADD_F32:
        return xnn_setup_add_nd_f32(o, ra, sa, rb, sb, a, b, out, NULL);
    case K_ADD_F16:
        return xnn_setup_add_nd_f16(o, ra, sa, rb, sb, a, b, out, NULL);
    case K_SUB_F32:
        return xnn_setup_subtract_nd_f32(o, ra, sa, rb, sb, a, b, out, NULL);
    case K_ABS_F32: case K_SQRT_F32: case K_NONE: break; /* setup_unary */
    }
    return xnn_status_invalid_parameter;
}

/* Abs and Sqrt: `batch` elements of one channel each. */
static enum xnn_status setup_unary(kind k, xnn_operator_t o, size_t batch, const void *a,
                                   void *out)
{
    if (k == K_ABS_F32)
        return xnn_setup_abs_nc_f32(o, batch, a, out, NULL);
    return xnn_setup_square_root_nc_f32(o, batch, a, out, NULL);
}

static sonnx_status xnn_run(const sonnx_op *op, const sonnx_tensor *in,
                            size_t n_inputs, sonnx_tensor *outputs,
                            size_t n_outputs, char *message,
                            size_t message_cap)
{
    sonnx_status s = sct_vendor_check_call(adapter, g_open, n_inputs,
                                           n_outputs, message, message_cap);
    if (s != SONNX_STATUS_OK)
        return s;
    /* a unary op (Abs, Sqrt) has one input: in[1] is never read */
    int32_t types[2] = {in[0].elem_type, n_inputs == 2 ? in[1].elem_type : 0};
    kind k = n_inputs <= 2 ? kind_of(op->op_type, types, n_inputs) : K_NONE;
    if (k == K_NONE)
        return decline(op->op_type, message, message_cap);
    const sonnx_tensor *b = is_unary(k) ? &in[0] : &in[1];
    if (in[0].rank > XNN_MAX_TENSOR_DIMS || b->rank > XNN_MAX_TENSOR_DIMS)
        return sct_vendor_fail(SONNX_STATUS_UNSUPPORTED, message, message_cap,
                               "XNNPACK takes at most %d dims",
                               XNN_MAX_TENSOR_DIMS);
    size_t sa[XNN_MAX_TENSOR_DIMS], sb[XNN_MAX_TENSOR_DIMS];
    for (int i = 0; i < in[0].rank; i++)
        sa[i] = (size_t)in[0].dims[i];
    for (int i = 0; i < b->rank; i++)
        sb[i] = (size_t)b->dims[i];
    /* The output shape: ONNX (numpy) broadcasting, which XNNPACK's nd
     * operators implement (a unary op: its input's shape); computed here to
     * check the buffer. */
    int orank = in[0].rank > b->rank ? in[0].rank : b->rank;
    int64_t od[SONNX_MAX_RANK];
    for (int i = 0; i < orank; i++) {
        int ia = i - (orank - in[0].rank), ib = i - (orank - b->rank);
        int64_t da = ia >= 0 ? in[0].dims[ia] : 1;
        int64_t db = ib >= 0 ? b->dims[ib] : 1;
        od[i] = da == 1 ? db : da;
    }
    sonnx_tensor *out = &outputs[0];
    size_t esz = k == K_MUL_F16 || k == K_ADD_F16 ? 2 : 4;
    uint64_t n;
    s = sct_vendor_shape_count(adapter, orank, od, &n, message, message_cap);
    if (s != SONNX_STATUS_OK)
        return s;
    if (n * esz > out->nbytes)
        return sct_vendor_fail(SONNX_STATUS_ERROR, message, message_cap,
                               "XNNPACK adapter: result needs %llu bytes, "
                               "the output buffer has %llu",
                               (unsigned long long)(n * esz),
                               (unsigned long long)out->nbytes);
    xnn_operator_t o = NULL;
    enum xnn_status st = create(k, &o);
    if (st == xnn_status_unsupported_hardware)
        return sct_vendor_fail(SONNX_STATUS_UNSUPPORTED, message, message_cap,
                               "XNNPACK: unsupported hardware for %s",
                               op->op_type);
    if (st == xnn_status_success)
        st = is_unary(k) ? setup_unary(k, o, (size_t)n, in[0].data, out->data)
                         : setup(k, o, (size_t)in[0].rank, sa, (size_t)b->rank, sb,
                                 in[0].data, b->data, out->data);
    if (st == xnn_status_success && n > 0)
        st = xnn_run_operator(o, NULL);
    if (o != NULL)
        xnn_delete_operator(o);
    if (st != xnn_status_success)
        return sct_vendor_fail(SONNX_STATUS_ERROR, message, message_cap,
                               "XNNPACK %s: status %d", op->op_type, (int)st);
    out->elem_type = in[0].elem_type;
    out->rank = orank;
    memcpy(out->dims, od, sizeof(int64_t) * (size_t)orank);
    return SONNX_STATUS_OK;
}

SONNX_PLUGIN_DEFINE_ENTRY = {
    .abi_major = SONNX_PLUGIN_ABI_MAJOR,
    /* 1.0: reads no attribute; the harness declines attributed ops (plugin.h) */
    .abi_minor = SONNX_PLUGIN_ABI_MINOR_1_0,
    .struct_size = (uint32_t)sizeof(sonnx_plugin_entry),
    .reserved0 = 0,
    .vendor = "Google",
    .runtime_name = "XNNPACK (operator API: divide_nd_f32, multiply_nd_f32/"
                    "f16, add_nd_f32/f16, subtract_nd_f32, abs_nc_f32, "
                    "square_root_nc_f32; output range unbounded)",
    .runtime_version = g_version,
    .init = xnn_init,
    .shutdown = xnn_shutdown,
    .query = xnn_query,
    .run = xnn_run,
};
