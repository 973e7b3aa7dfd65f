/*
 * div_recip_f16.c — defect: float16 Div computed as a * (1/b) in float32
 * and rounded once to float16 (a "fast" half-precision kernel).  Two
 * float32 roundings move quotients that lie on or next to a float16
 * midpoint (exact ties between subnormals, e.g. 0x00b6 / 0x4f00) to the
 * wrong side; sonnx-div:float:R2 requires one correct rounding (IEEE 754
 * §5.4.1).  Random operands almost never show it: before the hard cases the
 * committed vectors passed this kernel (docs/vector-format.md, "Hard
 * cases").  Expected finding: off-by-one ULP on Div float16.
 */
#include <math.h>

#include "float_round.h"

const char sct_mutant_name[] = "div-recip-f16";

static bool defect(double a, double b, double *r)
{
    if (!isfinite(a) || !isfinite(b) || b == 0.0)
        return false; /* special operands: the built-in result */
    float rb = 1.0f / (float)b; /* float16 values are exact in float */
    *r = (float)a * rb;
    return true;
}

sonnx_status sct_mutant_run(const sonnx_op *op, const sonnx_tensor *in,
                            size_t n_in, sonnx_tensor *out, size_t n_out,
                            char *msg, size_t cap)
{
    return sct_mutant_run_mapped(op, "Div", SONNX_DT_FLOAT16, in, n_in, out, n_out, msg, cap,
                                 defect);
}
