/*
 * div_reciprocal.c — defect: Div float32/float64 computed as a * (1/b), a
 * common "optimisation" (two roundings instead of the one IEEE 754 §5.4.1
 * division requires, sonnx-div:float:R2 correct rounding).  Expected
 * finding: off-by-1-ULP deviations on Div float32/float64 value cases.
 */
#include "mutant.h"

const char sct_mutant_name[] = "div-reciprocal";

sonnx_status sct_mutant_run(const sonnx_op *op, const sonnx_tensor *in,
                            size_t n_in, sonnx_tensor *out, size_t n_out,
                            char *msg, size_t cap)
{
    sonnx_status s = sct_mutant_builtin_run(op, in, n_in, out, n_out, msg, cap);
    if (s != SONNX_STATUS_OK || !sct_mutant_is_op(op, "Div"))
        return s;
    uint64_t n = sct_mutant_nelem(&out[0]);
    for (uint64_t i = 0; i < n; i++) {
        uint64_t ia = sct_mutant_in_index(&out[0], &in[0], i);
        uint64_t ib = sct_mutant_in_index(&out[0], &in[1], i);
        if (out[0].elem_type == SONNX_DT_FLOAT) {
            float a = ((const float *)in[0].data)[ia], b = ((const float *)in[1].data)[ib];
            float r = 1.0f / b;
            ((float *)out[0].data)[i] = a * r;
        } else if (out[0].elem_type == SONNX_DT_DOUBLE) {
            double a = ((const double *)in[0].data)[ia], b = ((const double *)in[1].data)[ib];
            double r = 1.0 / b;
            ((double *)out[0].data)[i] = a * r;
        }
    }
    return s;
}
