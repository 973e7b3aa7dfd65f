/*
 * verdict_plugin.c — the built-in kernels behind a query() or run() that
 * answers as the verdict tests need (SCT_VERDICT_MODE, one plugin per mode):
 *
 *   1 decline-most       query() accepts only Div float32: a runtime that
 *                        declines most of the profile (PARTIAL, never CONFORMS)
 *   2 query-error        query() answers ERROR for Div float16: `run` and
 *                        `sweep` must judge it by the one case verdict rule
 *   3 decline-subnormal  query() accepts what the kernels do, run() answers
 *                        UNSUPPORTED for exactly the cases whose inputs hold
 *                        a subnormal: a hidden flush-to-zero (DECLINED_AT_RUN)
 *   4 accept-all         every value right, but out-of-profile models accepted:
 *                        the kernels always under ONNX semantics (broadcasting),
 *                        as a runtime leaving the SONNX restrictions to a model
 *                        checker (NOT_ENFORCED, docs/spec-notes.md SN-24)
 *   5 pow-1ulp           float32 Pow 1 ULP off on the first finite non-zero
 *                        element of each output: within the profile's 1-ULP
 *                        tolerance, a violation of a "correctly rounded" claim
 *   6 refuse-error       every value right, out-of-profile models refused with
 *                        ERROR instead of INVALID_ARGUMENT (a runtime's generic
 *                        error): enforcement not shown, no values failure
 *                        (NOT_ENFORCED, docs/spec-notes.md SN-24)
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "sct/kernels/kernels.h"
#include "sonnx_cts/plugin.h"

#ifndef SCT_VERDICT_MODE
#error "define SCT_VERDICT_MODE"
#endif

#if SCT_VERDICT_MODE == 1 || SCT_VERDICT_MODE == 2 || SCT_VERDICT_MODE == 5
/* (only the modes that pick an op use it: clang warns on an unused one) */
static bool is_op(const sonnx_op *op, const char *name)
{
    return strcmp(op->op_type, name) == 0;
}
#endif

#if SCT_VERDICT_MODE == 3
/* Subnormal: exponent field zero, fraction non-zero (IEEE754-2019 §3.4). */
static bool has_subnormal(const sonnx_tensor *t)
{
    unsigned width, exp_bits;
    switch (t->elem_type) {
    case SONNX_DT_FLOAT16: width = 16; exp_bits = 5; break;
    case SONNX_DT_BFLOAT16: width = 16; exp_bits = 8; break;
    case SONNX_DT_FLOAT: width = 32; exp_bits = 8; break;
    case SONNX_DT_DOUBLE: width = 64; exp_bits = 11; break;
    default: return false;
    }
    unsigned mant_bits = width - 1 - exp_bits;
    uint64_t n = t->nbytes / (width / 8);
    for (uint64_t i = 0; i < n; i++) {
        uint64_t b = 0;
        memcpy(&b, (const unsigned char *)t->data + i * (width / 8), width / 8);
        uint64_t exp = (b >> mant_bits) & ((1ull << exp_bits) - 1);
        uint64_t mant = b & ((1ull << mant_bits) - 1);
        if (exp == 0 && mant != 0)
            return true;
    }
    return false;
}
#endif

static sonnx_status v_init(const char *path, const char *options, char *msg, size_t cap)
{
    const sonnx_plugin_entry *b = sct_builtin_plugin();
    return b->init ? b->init(path, options, msg, cap) : SONNX_STATUS_OK;
}

static void v_shutdown(void)
{
    const sonnx_plugin_entry *b = sct_builtin_plugin();
    if (b->shutdown)
        b->shutdown();
}

static sonnx_status v_query(const sonnx_op *op, const int32_t *types, size_t n, char *msg,
                            size_t cap)
{
#if SCT_VERDICT_MODE == 1
    if (!is_op(op, "Div") || n != 2 || types[0] != SONNX_DT_FLOAT || types[1] != SONNX_DT_FLOAT) {
        snprintf(msg, cap, "decline-most: only Div float32");
        return SONNX_STATUS_UNSUPPORTED;
    }
#elif SCT_VERDICT_MODE == 2
    if (is_op(op, "Div") && n >= 1 && types[0] == SONNX_DT_FLOAT16) {
        snprintf(msg, cap, "query-error: float16 Div is broken");
        return SONNX_STATUS_ERROR;
    }
#endif
#if SCT_VERDICT_MODE == 4
    sonnx_op onnx = *op;
    onnx.profile = "onnx";
    op = &onnx;
#endif
    return sct_builtin_plugin()->query(op, types, n, msg, cap);
}

static sonnx_status v_run(const sonnx_op *op, const sonnx_tensor *in, size_t n_in,
                          sonnx_tensor *out, size_t n_out, char *msg, size_t cap)
{
#if SCT_VERDICT_MODE == 3
    for (size_t k = 0; k < n_in; k++)
        if (has_subnormal(&in[k])) {
            snprintf(msg, cap, "decline-subnormal: not this case");
            return SONNX_STATUS_UNSUPPORTED;
        }
#elif SCT_VERDICT_MODE == 4
    sonnx_op onnx = *op;
    onnx.profile = "onnx";
    op = &onnx;
#elif SCT_VERDICT_MODE == 5
    sonnx_status st = sct_builtin_plugin()->run(op, in, n_in, out, n_out, msg, cap);
    if (st == SONNX_STATUS_OK && is_op(op, "Pow") && n_out == 1 &&
        out[0].elem_type == SONNX_DT_FLOAT) {
        uint32_t *v = out[0].data;
        for (uint64_t i = 0; i < out[0].nbytes / 4; i++) {
            uint32_t exp = (v[i] >> 23) & 0xffu;
            if (exp != 0 && exp != 0xffu) { /* finite, normal, non-zero */
                v[i] += 1; /* one ULP away from zero */
                break;
            }
        }
    }
    return st;
#elif SCT_VERDICT_MODE == 6
    sonnx_status st = sct_builtin_plugin()->run(op, in, n_in, out, n_out, msg, cap);
    if (st == SONNX_STATUS_INVALID_ARGUMENT) {
        snprintf(msg, cap, "refuse-error: generic failure");
        return SONNX_STATUS_ERROR;
    }
    return st;
#endif
    return sct_builtin_plugin()->run(op, in, n_in, out, n_out, msg, cap);
}

SONNX_PLUGIN_DEFINE_ENTRY = {
    .abi_major = SONNX_PLUGIN_ABI_MAJOR,
    .abi_minor = SONNX_PLUGIN_ABI_MINOR,
    .struct_size = sizeof(sonnx_plugin_entry),
    .vendor = "sonnx-cts verdict test",
    .runtime_name = "verdict-plugin",
    .runtime_version = "1",
    .init = v_init,
    .shutdown = v_shutdown,
    .query = v_query,
    .run = v_run,
};
