/*
 * less_daz_workers.c — defect: Less on float32/float64 split into chunks
 * of 64 elements, the first chunk compared by the calling thread and the
 * rest by pool threads that run with DAZ set (MXCSR is per thread: a pool
 * that sets denormals-are-zero for speed).  Past element 63 a subnormal
 * operand compares as a zero of its sign, so 0 < smallest subnormal turns
 * false; IEEE 754 §5.11 and sonnx-less R3 compare the exact values.  Short
 * tensors and the first 64 elements are right: only elements in the vector
 * body show it.  Expected finding: bool-wrong on Less float32/float64.
 */
#include <math.h>

#include "mutant.h"

const char sct_mutant_name[] = "less-daz-workers";

static double daz(double x, int is_f32)
{
    double tiny = is_f32 ? 0x1p-126 : 0x1p-1022;
    return (x != 0.0 && fabs(x) < tiny) ? copysign(0.0, x) : x;
}

static double elem(const sonnx_tensor *out, const sonnx_tensor *t, uint64_t i)
{
    uint64_t k = sct_mutant_in_index(out, t, i);
    return t->elem_type == SONNX_DT_FLOAT ? (double)((const float *)t->data)[k]
                                          : ((const double *)t->data)[k];
}

sonnx_status sct_mutant_run(const sonnx_op *op, const sonnx_tensor *in,
                            size_t n_in, sonnx_tensor *out, size_t n_out,
                            char *msg, size_t cap)
{
    sonnx_status s = sct_mutant_builtin_run(op, in, n_in, out, n_out, msg, cap);
    if (s != SONNX_STATUS_OK || !sct_mutant_is_op(op, "Less") ||
        (in[0].elem_type != SONNX_DT_FLOAT && in[0].elem_type != SONNX_DT_DOUBLE))
        return s;
    int is_f32 = in[0].elem_type == SONNX_DT_FLOAT;
    uint64_t n = sct_mutant_nelem(&out[0]);
    for (uint64_t i = 64; i < n; i++) {
        double a = daz(elem(&out[0], &in[0], i), is_f32);
        double b = daz(elem(&out[0], &in[1], i), is_f32);
        ((unsigned char *)out[0].data)[i] = a < b;
    }
    return s;
}
