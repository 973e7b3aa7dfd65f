/*
 * less_nan_true.c — defect: Less returns true when an operand is NaN (e.g.
 * implemented as !(a >= b)).  IEEE 754 §5.11: every ordered comparison
 * with NaN is false (sonnx-less).  Expected finding: "bool-nan-compare".
 */
#include <math.h>

#include "mutant.h"

const char sct_mutant_name[] = "less-nan-true";

sonnx_status sct_mutant_run(const sonnx_op *op, const sonnx_tensor *in,
                            size_t n_in, sonnx_tensor *out, size_t n_out,
                            char *msg, size_t cap)
{
    sonnx_status s = sct_mutant_builtin_run(op, in, n_in, out, n_out, msg, cap);
    sct_mutant_fmt f;
    if (s != SONNX_STATUS_OK || !sct_mutant_is_op(op, "Less") ||
        !sct_mutant_float_fmt(in[0].elem_type, &f) ||
        !sct_mutant_float_fmt(in[1].elem_type, &f))
        return s;
    uint64_t n = sct_mutant_nelem(&out[0]);
    for (uint64_t i = 0; i < n; i++) {
        double a = sct_mutant_get_double(&in[0], sct_mutant_in_index(&out[0], &in[0], i));
        double b = sct_mutant_get_double(&in[1], sct_mutant_in_index(&out[0], &in[1], i));
        if (isnan(a) || isnan(b))
            ((unsigned char *)out[0].data)[i] = 1;
    }
    return s;
}
