/*
 * div_recip_bf16.c — defect: bfloat16 Div rewritten as Mul(a, Reciprocal(b))
 * with the reciprocal materialised as a bfloat16 tensor (the Div -> Mul
 * rewrite of graph optimisers): 1/b rounded to bfloat16, then a * r
 * rounded to bfloat16 — two roundings where sonnx-div:float:R2 (IEEE 754
 * §5.4.1) allows one.  (Through a float32 reciprocal bfloat16 Div stays
 * correct: generators/dround.py found no witness, exhaustively.)
 * Expected finding: off-by-one ULP on Div bfloat16.
 */
#include <math.h>

#include "float_round.h"

const char sct_mutant_name[] = "div-recip-bf16";

static bool defect(double a, double b, double *r)
{
    static const sct_mutant_fmt bf16 = {16, 8, 7};
    if (!isfinite(a) || !isfinite(b) || b == 0.0)
        return false;
    /* 1/b in binary64 then to bfloat16 is the correctly rounded
     * reciprocal (53 >= 2*8+2); a * RN(1/b) is exact in binary64. */
    *r = a * sct_mutant_round_to(&bf16, 1.0 / b);
    return true;
}

sonnx_status sct_mutant_run(const sonnx_op *op, const sonnx_tensor *in,
                            size_t n_in, sonnx_tensor *out, size_t n_out,
                            char *msg, size_t cap)
{
    return sct_mutant_run_mapped(op, "Div", SONNX_DT_BFLOAT16, in, n_in, out, n_out, msg, cap,
                                 defect);
}
