/*
 * div_recip_f16.c — defect: float16 Div computed as a * (1/b) in float32
 * and rounded once to float16 (a "fast" half-precision kernel).  Two
 * float32 roundings move quotients that lie on or next to a float16
 * midpoint (exact ties between subnormals, e.g. 0x00b6 / 0x4f00) to the
 * wrong side; sonnx-div:float:R2 requires one correct rounding (IEEE 754
 * §5.4.1).  Random operands almost never show it: before issue 14 the
 * committed vectors passed this kernel (docs/vector-format.md, "Hard
 * cases").  Expected finding: off-by-one ULP on Div float16.
 */
#include <math.h>

#include "float_round.h"

const char sct_mutant_name[] = "div-recip-f16";

sonnx_status sct_mutant_run(const sonnx_op *op, const sonnx_tensor *in,
                            size_t n_in, sonnx_tensor *out, size_t n_out,
                            char *msg, size_t cap)
{
    sonnx_status s = sct_mutant_builtin_run(op, in, n_in, out, n_out, msg, cap);
    sct_mutant_fmt f;
    if (s != SONNX_STATUS_OK || !sct_mutant_is_op(op, "Div") ||
        out[0].elem_type != SONNX_DT_FLOAT16 || !sct_mutant_float_fmt(SONNX_DT_FLOAT16, &f))
        return s;
    uint64_t n = sct_mutant_nelem(&out[0]);
    for (uint64_t i = 0; i < n; i++) {
        double a = sct_mutant_get_double(&in[0], sct_mutant_in_index(&out[0], &in[0], i));
        double b = sct_mutant_get_double(&in[1], sct_mutant_in_index(&out[0], &in[1], i));
        if (!isfinite(a) || !isfinite(b) || b == 0.0)
            continue; /* special operands: the built-in result */
        float r = 1.0f / (float)b; /* float16 values are exact in float */
        float q = (float)a * r;
        sct_mutant_set(&out[0], i, sct_mutant_to_bits(&f, sct_mutant_round_to(&f, q)));
    }
    return s;
}
