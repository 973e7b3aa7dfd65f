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

static bool defect(double a, double b, double *r)
{
    static const sct_mutant_fmt tf32 = {19, 8, 10};
    if (!isfinite(a) || !isfinite(b))
        return false;
    *r = sct_mutant_round_to(&tf32, a * b); /* a * b exact in binary64 */
    return true;
}

sonnx_status sct_mutant_run(const sonnx_op *op, const sonnx_tensor *in,
                            size_t n_in, sonnx_tensor *out, size_t n_out,
                            char *msg, size_t cap)
{
    return sct_mutant_run_mapped(op, "Mul", SONNX_DT_BFLOAT16, in, n_in, out, n_out, msg, cap,
                                 defect);
}
