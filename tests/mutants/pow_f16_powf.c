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

sonnx_status sct_mutant_run(const sonnx_op *op, const sonnx_tensor *in,
                            size_t n_in, sonnx_tensor *out, size_t n_out,
                            char *msg, size_t cap)
{
    sonnx_status s = sct_mutant_builtin_run(op, in, n_in, out, n_out, msg, cap);
    sct_mutant_fmt f;
    if (s != SONNX_STATUS_OK || !sct_mutant_is_op(op, "Pow") ||
        out[0].elem_type != SONNX_DT_FLOAT16 || !sct_mutant_float_fmt(SONNX_DT_FLOAT16, &f))
        return s;
    uint64_t n = sct_mutant_nelem(&out[0]);
    for (uint64_t i = 0; i < n; i++) {
        double x = sct_mutant_get_double(&in[0], sct_mutant_in_index(&out[0], &in[0], i));
        double y = sct_mutant_get_number(&in[1], sct_mutant_in_index(&out[0], &in[1], i));
        if (isnan(x) || isnan(y))
            continue;
        float r = powf((float)x, (float)y);
        sct_mutant_set(&out[0], i, sct_mutant_to_bits(&f, sct_mutant_round_to(&f, r)));
    }
    return s;
}
