/*
 * unary_plugin.c — a test plugin for the arity fixture (make_unary_set.py):
 * it computes Abs on float32 and Sqrt on float16, one input each, so that
 * unary cases load, run, check and report without the built-in kernels.
 * Abs has one planted defect: |-0| comes back as -0 (a zero-sign
 * deviation, IEEE754-2019 §6.3 gives +0), so the reports carry an element
 * whose one input they must name "a".  Sqrt is exact: a float16 operand is
 * exact in float32, and float32's 24 bits are at least 2 × 11 + 2, so
 * rounding sqrtf's result again to float16 is innocuous (Figueroa 1995).
 * A test file: it may name ops (harness/ops/tests/no_name_branches.py).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "sct/numeric/fp16.h"
#include "sonnx_cts/plugin.h"

static sonnx_status unary_query(const sonnx_op *op, const int32_t *types, size_t n_inputs,
                                char *message, size_t cap)
{
    if (n_inputs == 1 && ((strcmp(op->op_type, "Abs") == 0 && types[0] == SONNX_DT_FLOAT) ||
                          (strcmp(op->op_type, "Sqrt") == 0 && types[0] == SONNX_DT_FLOAT16)))
        return SONNX_STATUS_OK;
    snprintf(message, cap, "unary test plugin: only Abs float32 and Sqrt float16");
    return SONNX_STATUS_UNSUPPORTED;
}

static sonnx_status unary_run(const sonnx_op *op, const sonnx_tensor *in, size_t n_in,
                              sonnx_tensor *out, size_t n_out, char *message, size_t cap)
{
    if (n_in != 1 || n_out != 1 ||
        unary_query(op, &in[0].elem_type, n_in, message, cap) != SONNX_STATUS_OK)
        return SONNX_STATUS_UNSUPPORTED;
    if (out[0].nbytes < in[0].nbytes) {
        snprintf(message, cap, "unary test plugin: output buffer too small");
        return SONNX_STATUS_ERROR;
    }
    if (in[0].elem_type == SONNX_DT_FLOAT) {
        const float *x = in[0].data;
        float *y = out[0].data;
        for (uint64_t i = 0; i < in[0].nbytes / sizeof(float); i++)
            y[i] = x[i] == 0.0f ? x[i] : fabsf(x[i]); /* the planted defect: -0 stays */
    } else {
        const uint16_t *x = in[0].data;
        uint16_t *y = out[0].data;
        for (uint64_t i = 0; i < in[0].nbytes / sizeof(uint16_t); i++)
            y[i] = sct_f32_to_f16(sqrtf(sct_f16_to_f32(x[i])));
    }
    out[0].elem_type = in[0].elem_type;
    out[0].rank = in[0].rank;
    memcpy(out[0].dims, in[0].dims, sizeof out[0].dims);
    return SONNX_STATUS_OK;
}

SONNX_PLUGIN_DEFINE_ENTRY = {
    .abi_major = SONNX_PLUGIN_ABI_MAJOR,
    .abi_minor = SONNX_PLUGIN_ABI_MINOR,
    .struct_size = sizeof(sonnx_plugin_entry),
    .vendor = "sonnx-cts tests",
    .runtime_name = "unary test plugin",
    .runtime_version = "1",
    .init = NULL,
    .shutdown = NULL,
    .query = unary_query,
    .run = unary_run,
};
