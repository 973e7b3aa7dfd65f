/*
 * abs_negate_if_negative.c — defect: float Abs written as the comparison
 * "x < 0 ? -x : x" (a common scalar fallback) instead of clearing the sign
 * bit.  -0 < 0 is false, so |-0| stays -0 (IEEE 754-2019 §5.5.1: abs
 * clears the sign of every operand, zeros and NaNs included; sonnx-abs
 * E_ABS_FLOAT_FUNC_010), and a negative NaN keeps its sign (not observable:
 * NaN matches any NaN).  Expected finding: "zero-sign" on the cases with a
 * -0 input.
 */
#include "mutant.h"

const char sct_mutant_name[] = "abs-negate-if-negative";

sonnx_status sct_mutant_run(const sonnx_op *op, const sonnx_tensor *in,
                            size_t n_in, sonnx_tensor *out, size_t n_out,
                            char *msg, size_t cap)
{
    sonnx_status s = sct_mutant_builtin_run(op, in, n_in, out, n_out, msg, cap);
    sct_mutant_fmt f;
    if (s != SONNX_STATUS_OK || !sct_mutant_is_op(op, "Abs") ||
        !sct_mutant_float_fmt(out[0].elem_type, &f))
        return s;
    uint64_t n = sct_mutant_nelem(&out[0]);
    for (uint64_t i = 0; i < n; i++) {
        uint64_t x = sct_mutant_get(&in[0], i); /* unary: same shape */
        if (x == sct_mutant_sign_bit(&f)) /* -0: "x < 0" is false */
            sct_mutant_set(&out[0], i, x);
    }
    return s;
}
