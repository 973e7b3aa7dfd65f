/*
 * pow_f16_powf.c — defect: float16 Pow computed as powf((float)x,
 * (float)y) and rounded to float16.  The double rounding alone stays
 * within the 1 ULP of sonnx-pow (SN-14); the visible defect is the
 * conversion of the exponent to float32: integral exponents next to 2^24
 * and above (int32/int64/uint32/uint64/float64 exponent types) lose their
 * low bits, so a negative base gets the sign of the wrong parity
 * (sonnx-pow R5/R6, IEEE 754 §9.2.1 pow of a negative base).  Expected
 * finding: sign-flip / zero-sign on Pow float16.
 */
#include <math.h>

#include "float_round.h"

const char sct_mutant_name[] = "pow-f16-powf";

static bool defect(double x, double y, double *r)
{
    if (isnan(x) || isnan(y))
        return false;
    *r = powf((float)x, (float)y);
    return true;
}

sonnx_status sct_mutant_run(const sonnx_op *op, const sonnx_tensor *in,
                            size_t n_in, sonnx_tensor *out, size_t n_out,
                            char *msg, size_t cap)
{
    return sct_mutant_run_mapped(op, "Pow", SONNX_DT_FLOAT16, in, n_in, out, n_out, msg, cap,
                                 defect);
}
