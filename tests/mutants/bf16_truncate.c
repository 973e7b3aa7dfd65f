/*
 * bf16_truncate.c — defect: bfloat16 results rounded by truncation (drop
 * the low 16 bits of a float32) instead of round-to-nearest-even, the
 * cheapest float32→bfloat16 conversion; the SONNX tolerance for Div/Mul is
 * 0 ULP, RNE (IEEE 754 §4.3.1).  Whenever the correctly rounded result lies
 * farther from zero than the exact value, the truncated one is 1 ULP closer
 * to zero.  Expected finding: "rounded-toward-zero" on Div/Mul/Pow bfloat16.
 */
#include <math.h>

#include "mutant.h"

const char sct_mutant_name[] = "bf16-truncate";

sonnx_status sct_mutant_run(const sonnx_op *op, const sonnx_tensor *in,
                            size_t n_in, sonnx_tensor *out, size_t n_out,
                            char *msg, size_t cap)
{
    sonnx_status s = sct_mutant_builtin_run(op, in, n_in, out, n_out, msg, cap);
    if (s != SONNX_STATUS_OK || out[0].elem_type != SONNX_DT_BFLOAT16 ||
        in[0].elem_type != SONNX_DT_BFLOAT16 || in[1].elem_type != SONNX_DT_BFLOAT16)
        return s;
    int which = sct_mutant_is_op(op, "Div") ? 0 : sct_mutant_is_op(op, "Mul") ? 1
              : sct_mutant_is_op(op, "Pow") ? 2 : -1;
    if (which < 0)
        return s;
    uint64_t n = sct_mutant_nelem(&out[0]);
    for (uint64_t i = 0; i < n; i++) {
        double a = sct_mutant_get_double(&in[0], sct_mutant_in_index(&out[0], &in[0], i));
        double b = sct_mutant_get_double(&in[1], sct_mutant_in_index(&out[0], &in[1], i));
        /* binary64 holds the exact bf16 product and is far finer than
         * bf16 for the quotient and power: good enough to see which side
         * of the exact value the rounded result lies on. */
        double exact = which == 0 ? a / b : which == 1 ? a * b : pow(a, b);
        double r = sct_mutant_get_double(&out[0], i);
        if (isnan(r) || isnan(exact) || isinf(exact))
            continue;
        if (fabs(r) > fabs(exact)) /* rounded away from zero: truncate */
            sct_mutant_set(&out[0], i, sct_mutant_get(&out[0], i) - 1u);
    }
    return s;
}
