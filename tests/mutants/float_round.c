/* float_round.c — see float_round.h. */
#include <math.h>
#include <string.h>

#include "float_round.h"

double sct_mutant_round_to(const sct_mutant_fmt *f, double v)
{
    if (!isfinite(v) || v == 0.0)
        return v;
    int emax = (1 << (f->exp_bits - 1)) - 1, emin = 1 - emax, e;
    (void)frexp(fabs(v), &e);
    e -= 1; /* |v| in [2^e, 2^(e+1)) */
    if (e < emin)
        e = emin; /* fixed quantum below the normal range */
    double q = nearbyint(ldexp(fabs(v), (int)f->mant_bits - e)); /* default mode: RNE */
    double r = ldexp(q, e - (int)f->mant_bits);
    if (r >= ldexp(1.0, emax + 1))
        r = INFINITY;
    return copysign(r, v);
}

uint64_t sct_mutant_to_bits(const sct_mutant_fmt *f, double v)
{
    if (f->width == 64) {
        uint64_t b;
        memcpy(&b, &v, 8);
        return b;
    }
    uint64_t sign = signbit(v) ? sct_mutant_sign_bit(f) : 0;
    uint64_t all_ones = (UINT64_C(1) << f->exp_bits) - 1;
    if (isnan(v))
        return sign | (all_ones << f->mant_bits) | (UINT64_C(1) << (f->mant_bits - 1));
    if (isinf(v))
        return sign | (all_ones << f->mant_bits);
    if (v == 0.0)
        return sign;
    int bias = (1 << (f->exp_bits - 1)) - 1, e;
    (void)frexp(fabs(v), &e);
    e -= 1;
    if (e < 1 - bias) /* subnormal: biased exponent 0 */
        return sign | (uint64_t)ldexp(fabs(v), (int)f->mant_bits - (1 - bias));
    uint64_t m = (uint64_t)ldexp(fabs(v), (int)f->mant_bits - e) - (UINT64_C(1) << f->mant_bits);
    return sign | ((uint64_t)(e + bias) << f->mant_bits) | m;
}

double sct_mutant_get_number(const sonnx_tensor *t, uint64_t i)
{
    sct_mutant_fmt f;
    if (sct_mutant_float_fmt(t->elem_type, &f))
        return sct_mutant_get_double(t, i);
    switch (t->elem_type) {
    case SONNX_DT_UINT8: case SONNX_DT_UINT16: case SONNX_DT_UINT32: case SONNX_DT_UINT64:
        return (double)sct_mutant_get(t, i);
    default:
        return (double)sct_mutant_get_signed(t, i);
    }
}

sonnx_status sct_mutant_run_mapped(const sonnx_op *op, const char *op_type, int32_t out_type,
                                   const sonnx_tensor *in, size_t n_in, sonnx_tensor *out,
                                   size_t n_out, char *msg, size_t cap, sct_mutant_pair_fn fn)
{
    sonnx_status s = sct_mutant_builtin_run(op, in, n_in, out, n_out, msg, cap);
    sct_mutant_fmt f;
    if (s != SONNX_STATUS_OK || !sct_mutant_is_op(op, op_type) || out[0].elem_type != out_type ||
        !sct_mutant_float_fmt(out_type, &f))
        return s;
    uint64_t n = sct_mutant_nelem(&out[0]);
    for (uint64_t i = 0; i < n; i++) {
        double a = sct_mutant_get_number(&in[0], sct_mutant_in_index(&out[0], &in[0], i));
        double b = sct_mutant_get_number(&in[1], sct_mutant_in_index(&out[0], &in[1], i));
        double r;
        if (fn(a, b, &r))
            sct_mutant_set(&out[0], i, sct_mutant_to_bits(&f, sct_mutant_round_to(&f, r)));
    }
    return s;
}
