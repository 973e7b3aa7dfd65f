/*
 * example_adapter.c — the smallest useful sonnx-cts adapter.  Its "runtime"
 * is one loop: Mul on float32 tensors of equal shape.  A real adapter
 * translates each call to its runtime's API in run() instead.
 *
 * What it shows (docs/plugin-abi.md):
 * - the one exported symbol, defined with SONNX_PLUGIN_DEFINE_ENTRY;
 * - query() says UNSUPPORTED for everything it cannot do, naming the op, so
 *   those cases are reported UNSUPPORTED, never passed or failed; it is asked
 *   with as many input types as the op has inputs (1 to 3: Abs and Sqrt
 *   have one), so it checks n_inputs before reading types[1];
 * - under the "sonnx" profile, inputs of unequal shape are rejected with
 *   INVALID_ARGUMENT (the SONNX drafts require equal shapes);
 * - it declares ABI 1.1 (SONNX_PLUGIN_ABI_MINOR) and reads no attribute: Mul
 *   has none (a plugin that never reads them may declare
 *   SONNX_PLUGIN_ABI_MINOR_1_0 instead, docs/plugin-abi.md §2.1);
 * - run() writes into the harness's output buffer and sets the output's
 *   elem_type, rank and dims to what it produced.
 */
#include <stdio.h>
#include <string.h>

#include "sonnx_cts/plugin.h"

static int same_shape(const sonnx_tensor *a, const sonnx_tensor *b)
{
    return a->rank == b->rank &&
           memcmp(a->dims, b->dims, (size_t)a->rank * sizeof a->dims[0]) == 0;
}

static sonnx_status example_query(const sonnx_op *op, const int32_t *types,
                                  size_t n_inputs, char *message, size_t cap)
{
    if (strcmp(op->op_type, "Mul") == 0 && n_inputs == 2 &&
        types[0] == SONNX_DT_FLOAT && types[1] == SONNX_DT_FLOAT)
        return SONNX_STATUS_OK;
    snprintf(message, cap, "example adapter: %s with %zu inputs is not mapped "
             "(only Mul float32)", op->op_type, n_inputs);
    return SONNX_STATUS_UNSUPPORTED;
}

static sonnx_status example_run(const sonnx_op *op, const sonnx_tensor *in,
                                size_t n_in, sonnx_tensor *out, size_t n_out,
                                char *message, size_t cap)
{
    int32_t types[2] = {in[0].elem_type, n_in > 1 ? in[1].elem_type : 0};
    if (n_in != 2 || n_out != 1 ||
        example_query(op, types, n_in, message, cap) != SONNX_STATUS_OK)
        return SONNX_STATUS_UNSUPPORTED;
    if (!same_shape(&in[0], &in[1])) {
        snprintf(message, cap, "example adapter: broadcasting not supported");
        return strcmp(op->profile, "sonnx") == 0 ? SONNX_STATUS_INVALID_ARGUMENT
                                                 : SONNX_STATUS_UNSUPPORTED;
    }
    if (out[0].nbytes < in[0].nbytes) {
        snprintf(message, cap, "example adapter: output buffer too small");
        return SONNX_STATUS_ERROR;
    }
    const float *a = in[0].data, *b = in[1].data;
    float *c = out[0].data;
    for (uint64_t i = 0; i < in[0].nbytes / sizeof(float); i++)
        c[i] = a[i] * b[i];
    out[0].elem_type = SONNX_DT_FLOAT;
    out[0].rank = in[0].rank;
    memcpy(out[0].dims, in[0].dims, sizeof out[0].dims);
    return SONNX_STATUS_OK;
}

SONNX_PLUGIN_DEFINE_ENTRY = {
    .abi_major = SONNX_PLUGIN_ABI_MAJOR,
    .abi_minor = SONNX_PLUGIN_ABI_MINOR,
    .struct_size = sizeof(sonnx_plugin_entry),
    .vendor = "Example Inc.",
    .runtime_name = "example runtime",
    .runtime_version = "1.0",
    .init = NULL,     /* optional */
    .shutdown = NULL, /* optional */
    .query = example_query,
    .run = example_run,
};
