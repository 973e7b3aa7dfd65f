/*
 * sweep_sample_pow.c — hard cases of Pow for the sampled sweeps
 * (sweep_sample.h).  pow is correctly rounded by the reference
 * (kernels/pow), so the hard inputs are those whose exact result is
 * representable or nearly so (a rounding boundary hit exactly or almost:
 * the cases where a pow that is not correctly rounded errs) and those whose
 * result is near the overflow threshold or the subnormal range and its
 * underflow to zero (IEEE754-2019 §9.2 pow; §7.4, §7.5).
 *
 * Near exact: a = m * 2^j with a small integer m, b = n an integer with
 * m^n < 2^p (so a^n is exact), or b = 1/2 with a = m^2 (sqrt exact), or
 * b = -n; then half of them perturbed by 1-2 ulps of a or 1 ulp of b.
 * Near the range limits: a random, b ~ T / log2(a) for a target binade T
 * (emax + 1: overflow; emin: the subnormal range starts; emin - p + 1,
 * emin - p: the smallest subnormal and the underflow-to-zero midpoint),
 * rounded and moved by -2..+2 ulps.
 */
#include <math.h>

#include "sweep_sample_parts.h"

/* log2 and exp2 from IEEE basic operations (+ - * /, exact frexp, ldexp,
 * floor) only, so the samples are the same with any C library (glibc's
 * exp2/log2 may change between versions, long double differs between
 * architectures).  Accurate to a few binary64 ulps, plenty for aiming at
 * a binade: the aimed exponent is then moved by +-2 ulps anyway. */
static const double LN2 = 0.69314718055994530942;

static double det_log2(double x)
{
    int e;
    double m = frexp(x, &e); /* x = m 2^e, m in [1/2, 1) */
    if (m < 0.70710678118654752440) {
        m *= 2;
        e--;
    }
    double s = (m - 1) / (m + 1), s2 = s * s, t = s, acc = 0; /* |s| < 0.172 */
    for (int k = 0; k < 25; k++) {
        acc += t / (2 * k + 1);
        t *= s2;
    }
    return e + 2 * acc / LN2; /* ln m = 2 atanh(s) */
}

static double det_exp2(double x)
{
    double n = floor(x), y = (x - n) * LN2, term = 1, acc = 1;
    for (int k = 1; k < 30; k++) {
        term *= y / k;
        acc += term;
    }
    return ldexp(acc, (int)n);
}

static bool coin(sct_sample_rng *r)
{
    return sct_sample_next(r) >> 63;
}

/* Exponent value v as operand b's encoding (float rounded, or integer). */
static uint64_t exponent_bits(const sct_sample_operand *o, double v)
{
    if (o->is_float)
        return sct_sample_from_double(&o->fmt, v);
    int64_t n = (int64_t)v;
    return o->size == 4 ? (uint64_t)(uint32_t)(int32_t)n : (uint64_t)n;
}

static unsigned bit_length(uint64_t m)
{
    unsigned n = 0;
    for (; m; m >>= 1)
        n++;
    return n;
}

static sct_sample_kind near_exact(const sct_sample_gen *g, sct_sample_rng *r,
                                  uint64_t *a_bits, uint64_t *b_bits)
{
    const sct_sample_fmt *f = &g->a.fmt;
    uint64_t m = (uint64_t)sct_sample_range(r, 2, (int64_t)1 << sct_sample_range(r, 1, 12));
    unsigned len = bit_length(m);
    int n_max = (int)(f->prec / len);
    int n = (int)sct_sample_range(r, 1, n_max < 2 ? 2 : n_max);
    int j = (int)sct_sample_range(r, -8, 8);
    double a = ldexp((double)m, j), b = n;
    unsigned how = (unsigned)(sct_sample_next(r) & 7u);
    if (how == 0 && g->b.is_float && 2 * len <= f->prec) {
        a = ldexp((double)(m * m), 2 * j); /* sqrt exact */
        b = 0.5;
    } else if (how == 1) {
        b = -n;
    } else if (how == 2 && (n & 1)) {
        a = -a; /* odd integer exponent: negative base, exact result */
    }
    *a_bits = sct_sample_from_double(f, a);
    *b_bits = exponent_bits(&g->b, b);
    unsigned perturb = (unsigned)(sct_sample_next(r) % 4u);
    if (perturb == 1)
        *a_bits = sct_sample_nudge(f, *a_bits, coin(r) ? 1 : -1);
    else if (perturb == 2)
        *a_bits = sct_sample_nudge(f, *a_bits, coin(r) ? 2 : -2);
    else if (perturb == 3 && g->b.is_float)
        *b_bits = sct_sample_nudge(&g->b.fmt, *b_bits, coin(r) ? 1 : -1);
    return SCT_SAMPLE_POW_EXACT;
}

static sct_sample_kind near_range(const sct_sample_gen *g, sct_sample_rng *r,
                                  uint64_t *a_bits, uint64_t *b_bits)
{
    const sct_sample_fmt *f = &g->a.fmt;
    const int p = (int)f->prec;
    const int targets[4] = {f->emax + 1, f->emin, f->emin - p + 1, f->emin - p};
    int t = targets[sct_sample_next(r) & 3u];
    /* |log2 a| in [2^-20, 16]: from barely above 1 to 2^16. */
    double l2 = ldexp((double)(sct_sample_next(r) >> 11) / 9007199254740992.0,
                      (int)sct_sample_range(r, -20, 4));
    if (l2 == 0)
        l2 = 1;
    if (coin(r))
        l2 = -l2;
    *a_bits = sct_sample_from_double(f, det_exp2(l2));
    double la = det_log2(sct_sample_to_double(f, *a_bits));
    if (la == 0) {
        *a_bits = sct_sample_from_double(f, 2.0);
        la = 1;
    }
    double b = (double)t / la;
    if (g->b.is_float) {
        *b_bits = sct_sample_nudge(&g->b.fmt, exponent_bits(&g->b, b),
                                   (int)sct_sample_range(r, -2, 2));
    } else {
        /* Integer exponent: round it, then move a so that a^b ~ 2^t. */
        double n = floor(b + 0.5);
        if (n == 0)
            n = t > 0 ? 1 : -1;
        *b_bits = exponent_bits(&g->b, n);
        *a_bits = sct_sample_from_double(f, det_exp2((double)t / n));
        *a_bits = sct_sample_nudge(f, *a_bits, (int)sct_sample_range(r, -2, 2));
    }
    return SCT_SAMPLE_POW_RANGE;
}

sct_sample_kind sct_sample_pow_hard(const sct_sample_gen *g, sct_sample_rng *r,
                                    unsigned pick, uint64_t *a_bits,
                                    uint64_t *b_bits)
{
    return pick < 48 ? near_exact(g, r, a_bits, b_bits)
                     : near_range(g, r, a_bits, b_bits);
}
