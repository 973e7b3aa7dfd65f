/*
 * f16_overflow_half_ulp.c — defect: the float16 overflow threshold placed
 * one half-ulp too high.  Exact results in [max + ½ulp, max + ulp), i.e.
 * [65520, 65536), come out as ±65504 (the largest finite value) instead of
 * ±inf.  IEEE 754 §4.3.1/§7.4: round-to-nearest-even overflows to inf from
 * max + ½ulp on (the tie goes to "even", which is inf: max's significand
 * is odd); sonnx-div:float:R2, sonnx-mul:float:R2 and Pow's correct
 * rounding require it.  A saturating conversion that compares against
 * 65536 instead of 65520 does exactly this.  Only an element whose exact
 * result lies in that half-ulp window shows it (docs/coverage.md, the
 * "overflow threshold" rounding-boundary class).  Expected finding:
 * "inf-expected-got-finite" on Div/Mul/Pow float16.
 */
#include <math.h>

#include "float_round.h"

const char sct_mutant_name[] = "f16-overflow-half-ulp";

static bool window(double r, double *out)
{
    /* |r| in [65520, 65536): the half-ulp the defect gets wrong */
    if (!isfinite(r) || fabs(r) < 65520.0 || fabs(r) >= 65536.0)
        return false;
    *out = copysign(65504.0, r);
    return true;
}

/* float16 operands are exact in double; a*b and a/b are then rounded once
 * to binary64, which cannot move a result across 65520 or 65536 (both are
 * binary64 numbers). */
static bool mul(double a, double b, double *r) { return window(a * b, r); }
static bool div_(double a, double b, double *r) { return b != 0.0 && window(a / b, r); }
static bool pow_(double a, double b, double *r) { return window(pow(a, b), r); }

sonnx_status sct_mutant_run(const sonnx_op *op, const sonnx_tensor *in,
                            size_t n_in, sonnx_tensor *out, size_t n_out,
                            char *msg, size_t cap)
{
    sct_mutant_pair_fn fn = sct_mutant_is_op(op, "Mul") ? mul
                            : sct_mutant_is_op(op, "Div") ? div_
                            : sct_mutant_is_op(op, "Pow") ? pow_ : NULL;
    if (!fn)
        return sct_mutant_builtin_run(op, in, n_in, out, n_out, msg, cap);
    return sct_mutant_run_mapped(op, op->op_type, SONNX_DT_FLOAT16, in, n_in, out, n_out, msg,
                                 cap, fn);
}
