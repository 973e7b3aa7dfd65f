/*
 * pow_exp_log.c — defect: Pow with a float32 or float64 result computed
 * as exp(y * log(x)) in the result's own precision (expf/logf for float32,
 * exp/log for float64), the textbook shortcut.  The rounding error of
 * y*log(x) is multiplied by |y*log(x)| in the result: many ULPs for large
 * results and next to the overflow / underflow thresholds, beyond the
 * 1 ULP of sonnx-pow (spec-notes SN-14).  Only x > 0 with a finite
 * exponent is changed.  Expected finding: multi-ULP deviations (and
 * inf/finite swaps at the thresholds) on Pow float32/float64.
 */
#include <math.h>

#include "float_round.h"

const char sct_mutant_name[] = "pow-exp-log";

sonnx_status sct_mutant_run(const sonnx_op *op, const sonnx_tensor *in,
                            size_t n_in, sonnx_tensor *out, size_t n_out,
                            char *msg, size_t cap)
{
    sonnx_status s = sct_mutant_builtin_run(op, in, n_in, out, n_out, msg, cap);
    int32_t t = out[0].elem_type;
    if (s != SONNX_STATUS_OK || !sct_mutant_is_op(op, "Pow") ||
        (t != SONNX_DT_FLOAT && t != SONNX_DT_DOUBLE))
        return s;
    uint64_t n = sct_mutant_nelem(&out[0]);
    for (uint64_t i = 0; i < n; i++) {
        double x = sct_mutant_get_double(&in[0], sct_mutant_in_index(&out[0], &in[0], i));
        double y = sct_mutant_get_number(&in[1], sct_mutant_in_index(&out[0], &in[1], i));
        if (!(x > 0.0) || !isfinite(x) || !isfinite(y))
            continue;
        if (t == SONNX_DT_FLOAT)
            ((float *)out[0].data)[i] = expf((float)y * logf((float)x));
        else
            ((double *)out[0].data)[i] = exp(y * log(x));
    }
    return s;
}
