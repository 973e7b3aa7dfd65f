/*
 * exact_format.c — see exact_format.h.  Written from the format definitions
 * (IEEE754-2019 §3.3-§3.4 for binary16; bfloat16 = the upper 16 bits of
 * binary32) with ldexp/frexp, deliberately unlike the branch-free bit tricks
 * of numeric/, so that a shared mistake is unlikely.
 */
#include "exact_format.h"

#include <math.h>
#include <string.h>

#include "sonnx_cts/plugin.h"

static const sct_mpfrv_format formats[] = {
    /* binary16: max finite (2 - 2^-10) * 2^15 < 2^16; min subnormal 2^-24. */
    {"float16", SONNX_DT_FLOAT16, 11, 5, -23, 16},
    /* bfloat16: max finite (2 - 2^-7) * 2^127 < 2^128; min subnormal 2^-133. */
    {"bfloat16", SONNX_DT_BFLOAT16, 8, 8, -132, 128},
};

const sct_mpfrv_format *sct_mpfrv_format_by_name(const char *name)
{
    for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++)
        if (strcmp(formats[i].name, name) == 0)
            return &formats[i];
    return NULL;
}

static int frac_bits(const sct_mpfrv_format *f) { return f->precision - 1; }
static int bias(const sct_mpfrv_format *f) { return (1 << (f->exp_bits - 1)) - 1; }
static uint32_t exp_all_ones(const sct_mpfrv_format *f)
{
    return (1u << f->exp_bits) - 1u;
}

bool sct_mpfrv_is_nan(const sct_mpfrv_format *f, uint16_t bits)
{
    uint32_t e = (bits >> frac_bits(f)) & exp_all_ones(f);
    uint32_t m = bits & ((1u << frac_bits(f)) - 1u);
    return e == exp_all_ones(f) && m != 0;
}

double sct_mpfrv_decode(const sct_mpfrv_format *f, uint16_t bits)
{
    int fb = frac_bits(f);
    uint32_t e = (bits >> fb) & exp_all_ones(f);
    uint32_t m = bits & ((1u << fb) - 1u);
    double sign = (bits & 0x8000u) ? -1.0 : 1.0;
    if (e == exp_all_ones(f))
        return m ? NAN : sign * INFINITY;
    if (e == 0) /* subnormal or zero: m * 2^(1 - bias - fb) */
        return sign * ldexp((double)m, 1 - bias(f) - fb);
    return sign * ldexp((double)(m | (1u << fb)), (int)e - bias(f) - fb);
}

bool sct_mpfrv_encode_exact(const sct_mpfrv_format *f, double x,
                            uint16_t *bits)
{
    int fb = frac_bits(f);
    uint16_t sign = signbit(x) ? 0x8000u : 0u;
    uint16_t r;
    if (isnan(x)) {
        r = (uint16_t)((exp_all_ones(f) << fb) | (1u << (fb - 1)));
        sign = 0;
    } else if (isinf(x)) {
        r = (uint16_t)(exp_all_ones(f) << fb);
    } else if (x == 0) {
        r = 0;
    } else {
        double ax = fabs(x);
        int e;
        (void)frexp(ax, &e);          /* ax = m * 2^e, m in [0.5, 1) */
        int unbiased = e - 1;         /* ax in [2^unbiased, 2^(unbiased+1)) */
        if (unbiased < 1 - bias(f)) { /* subnormal */
            double m = ldexp(ax, bias(f) - 1 + fb);
            if (m != floor(m) || m >= (double)(1u << fb))
                return false;
            r = (uint16_t)m;
        } else {
            if (unbiased > bias(f))
                return false;
            double m = ldexp(ax, fb - unbiased); /* in [2^fb, 2^(fb+1)) */
            if (m != floor(m))
                return false;
            r = (uint16_t)(((uint32_t)(unbiased + bias(f)) << fb) |
                           ((uint32_t)m - (1u << fb)));
        }
    }
    *bits = (uint16_t)(sign | r);
    /* Round trip: the encoding must decode to x itself. */
    double back = sct_mpfrv_decode(f, *bits);
    if (isnan(x))
        return isnan(back);
    return back == x && signbit(back) == signbit(x);
}

static int32_t ordered(uint16_t x)
{
    int32_t mag = x & 0x7fff;
    return (x & 0x8000u) ? -mag : mag;
}

uint32_t sct_mpfrv_ulp_distance(uint16_t x, uint16_t y)
{
    int32_t d = ordered(x) - ordered(y);
    return (uint32_t)(d < 0 ? -d : d);
}
