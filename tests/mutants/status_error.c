/*
 * status_error.c — defect: run() answers ERROR for valid Less int32 cases
 * (a runtime that wrongly refuses a supported combination).  Expected
 * finding: ERROR verdicts on exactly the Less int32 cases the built-in
 * computes.
 */
#include <stdio.h>

#include "mutant.h"

const char sct_mutant_name[] = "status-error";

sonnx_status sct_mutant_run(const sonnx_op *op, const sonnx_tensor *in,
                            size_t n_in, sonnx_tensor *out, size_t n_out,
                            char *msg, size_t cap)
{
    sonnx_status s = sct_mutant_builtin_run(op, in, n_in, out, n_out, msg, cap);
    if (s == SONNX_STATUS_OK && sct_mutant_is_op(op, "Less") &&
        in[0].elem_type == SONNX_DT_INT32) {
        snprintf(msg, cap, "kernel not found");
        return SONNX_STATUS_ERROR;
    }
    return s;
}
