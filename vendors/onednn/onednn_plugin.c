/*
 * onednn_plugin.c — the sonnx-cts plugin entry for oneDNN 2.6:
 * one CPU engine and stream created at init, one primitive per case
 * (oneDNN's own primitive cache makes repeated shapes cheap), inputs and
 * output handed to oneDNN in place.
 *
 * What the verdict depends on is written into runtime_version at init
 * (docs/plugin-abi.md §3.1): oneDNN's version and commit hash, the CPU ISA
 * its JIT dispatched on (dnnl_get_effective_cpu_isa), the library file and
 * its sha256.
 *
 * Profiles: oneDNN has no notion of the SONNX profile; under "sonnx" the
 * inputs are passed through unchanged and the adapter never rejects on its
 * own initiative.
 */
#include <stdio.h>
#include <string.h>

#include <oneapi/dnnl/dnnl.h>
#include <oneapi/dnnl/dnnl_debug.h>

#include "onednn_ops.h"
#include "onednn_options.h"
#include "sonnx_cts/plugin.h"
#include "sct/vendor/vendor_call.h"
#include "sct/vendor/vendor_identity.h"

static const char adapter[] = "oneDNN";
static dnnl_engine_t g_engine;
static dnnl_stream_t g_stream;
static int g_open;
static char g_version[SCT_VENDOR_IDENTITY_CAP] = "2.6 (not initialised)";

static const char *isa_name(dnnl_cpu_isa_t isa)
{
    switch (isa) {
    case dnnl_cpu_isa_sse41: return "sse41";
    case dnnl_cpu_isa_avx: return "avx";
    case dnnl_cpu_isa_avx2: return "avx2";
    case dnnl_cpu_isa_avx512_mic: return "avx512_mic";
    case dnnl_cpu_isa_avx512_mic_4ops: return "avx512_mic_4ops";
    case dnnl_cpu_isa_avx512_core: return "avx512_core";
    case dnnl_cpu_isa_avx512_core_vnni: return "avx512_core_vnni";
    case dnnl_cpu_isa_avx512_core_bf16: return "avx512_core_bf16";
    case dnnl_cpu_isa_avx512_core_amx: return "avx512_core_amx";
    case dnnl_cpu_isa_avx2_vnni: return "avx2_vnni";
    default: return "all (no JIT restriction reported)";
    }
}

/* The ISA class the verdicts depend on (vendors/common/README.md, "ISA
 * classes"): oneDNN 2.6 has bf16 (and f16) binary primitives only with
 * AVX-512, so an AVX2-only CPU turns those cases into UNSUPPORTED.  The
 * baseline ctests compare against baseline-<profile>.<class>.json. */
static const char *isa_class(dnnl_cpu_isa_t isa)
{
    switch (isa) {
    case dnnl_cpu_isa_sse41: return "sse41";
    case dnnl_cpu_isa_avx: return "avx";
    case dnnl_cpu_isa_avx2:
    case dnnl_cpu_isa_avx2_vnni: return "avx2";
    case dnnl_cpu_isa_avx512_mic:
    case dnnl_cpu_isa_avx512_mic_4ops:
    case dnnl_cpu_isa_avx512_core:
    case dnnl_cpu_isa_avx512_core_vnni:
    case dnnl_cpu_isa_avx512_core_bf16:
    case dnnl_cpu_isa_avx512_core_amx: return "avx512";
    default: return "other";
    }
}

static int write_identity(const sct_onednn_options *o, char *err,
                          size_t err_cap)
{
    const dnnl_version_t *v = dnnl_version();
    snprintf(g_version, sizeof g_version, "%d.%d.%d", v->major, v->minor,
             v->patch);
    if (v->major != 2 || v->minor != 6) {
        snprintf(err, err_cap,
                 "oneDNN adapter: loaded oneDNN is %s, this adapter was "
                 "built and documented for 2.6",
                 g_version);
        return -1;
    }
    if (sct_vendor_identity_add(g_version, sizeof g_version, "commit",
                                v->hash) != 0 ||
        sct_vendor_identity_add(g_version, sizeof g_version, "cpu_isa",
                                isa_name(dnnl_get_effective_cpu_isa())) !=
            0 ||
        sct_vendor_identity_add(g_version, sizeof g_version, "isa_class",
                                isa_class(dnnl_get_effective_cpu_isa())) !=
            0 ||
        (o->max_isa[0] != '\0' &&
         sct_vendor_identity_add(g_version, sizeof g_version, "max_isa",
                                 o->max_isa) != 0)) {
        snprintf(err, err_cap, "oneDNN adapter: identity too long");
        return -1;
    }
    return sct_vendor_identity_add_lib(g_version, sizeof g_version,
                                       "libdnnl.so", err, err_cap);
}

static sonnx_status onednn_init(const char *plugin_path, const char *options,
                                char *message, size_t message_cap)
{
    (void)plugin_path;
    if (g_open)
        return sct_vendor_fail(SONNX_STATUS_ERROR, message, message_cap,
                               "oneDNN adapter: init called twice");
    sct_onednn_options o;
    if (sct_onednn_options_parse(options, &o, message, message_cap) != 0)
        return SONNX_STATUS_ERROR;
    /* max_isa must be set before the first primitive is created (oneDNN
     * fixes its dispatch then); a value oneDNN refuses fails init. */
    if (o.max_isa_value != 0 || o.max_isa[0] != '\0') {
        dnnl_status_t st = dnnl_set_max_cpu_isa(o.max_isa_value);
        if (st != dnnl_success)
            return sct_vendor_fail(SONNX_STATUS_ERROR, message, message_cap,
                                   "oneDNN refused max_isa=%s: %s", o.max_isa,
                                   dnnl_status2str(st));
    }
    dnnl_status_t st = dnnl_engine_create(&g_engine, dnnl_cpu, 0);
    if (st == dnnl_success)
        st = dnnl_stream_create(&g_stream, g_engine, dnnl_stream_default_flags);
    if (st != dnnl_success) {
        if (g_engine)
            dnnl_engine_destroy(g_engine);
        g_engine = NULL;
        return sct_vendor_fail(SONNX_STATUS_ERROR, message, message_cap,
                               "oneDNN CPU engine/stream creation: %s",
                               dnnl_status2str(st));
    }
    if (write_identity(&o, message, message_cap) != 0) {
        dnnl_stream_destroy(g_stream);
        dnnl_engine_destroy(g_engine);
        g_stream = NULL;
        g_engine = NULL;
        return SONNX_STATUS_ERROR;
    }
    g_open = 1;
    return SONNX_STATUS_OK;
}

static void onednn_shutdown(void)
{
    if (g_stream)
        dnnl_stream_destroy(g_stream);
    if (g_engine)
        dnnl_engine_destroy(g_engine);
    g_stream = NULL;
    g_engine = NULL;
    g_open = 0;
}

/* oneDNN decides: a primitive for rank-1, one-element tensors of these
 * types is created (and dropped); dnnl_unimplemented is UNSUPPORTED.  Any
 * other failure is left for run to report. */
static sonnx_status onednn_query(const sonnx_op *op, const int32_t *types,
                                 size_t n, char *message, size_t message_cap)
{
    if (sct_vendor_check_open(adapter, g_open, message, message_cap) !=
        SONNX_STATUS_OK)
        return SONNX_STATUS_ERROR;
    sonnx_tensor probe[SCT_VENDOR_MAX_INPUTS];
    memset(probe, 0, sizeof probe);
    for (size_t i = 0; i < n && i < SCT_VENDOR_MAX_INPUTS; i++) {
        probe[i].elem_type = types[i];
        probe[i].rank = 1;
        probe[i].dims[0] = 1;
    }
    sct_onednn_problem p;
    sonnx_status s = sct_onednn_describe(op, probe, n, &p, message,
                                         message_cap);
    if (s == SONNX_STATUS_UNSUPPORTED)
        return s;
    if (s != SONNX_STATUS_OK)
        return SONNX_STATUS_OK;
    dnnl_primitive_t prim;
    s = sct_onednn_create(&p, g_engine, &prim, message, message_cap);
    if (prim)
        dnnl_primitive_destroy(prim);
    return s == SONNX_STATUS_UNSUPPORTED ? s : SONNX_STATUS_OK;
}

static sonnx_status execute(const sct_onednn_problem *p, dnnl_primitive_t prim,
                            const sonnx_tensor *inputs, size_t n_inputs,
                            sonnx_tensor *out, char *message, size_t message_cap)
{
    dnnl_memory_t mem[3] = {NULL, NULL, NULL};
    const dnnl_memory_desc_t *mds[3] = {&p->src0, &p->src1, &p->dst};
    /* oneDNN only reads its sources; the harness's read-only mapping
     * catches it if it ever writes.  An eltwise primitive has one source
     * (Pow's exponent is its beta; Abs and Sqrt have one input). */
    void *ptrs[3] = {inputs[0].data, n_inputs > 1 ? inputs[1].data : NULL, out->data};
    int args[3] = {p->is_eltwise ? DNNL_ARG_SRC : DNNL_ARG_SRC_0, DNNL_ARG_SRC_1,
                   DNNL_ARG_DST};
    int nmem = p->is_eltwise ? 2 : 3;
    dnnl_exec_arg_t ea[3];
    dnnl_status_t st = dnnl_success;
    for (int i = 0, k = 0; i < 3 && st == dnnl_success; i++) {
        if (p->is_eltwise && i == 1)
            continue;
        st = dnnl_memory_create(&mem[i], mds[i], g_engine, ptrs[i]);
        ea[k].arg = args[i];
        ea[k].memory = mem[i];
        k++;
    }
    if (st == dnnl_success)
        st = dnnl_primitive_execute(prim, g_stream, nmem, ea);
    if (st == dnnl_success)
        st = dnnl_stream_wait(g_stream);
    for (int i = 0; i < 3; i++)
        if (mem[i])
            dnnl_memory_destroy(mem[i]);
    if (st != dnnl_success)
        return sct_vendor_fail(SONNX_STATUS_ERROR, message, message_cap,
                               "oneDNN execution: %s", dnnl_status2str(st));
    return SONNX_STATUS_OK;
}

static sonnx_status onednn_run(const sonnx_op *op, const sonnx_tensor *inputs,
                               size_t n_inputs, sonnx_tensor *outputs,
                               size_t n_outputs, char *message,
                               size_t message_cap)
{
    sonnx_status s = sct_vendor_check_call(adapter, g_open, n_inputs,
                                           n_outputs, message, message_cap);
    if (s != SONNX_STATUS_OK)
        return s;
    sct_onednn_problem p;
    s = sct_onednn_describe(op, inputs, n_inputs, &p, message, message_cap);
    if (s != SONNX_STATUS_OK)
        return s;
    sonnx_tensor *out = &outputs[0];
    size_t need = dnnl_memory_desc_get_size(&p.dst);
    uint64_t n;
    s = sct_vendor_shape_count(adapter, p.out_rank, p.out_dims, &n, message, message_cap);
    if (s != SONNX_STATUS_OK)
        return s;
    if (n > 0 && need > out->nbytes)
        return sct_vendor_fail(SONNX_STATUS_ERROR, message, message_cap,
                               "oneDNN adapter: result needs %zu bytes, the "
                               "output buffer has %llu",
                               need, (unsigned long long)out->nbytes);
    dnnl_primitive_t prim;
    s = sct_onednn_create(&p, g_engine, &prim, message, message_cap);
    if (s != SONNX_STATUS_OK)
        return s;
    if (n > 0)
        s = execute(&p, prim, inputs, n_inputs, out, message, message_cap);
    dnnl_primitive_destroy(prim);
    if (s != SONNX_STATUS_OK)
        return s;
    out->elem_type = p.out_type;
    out->rank = p.out_rank;
    memcpy(out->dims, p.out_dims, sizeof out->dims);
    return SONNX_STATUS_OK;
}

SONNX_PLUGIN_DEFINE_ENTRY = {
    .abi_major = SONNX_PLUGIN_ABI_MAJOR,
    /* 1.0: reads no attribute; the harness declines attributed ops (plugin.h) */
    .abi_minor = SONNX_PLUGIN_ABI_MINOR_1_0,
    .struct_size = (uint32_t)sizeof(sonnx_plugin_entry),
    .reserved0 = 0,
    .vendor = "Intel (UXL Foundation)",
    .runtime_name = "oneDNN (CPU engine; Pow as eltwise_pow with a scalar "
                    "float32 exponent)",
    .runtime_version = g_version,
    .init = onednn_init,
    .shutdown = onednn_shutdown,
    .query = onednn_query,
    .run = onednn_run,
};
