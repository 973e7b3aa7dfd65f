/*
 * crash_row_plugin.c — test-only plugin for test_sweep_vendor: Mul float16
 * computed with the built-in loop, except that it crashes (SIGSEGV) when
 * operand A holds 0x3c80 (1.125), i.e. on exactly one row of the float16
 * space.  Shows that a crash inside a compared batch fails that batch
 * (pairs "not run", verdict CRASH) and the sweep goes on with a restarted
 * child.
 */
#include <stdio.h>
#include <string.h>

#include "sct/kernels/kernels.h"
#include "sonnx_cts/plugin.h"

static sonnx_status query(const sonnx_op *op, const int32_t *types, size_t n,
                          char *msg, size_t cap)
{
    if (strcmp(op->op_type, "Mul") == 0 && n == 2 &&
        types[0] == SONNX_DT_FLOAT16 && types[1] == SONNX_DT_FLOAT16)
        return SONNX_STATUS_OK;
    snprintf(msg, cap, "only Mul float16");
    return SONNX_STATUS_UNSUPPORTED;
}

static sonnx_status run(const sonnx_op *op, const sonnx_tensor *in, size_t n_in,
                        sonnx_tensor *out, size_t n_out, char *msg, size_t cap)
{
    int32_t types[2] = {in[0].elem_type, in[1].elem_type};
    if (n_in != 2 || n_out != 1 || query(op, types, 2, msg, cap) != SONNX_STATUS_OK)
        return SONNX_STATUS_UNSUPPORTED;
    size_t n = (size_t)(in[0].nbytes / 2);
    const uint16_t *a = in[0].data;
    for (size_t i = 0; i < n; i++)
        if (a[i] == 0x3c80u) {
            volatile int *null_ptr = NULL;
            *null_ptr = 1; /* the defect: a crash on one input value */
        }
    sct_kernel_contiguous("Mul", SONNX_DT_FLOAT16, SONNX_DT_FLOAT16)(in[0].data, in[1].data,
                                                                    out[0].data, n);
    return SONNX_STATUS_OK;
}

SONNX_PLUGIN_DEFINE_ENTRY = {
    SONNX_PLUGIN_ABI_MAJOR, SONNX_PLUGIN_ABI_MINOR, sizeof(sonnx_plugin_entry), 0,
    "sonnx-cts tests", "crash-row test plugin", "0", NULL, NULL, query, run};
