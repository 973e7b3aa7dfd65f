/*
 * sweep_sample_special.c — encodings, uniform bit patterns and the
 * special-value crosses of the sample generator (sweep_sample.h).
 *
 * Special values (IEEE754-2019 §3.4, the boundaries of the encoding):
 * +-0, +-min subnormal, +-max subnormal, +-min normal, +-0.5, +-1, +-2,
 * +-max finite, +-inf, quiet NaN of both signs; each finite one also moved
 * by -1 or +1 unit in the last place (its neighbours) with probability 1/2.
 */
#include "sweep_sample.h"

#include <string.h>

uint64_t sct_sample_make(const sct_sample_fmt *f, bool neg, int exp, uint64_t sig)
{
    uint64_t biased = (uint64_t)(exp + f->emax);
    return (neg ? f->sign : 0) | (biased << (f->prec - 1)) | (sig & f->frac_mask);
}

uint64_t sct_sample_uniform(const sct_sample_operand *o, sct_sample_rng *r)
{
    uint64_t x = sct_sample_next(r);
    return o->size == 4 ? (x >> 32) : x;
}

uint64_t sct_sample_nudge(const sct_sample_fmt *f, uint64_t bits, int k)
{
    uint64_t sign = bits & f->sign, mag = bits & ~f->sign;
    if (k < 0 && mag < (uint64_t)-k)
        mag = 0;
    else if (k > 0 && mag + (uint64_t)k > f->exp_mask)
        mag = f->exp_mask;
    else
        mag = (uint64_t)((int64_t)mag + k);
    return sign | mag;
}

static uint64_t special_float(const sct_sample_fmt *f, sct_sample_rng *r)
{
    const uint64_t one_exp = (uint64_t)f->emax << (f->prec - 1);
    const uint64_t unit = UINT64_C(1) << (f->prec - 1);
    const uint64_t mags[] = {
        0, 1, f->frac_mask, unit,                       /* 0, subnormals, min normal */
        one_exp - unit, one_exp, one_exp + unit,        /* 0.5, 1, 2 */
        f->exp_mask - 1, f->exp_mask,                   /* max finite, inf */
        f->exp_mask | (UINT64_C(1) << (f->prec - 2))};  /* quiet NaN */
    const unsigned n = sizeof mags / sizeof mags[0];
    uint64_t x = sct_sample_next(r);
    unsigned which = (unsigned)(((x & 0xffff) * n) >> 16); /* no division */
    uint64_t bits = mags[which] | ((x >> 16) & 1 ? f->sign : 0);
    if (which < n - 2 && ((x >> 17) & 1)) /* a finite value's neighbour */
        bits = sct_sample_nudge(f, bits, (x >> 18) & 1 ? 1 : -1);
    return bits;
}

static uint64_t special_int(const sct_sample_operand *o, sct_sample_rng *r)
{
    /* Pow exponents: 0, +-1, +-2, +-3 and exponents around the binary32 /
     * binary64 overflow and underflow thresholds, and the extremes. */
    static const int64_t small[] = {0, 1, -1, 2, -2, 3, -3, 127, 128, -126,
                                    -149, -150, 1023, 1024, -1074, -1075};
    uint64_t x = sct_sample_next(r);
    unsigned which = (unsigned)(((x >> 32) * 18u) >> 32);
    int64_t v;
    if (which < 16)
        v = small[which];
    else if (o->size == 4)
        v = which == 16 ? INT32_MAX : INT32_MIN;
    else
        v = which == 16 ? INT64_MAX : INT64_MIN;
    return o->size == 4 ? (uint64_t)(uint32_t)(int32_t)v : (uint64_t)v;
}

uint64_t sct_sample_special(const sct_sample_operand *o, sct_sample_rng *r)
{
    return o->is_float ? special_float(&o->fmt, r) : special_int(o, r);
}

double sct_sample_to_double(const sct_sample_fmt *f, uint64_t bits)
{
    if (f->width == 32) {
        uint32_t u = (uint32_t)bits;
        float v;
        memcpy(&v, &u, sizeof v);
        return v;
    }
    double d;
    memcpy(&d, &bits, sizeof d);
    return d;
}

uint64_t sct_sample_from_double(const sct_sample_fmt *f, double v)
{
    if (f->width == 32) {
        float x = (float)v; /* IEEE conversion, round to nearest even */
        uint32_t u;
        memcpy(&u, &x, sizeof u);
        return u;
    }
    uint64_t u;
    memcpy(&u, &v, sizeof u);
    return u;
}
