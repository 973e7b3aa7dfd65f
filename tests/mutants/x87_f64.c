/*
 * x87_f64.c — defect: float64 Mul and Div evaluated in x87 80-bit extended
 * precision (64-bit significand, long double on x86) and then stored as
 * double: the classic double rounding of 32-bit x86 code
 * (FLT_EVAL_METHOD 2).  Results just off a binary64 midpoint first round
 * onto it, then ties-to-even picks the wrong neighbour; sonnx-div:float:R2
 * and sonnx-mul:float:R2 require one rounding (IEEE 754 §5.4.1).
 * Expected finding: off-by-one ULP on Div/Mul float64.
 */
#include <math.h>

#include "mutant.h"

const char sct_mutant_name[] = "x87-f64";

sonnx_status sct_mutant_run(const sonnx_op *op, const sonnx_tensor *in,
                            size_t n_in, sonnx_tensor *out, size_t n_out,
                            char *msg, size_t cap)
{
    sonnx_status s = sct_mutant_builtin_run(op, in, n_in, out, n_out, msg, cap);
    bool div = sct_mutant_is_op(op, "Div");
    if (s != SONNX_STATUS_OK || (!div && !sct_mutant_is_op(op, "Mul")) ||
        out[0].elem_type != SONNX_DT_DOUBLE)
        return s;
    uint64_t n = sct_mutant_nelem(&out[0]);
    for (uint64_t i = 0; i < n; i++) {
        long double a = ((const double *)in[0].data)[sct_mutant_in_index(&out[0], &in[0], i)];
        long double b = ((const double *)in[1].data)[sct_mutant_in_index(&out[0], &in[1], i)];
        /* volatile: the extended result is really rounded to 64 bits first */
        volatile long double wide = div ? a / b : a * b;
        ((double *)out[0].data)[i] = (double)wide;
    }
    return s;
}
