/*
 * less_f64_as_f32.c — defect: Less on float64 inputs compared after a
 * conversion to float32 (a kernel that reuses its float path).  Values one
 * binary64 ulp apart become equal (or both ±inf / ±0), so a < b turns
 * false; sonnx-less R3 and IEEE 754 §5.11 compare the exact values.
 * Expected finding: bool-wrong on Less float64.
 */
#include "mutant.h"

const char sct_mutant_name[] = "less-f64-as-f32";

sonnx_status sct_mutant_run(const sonnx_op *op, const sonnx_tensor *in,
                            size_t n_in, sonnx_tensor *out, size_t n_out,
                            char *msg, size_t cap)
{
    sonnx_status s = sct_mutant_builtin_run(op, in, n_in, out, n_out, msg, cap);
    if (s != SONNX_STATUS_OK || !sct_mutant_is_op(op, "Less") ||
        in[0].elem_type != SONNX_DT_DOUBLE)
        return s;
    uint64_t n = sct_mutant_nelem(&out[0]);
    for (uint64_t i = 0; i < n; i++) {
        float a = (float)((const double *)in[0].data)[sct_mutant_in_index(&out[0], &in[0], i)];
        float b = (float)((const double *)in[1].data)[sct_mutant_in_index(&out[0], &in[1], i)];
        ((unsigned char *)out[0].data)[i] = a < b;
    }
    return s;
}
