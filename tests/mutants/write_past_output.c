/*
 * write_past_output.c — defect: an off-by-one loop bound writes one element
 * past the end of the output (Mul float32 only).  Expected finding:
 * WRITE_PAST_OUTPUT on every Mul float32 case the built-in computes.
 */
#include "mutant.h"

const char sct_mutant_name[] = "write-past-output";

sonnx_status sct_mutant_run(const sonnx_op *op, const sonnx_tensor *in,
                            size_t n_in, sonnx_tensor *out, size_t n_out,
                            char *msg, size_t cap)
{
    sonnx_status s = sct_mutant_builtin_run(op, in, n_in, out, n_out, msg, cap);
    if (s == SONNX_STATUS_OK && sct_mutant_is_op(op, "Mul") &&
        out[0].elem_type == SONNX_DT_FLOAT) {
        uint64_t n = sct_mutant_nelem(&out[0]);
        volatile float *c = out[0].data;
        c[n] = 0.0f; /* for (i = 0; i <= n; i++) */
    }
    return s;
}
