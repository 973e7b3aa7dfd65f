/*
 * status_42.c — defect: run() returns a value outside sonnx_status (42)
 * for Pow float32, e.g. a runtime's own error code leaking through the
 * adapter.  Expected finding: BAD_STATUS on exactly those cases.
 */
#include "mutant.h"

const char sct_mutant_name[] = "status-42";

sonnx_status sct_mutant_run(const sonnx_op *op, const sonnx_tensor *in,
                            size_t n_in, sonnx_tensor *out, size_t n_out,
                            char *msg, size_t cap)
{
    sonnx_status s = sct_mutant_builtin_run(op, in, n_in, out, n_out, msg, cap);
    if (sct_mutant_is_op(op, "Pow") && in[0].elem_type == SONNX_DT_FLOAT)
        return (sonnx_status)42;
    return s;
}
