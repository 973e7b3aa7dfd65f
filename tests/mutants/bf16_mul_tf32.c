/*
 * bf16_mul_tf32.c — defect: bfloat16 Mul whose product goes through a
 * TF32 register (8 exponent bits, 10 fraction bits, as in tensor-core
 * multipliers) before the bfloat16 rounding: a double rounding, 11 then 8
 * significant bits.  A product just off a bfloat16 midpoint lands on it
 * and ties-to-even picks the wrong side; sonnx-mul:float:R2 requires one
 * rounding (IEEE 754 §5.4.1).  Expected finding: off-by-one ULP on Mul
 * bfloat16.
 */
#include <math.h>

#include "float_round.h"

const char sct_mutant_name[] = "bf16-mul-tf32";

sonnx_status sct_mutant_run(const sonnx_op *op, const sonnx_tensor *in,
                            size_t n_in, sonnx_tensor *out, size_t n_out,
                            char *msg, size_t cap)
{
    sonnx_status s = sct_mutant_builtin_run(op, in, n_in, out, n_out, msg, cap);
    sct_mutant_fmt f;
    const sct_mutant_fmt tf32 = {19, 8, 10};
    if (s != SONNX_STATUS_OK || !sct_mutant_is_op(op, "Mul") ||
        out[0].elem_type != SONNX_DT_BFLOAT16 || !sct_mutant_float_fmt(SONNX_DT_BFLOAT16, &f))
        return s;
    uint64_t n = sct_mutant_nelem(&out[0]);
    for (uint64_t i = 0; i < n; i++) {
        double a = sct_mutant_get_double(&in[0], sct_mutant_in_index(&out[0], &in[0], i));
        double b = sct_mutant_get_double(&in[1], sct_mutant_in_index(&out[0], &in[1], i));
        if (!isfinite(a) || !isfinite(b))
            continue;
        double t = sct_mutant_round_to(&tf32, a * b); /* a * b exact in binary64 */
        sct_mutant_set(&out[0], i, sct_mutant_to_bits(&f, sct_mutant_round_to(&f, t)));
    }
    return s;
}
