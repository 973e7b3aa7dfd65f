/*
 * sweep_sample_hard.c — hard cases of Mul, Div and Less for the sampled
 * sweeps (sweep_sample.h): operands whose exact result lies next to a
 * rounding boundary of the output format (IEEE754-2019 §4.3.1
 * roundTiesToEven: a midpoint between two representable neighbours; the
 * subnormal grid, §3.4; the overflow threshold, §7.4).
 *
 * Notation: a float is M * 2^(e - p + 1) with an integer significand M,
 * 2^(p-1) <= M < 2^p (normal), p the precision.
 *
 * Mul near-midpoints: M_a * M_b has 2p-1 or 2p bits; rounding to p bits
 * drops its low k = p-1 or p bits, a midpoint when they are 1000...0.
 * Choose M_b odd and solve M_a = T * M_b^-1 (mod 2^k) with
 * T = 2^(k-1) + d, d a small random offset (d = 0: an exact tie, so
 * ties-to-even decides): the product's dropped bits are then exactly T.
 *
 * Div near-midpoints: the quotient M_a / M_b in [1/2, 1) is a midpoint
 * when it equals M_q / 2^(p+1) for an odd M_q of p+1 bits.  Exact
 * midpoints are impossible (M_a 2^(p+1) = M_q M_b has no solution with M_b
 * odd and M_q odd), so solve M_a 2^(p+1) = M_q M_b + e for a small odd e:
 * M_q = -e * M_b^-1 (mod 2^(p+1)) and M_a = (M_q M_b + e) / 2^(p+1); the
 * quotient is then M_q / 2^(p+1) + e / (M_b 2^(p+1)), within |e| / M_b
 * units of 2^-(p+1) of the midpoint (Kahan's "hardest" quotients).
 */
#include "sweep_sample.h"

#include "compare.h"

__extension__ typedef unsigned __int128 sct_u128;

/* M^-1 mod 2^64 for odd M (Newton: each step doubles the correct bits). */
static uint64_t inverse_mod_2_64(uint64_t m)
{
    uint64_t x = (3u * m) ^ 2u; /* correct to 5 bits (Montgomery's seed) */
    for (int i = 0; i < 4; i++) /* 10, 20, 40, 80 bits */
        x *= 2u - m * x;
    return x;
}

static uint64_t random_sig(const sct_sample_fmt *f, sct_sample_rng *r)
{
    uint64_t top = UINT64_C(1) << (f->prec - 1);
    return top | (sct_sample_next(r) & (top - 1u));
}

static bool coin(sct_sample_rng *r)
{
    return sct_sample_next(r) >> 63;
}

/* Exponents (ea, eb) of normal operands with ea + eb = sum (Mul) or
 * ea - eb = sum (Div), both in [emin, emax]. */
static void split_exponent(const sct_sample_fmt *f, sct_sample_rng *r, bool div,
                           int sum, int *ea, int *eb)
{
    int lo = div ? sum + f->emin : sum - f->emax;
    int hi = div ? sum + f->emax : sum - f->emin;
    lo = lo < f->emin ? f->emin : lo;
    hi = hi > f->emax ? f->emax : hi;
    *ea = (int)sct_sample_range(r, lo, hi);
    *eb = div ? *ea - sum : sum - *ea;
}

static bool mul_mid_sigs(const sct_sample_fmt *f, sct_sample_rng *r, int d,
                         uint64_t *ma, uint64_t *mb)
{
    const unsigned p = f->prec;
    const sct_u128 big = (sct_u128)1 << (2 * p - 1);
    for (int tries = 0; tries < 64; tries++) {
        uint64_t b = random_sig(f, r) | 1u;
        uint64_t inv = inverse_mod_2_64(b);
        uint64_t mask = (UINT64_C(1) << (p - 1)) - 1u; /* k = p - 1 */
        uint64_t t = ((UINT64_C(1) << (p - 2)) + (uint64_t)(int64_t)d) & mask;
        uint64_t a = (UINT64_C(1) << (p - 1)) | ((t * inv) & mask);
        if ((sct_u128)a * b < big) {
            *ma = a, *mb = b;
            return true;
        }
        mask = (UINT64_C(1) << p) - 1u; /* k = p */
        t = ((UINT64_C(1) << (p - 1)) + (uint64_t)(int64_t)d) & mask;
        a = (t * inv) & mask;
        if (a >> (p - 1) && (sct_u128)a * b >= big) {
            *ma = a, *mb = b;
            return true;
        }
    }
    return false;
}

static bool div_mid_sigs(const sct_sample_fmt *f, sct_sample_rng *r, int e,
                         uint64_t *ma, uint64_t *mb)
{
    const unsigned p = f->prec;
    const uint64_t mask = (UINT64_C(1) << (p + 1)) - 1u;
    /* About 1 in 3 tries meets both size conditions: 64 tries fail with
     * probability ~1e-11. */
    for (int tries = 0; tries < 64; tries++) {
        uint64_t b = random_sig(f, r) | 1u;
        uint64_t q = ((uint64_t)-(int64_t)e * inverse_mod_2_64(b)) & mask;
        if (!(q >> p))
            continue; /* M_q must have p + 1 bits */
        sct_u128 num = (sct_u128)q * b;
        num = e >= 0 ? num + (sct_u128)e : num - (sct_u128)-e;
        uint64_t a = (uint64_t)(num >> (p + 1));
        if (a >> (p - 1) && !(a >> p)) {
            *ma = a, *mb = b;
            return true;
        }
    }
    return false;
}

static sct_sample_kind midpoint(const sct_sample_fmt *f, sct_sample_rng *r,
                                bool div, uint64_t *a, uint64_t *b)
{
    uint64_t ma = 0, mb = 0;
    bool ok = div ? div_mid_sigs(f, r, 2 * (int)sct_sample_range(r, -8, 7) + 1, &ma, &mb)
                  : mul_mid_sigs(f, r, (int)sct_sample_range(r, -16, 16), &ma, &mb);
    if (!ok) { /* not met in practice; still a valid sample */
        ma = random_sig(f, r);
        mb = random_sig(f, r);
    }
    int ea, eb;
    split_exponent(f, r, div, (int)sct_sample_range(r, f->emin + 2, f->emax - 2) + div,
                   &ea, &eb);
    *a = sct_sample_make(f, coin(r), ea, ma);
    *b = sct_sample_make(f, coin(r), eb, mb);
    return SCT_SAMPLE_MIDPOINT;
}

/* Exact result below the normal range: s of its significand bits fall below
 * the subnormal grid 2^(emin - p + 1).  Half: b a power of two and the
 * dropped bits of a set to 2^(s-1) + d (a midpoint of the subnormal grid,
 * perturbed); half: random significands. */
static sct_sample_kind subnormal(const sct_sample_fmt *f, sct_sample_rng *r,
                                 bool div, uint64_t *a, uint64_t *b)
{
    const unsigned p = f->prec;
    int s = (int)sct_sample_range(r, 1, (int64_t)p - 1);
    uint64_t ma = random_sig(f, r), mb = random_sig(f, r);
    bool pow2 = coin(r);
    if (pow2) {
        uint64_t low = (UINT64_C(1) << s) - 1u;
        uint64_t d = (uint64_t)sct_sample_range(r, -4, 4);
        ma = (ma & ~low) | (((UINT64_C(1) << (s - 1)) + d) & low);
        mb = UINT64_C(1) << (p - 1);
    }
    int ea, eb;
    /* Mul: ea + eb = emin - s, the product M_a 2^(p-1) (b a power of two)
     * or M_a M_b in [2^(2p-2), 2^(2p)): one more binade down for random
     * significands; Div likewise, M_a / M_b in (1/2, 2). */
    split_exponent(f, r, div, f->emin - s - !pow2, &ea, &eb);
    *a = sct_sample_make(f, coin(r), ea, ma);
    *b = sct_sample_make(f, coin(r), eb, mb);
    return SCT_SAMPLE_SUBNORMAL;
}

/* Result within a few ulps of the largest finite value, i.e. around the
 * overflow threshold 2^emax (2 - 2^-p) (§7.4): b random, a = max / b
 * (Mul) or max * b (Div) rounded, moved by -2..+2 ulps. */
static sct_sample_kind overflow(const sct_sample_fmt *f, sct_sample_rng *r,
                                bool div, uint64_t *a, uint64_t *b)
{
    int eb = div ? (int)sct_sample_range(r, f->emin, -1)
                 : (int)sct_sample_range(r, 0, f->emax - 1);
    *b = sct_sample_make(f, false, eb, random_sig(f, r));
    double max = sct_sample_to_double(f, f->exp_mask - 1u);
    double vb = sct_sample_to_double(f, *b);
    *a = sct_sample_from_double(f, div ? max * vb : max / vb);
    *a = sct_sample_nudge(f, *a, (int)sct_sample_range(r, -2, 2));
    if (coin(r))
        *a |= f->sign;
    if (coin(r))
        *b |= f->sign;
    return SCT_SAMPLE_OVERFLOW;
}

static sct_sample_kind near_equal(const sct_sample_operand *o, sct_sample_rng *r,
                                  uint64_t *a, uint64_t *b)
{
    const sct_sample_fmt *f = &o->fmt;
    unsigned how = (unsigned)(sct_sample_next(r) & 7u);
    *a = how == 0 ? sct_sample_special(o, r) : sct_sample_uniform(o, r);
    if (how == 1) { /* +-0 against +-0 or the smallest subnormals */
        *a = coin(r) ? f->sign : 0;
        *b = sct_sample_nudge(f, coin(r) ? f->sign : 0, (int)sct_sample_range(r, 0, 1));
    } else {
        *b = sct_sample_nudge(f, *a, (int)sct_sample_range(r, -3, 3));
    }
    if (coin(r)) {
        uint64_t t = *a;
        *a = *b;
        *b = t;
    }
    return SCT_SAMPLE_NEAR_EQUAL;
}

sct_sample_kind sct_sample_hard(const sct_sample_gen *g, sct_sample_rng *r,
                                unsigned pick, uint64_t *a_bits, uint64_t *b_bits)
{
    const sct_sample_fmt *f = &g->a.fmt;
    if (g->op == SCT_OP_LESS)
        return near_equal(&g->a, r, a_bits, b_bits);
    bool div = g->op == SCT_OP_DIV;
    if (pick < 48)
        return midpoint(f, r, div, a_bits, b_bits);
    if (pick < 72)
        return subnormal(f, r, div, a_bits, b_bits);
    return overflow(f, r, div, a_bits, b_bits);
}
