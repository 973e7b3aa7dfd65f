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

sonnx_status sct_mutant_run(const sonnx_op *op, const sonnx_tensor *in,
                            size_t n_in, sonnx_tensor *out, size_t n_out,
                            char *msg, size_t cap)
{
    sonnx_status s = sct_mutant_builtin_run(op, in, n_in, out, n_out, msg, cap);
    sct_mutant_fmt f;
    if (s != SONNX_STATUS_OK || !sct_mutant_is_op(op, "Div") ||
        out[0].elem_type != SONNX_DT_BFLOAT16 || !sct_mutant_float_fmt(SONNX_DT_BFLOAT16, &f))
        return s;
    uint64_t n = sct_mutant_nelem(&out[0]);
    for (uint64_t i = 0; i < n; i++) {
        double a = sct_mutant_get_double(&in[0], sct_mutant_in_index(&out[0], &in[0], i));
        double b = sct_mutant_get_double(&in[1], sct_mutant_in_index(&out[0], &in[1], i));
        if (!isfinite(a) || !isfinite(b) || b == 0.0)
            continue;
        /* 1/b in binary64 then to bfloat16 is the correctly rounded
         * reciprocal (53 >= 2*8+2); a * r is exact in binary64. */
        double r = sct_mutant_round_to(&f, 1.0 / b);
        sct_mutant_set(&out[0], i, sct_mutant_to_bits(&f, sct_mutant_round_to(&f, a * r)));
    }
    return s;
}
