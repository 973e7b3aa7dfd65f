/*
 * write_to_input.c — defect: the runtime computes in place, overwriting
 * operand A (Div float64 only).  Inputs are read-only for a plugin
 * (plugin.h).  Expected finding: WRITE_TO_INPUT on every Div float64 case
 * with a non-empty A.
 */
#include "mutant.h"

const char sct_mutant_name[] = "write-to-input";

sonnx_status sct_mutant_run(const sonnx_op *op, const sonnx_tensor *in,
                            size_t n_in, sonnx_tensor *out, size_t n_out,
                            char *msg, size_t cap)
{
    sonnx_status s = sct_mutant_builtin_run(op, in, n_in, out, n_out, msg, cap);
    if (s == SONNX_STATUS_OK && sct_mutant_is_op(op, "Div") &&
        in[0].elem_type == SONNX_DT_DOUBLE && in[0].nbytes >= sizeof(double)) {
        volatile double *a = in[0].data;
        a[0] = ((const double *)out[0].data)[0];
    }
    return s;
}
