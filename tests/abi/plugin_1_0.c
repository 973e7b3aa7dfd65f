/*
 * plugin_1_0.c — a plugin compiled from the FROZEN ABI 1.0 header
 * (sonnx_cts_plugin_1_0.h, never include/): the proof that a harness of ABI
 * 1.1 still loads and runs an adapter built before 1.1 existed
 * (docs/plugin-abi.md §2.1).  It computes Div and Mul on float32 of equal
 * shape — one IEEE 754 operation per element, correctly rounded
 * (IEEE754-2019 §5.4.1; built with -ffp-contract=off, no fast-math) — and
 * answers UNSUPPORTED, naming the op, for every other op or type.  Under
 * "sonnx", unequal shapes are rejected (INVALID_ARGUMENT), as the drafts
 * require; under "onnx" they are UNSUPPORTED (no broadcasting here).
 */
#include <stdio.h>
#include <string.h>

#include "sonnx_cts_plugin_1_0.h"

enum { OP_NONE, OP_DIV, OP_MUL };

static int op_of(const sonnx_op *op)
{
    if (strcmp(op->op_type, "Div") == 0)
        return OP_DIV;
    if (strcmp(op->op_type, "Mul") == 0)
        return OP_MUL;
    return OP_NONE;
}

static sonnx_status abi10_query(const sonnx_op *op, const int32_t *types, size_t n,
                                char *message, size_t cap)
{
    if (op_of(op) == OP_NONE) {
        snprintf(message, cap, "ABI 1.0 test plugin: %s is not mapped (only Div, Mul)",
                 op->op_type);
        return SONNX_STATUS_UNSUPPORTED;
    }
    if (n != 2 || types[0] != SONNX_DT_FLOAT || types[1] != SONNX_DT_FLOAT) {
        snprintf(message, cap, "ABI 1.0 test plugin: %s only on two float32 inputs",
                 op->op_type);
        return SONNX_STATUS_UNSUPPORTED;
    }
    return SONNX_STATUS_OK;
}

static int same_shape(const sonnx_tensor *a, const sonnx_tensor *b)
{
    return a->rank == b->rank &&
           memcmp(a->dims, b->dims, (size_t)a->rank * sizeof a->dims[0]) == 0;
}

static sonnx_status abi10_run(const sonnx_op *op, const sonnx_tensor *in, size_t n_in,
                              sonnx_tensor *out, size_t n_out, char *message,
                              size_t cap)
{
    int32_t types[2] = {n_in > 0 ? in[0].elem_type : 0, n_in > 1 ? in[1].elem_type : 0};
    sonnx_status s = abi10_query(op, types, n_in, message, cap);
    if (s != SONNX_STATUS_OK)
        return s;
    if (n_out != 1) {
        snprintf(message, cap, "ABI 1.0 test plugin: %zu outputs, expected 1", n_out);
        return SONNX_STATUS_ERROR;
    }
    if (!same_shape(&in[0], &in[1])) {
        snprintf(message, cap, "ABI 1.0 test plugin: unequal shapes (no broadcasting)");
        return strcmp(op->profile, "sonnx") == 0 ? SONNX_STATUS_INVALID_ARGUMENT
                                                 : SONNX_STATUS_UNSUPPORTED;
    }
    if (out[0].nbytes < in[0].nbytes) {
        snprintf(message, cap, "ABI 1.0 test plugin: output buffer too small");
        return SONNX_STATUS_ERROR;
    }
    const float *a = in[0].data, *b = in[1].data;
    float *c = out[0].data;
    int div = op_of(op) == OP_DIV;
    for (uint64_t i = 0; i < in[0].nbytes / sizeof(float); i++)
        c[i] = div ? a[i] / b[i] : a[i] * b[i];
    out[0].elem_type = SONNX_DT_FLOAT;
    out[0].rank = in[0].rank;
    memcpy(out[0].dims, in[0].dims, sizeof out[0].dims);
    return SONNX_STATUS_OK;
}

/* Positional, as an adapter written against 1.0 would be: the frozen
 * header's own SONNX_PLUGIN_ABI_MINOR (0) and sizeof (the 1.0 table). */
SONNX_PLUGIN_DEFINE_ENTRY = {
    SONNX_PLUGIN_ABI_MAJOR, SONNX_PLUGIN_ABI_MINOR, (uint32_t)sizeof(sonnx_plugin_entry), 0,
    "sonnx-cts tests", "ABI 1.0 test plugin (frozen header)", "1.0",
    NULL, NULL, abi10_query, abi10_run,
};
