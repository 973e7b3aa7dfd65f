/*
 * int_div_floor.c — defect: integer Div rounds toward -inf (Python's //)
 * instead of truncating toward zero as onnx-div and sonnx-div:int require.
 * Differs only when the operands have opposite signs and the division is
 * inexact.  Expected finding: "int-floor" on those cases.
 */
#include "mutant.h"

const char sct_mutant_name[] = "int-div-floor";

static bool is_signed_int(int32_t t)
{
    return t == SONNX_DT_INT8 || t == SONNX_DT_INT16 || t == SONNX_DT_INT32 ||
           t == SONNX_DT_INT64;
}

sonnx_status sct_mutant_run(const sonnx_op *op, const sonnx_tensor *in,
                            size_t n_in, sonnx_tensor *out, size_t n_out,
                            char *msg, size_t cap)
{
    sonnx_status s = sct_mutant_builtin_run(op, in, n_in, out, n_out, msg, cap);
    if (s != SONNX_STATUS_OK || !sct_mutant_is_op(op, "Div") ||
        !is_signed_int(out[0].elem_type))
        return s;
    uint64_t n = sct_mutant_nelem(&out[0]);
    for (uint64_t i = 0; i < n; i++) {
        int64_t a = sct_mutant_get_signed(&in[0], sct_mutant_in_index(&out[0], &in[0], i));
        int64_t b = sct_mutant_get_signed(&in[1], sct_mutant_in_index(&out[0], &in[1], i));
        if (b == 0 || (b == -1))
            continue; /* no remainder (and no INT64_MIN % -1 trap) */
        if (a % b != 0 && ((a < 0) != (b < 0))) {
            uint64_t q = sct_mutant_get(&out[0], i);
            sct_mutant_set(&out[0], i, q - 1u); /* wraps like the type */
        }
    }
    return s;
}
