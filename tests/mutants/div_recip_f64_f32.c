/*
 * div_recip_f64_f32.c — defect: float32 Div computed through a binary64
 * reciprocal, (float)(a * (1.0 / (double)b)): the "fast" kernel of a
 * runtime that widens to double and multiplies by the inverse.  Three
 * roundings (1/b and the product in binary64, then to float32) are not
 * the one correct rounding sonnx-div:float:R2 (IEEE 754 §5.4.1) requires;
 * they differ only where the exact quotient lies within about 2^-52
 * relative of a float32 midpoint, which random operands never hit.
 * Expected finding: off-by-one ULP on Div float32.
 */
#include <math.h>

#include "float_round.h"

const char sct_mutant_name[] = "div-recip-f64-f32";

static bool defect(double a, double b, double *r)
{
    if (!isfinite(a) || !isfinite(b) || b == 0.0)
        return false; /* special operands: the built-in result */
    volatile double rb = 1.0 / b; /* float32 operands are exact in double */
    *r = a * rb;
    return true;
}

sonnx_status sct_mutant_run(const sonnx_op *op, const sonnx_tensor *in,
                            size_t n_in, sonnx_tensor *out, size_t n_out,
                            char *msg, size_t cap)
{
    return sct_mutant_run_mapped(op, "Div", SONNX_DT_FLOAT, in, n_in, out, n_out, msg, cap,
                                 defect);
}
