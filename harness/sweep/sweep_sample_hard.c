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
#include "sct/sweep/sweep_sample_parts.h"

#include "sct/check/compare.h"

__extension__ typedef unsigned __int128 sct_u128;

static uint64_t random_sig(const sct_sample_fmt *f, uint64_t w)
{
    uint64_t top = UINT64_C(1) << (f->prec - 1);
    return top | (w & (top - 1u));
}

static bool coin(sct_sample_rng *r)
{
    return sct_sample_next(r) >> 63;
}

/* Exponents (ea, eb) of normal operands with ea + eb = sum (Mul) or
 * ea - eb = sum (Div), both in [emin, emax]; `bits` picks ea. */
static void split_exponent(const sct_sample_fmt *f, uint32_t bits, bool div,
                           int sum, int *ea, int *eb)
{
    int lo = div ? sum + f->emin : sum - f->emax;
    int hi = div ? sum + f->emax : sum - f->emin;
    lo = lo < f->emin ? f->emin : lo;
    hi = hi > f->emax ? f->emax : hi;
    *ea = (int)sct_sample_pick(bits, lo, hi);
    *eb = div ? *ea - sum : sum - *ea;
}

/* Mul: with the block's odd significands M_b (start at `start`, first
 * that fits): M_a = T M_b^-1 mod 2^k, T = 2^(k-1) + d. */
static bool mul_mid_sigs(const sct_sample_fmt *f, const sct_sample_block *blk,
                         unsigned start, int d, uint64_t *ma, uint64_t *mb)
{
    const unsigned p = f->prec;
    const sct_u128 big = (sct_u128)1 << (2 * p - 1);
    const uint64_t mask1 = (UINT64_C(1) << (p - 1)) - 1u; /* k = p - 1 */
    const uint64_t t1 = ((UINT64_C(1) << (p - 2)) + (uint64_t)(int64_t)d) & mask1;
    const uint64_t mask2 = (UINT64_C(1) << p) - 1u;       /* k = p */
    const uint64_t t2 = ((UINT64_C(1) << (p - 1)) + (uint64_t)(int64_t)d) & mask2;
    for (unsigned t = 0; t < SCT_SAMPLE_BLOCK_SIGS; t++) {
        unsigned j = (start + t) % SCT_SAMPLE_BLOCK_SIGS;
        uint64_t b = blk->sig[j], inv = blk->inv[j];
        uint64_t a = (UINT64_C(1) << (p - 1)) | ((t1 * inv) & mask1);
        if ((sct_u128)a * b < big) {
            *ma = a, *mb = b;
            return true;
        }
        a = (t2 * inv) & mask2;
        if (a >> (p - 1) && (sct_u128)a * b >= big) {
            *ma = a, *mb = b;
            return true;
        }
    }
    return false;
}

/* Div: M_q = -e M_b^-1 mod 2^(p+1), M_a = (M_q M_b + e) / 2^(p+1), over
 * the block's significands and four offsets e (4 bits each of `ebits`:
 * e = 2k - 15, odd in [-15, 15]); about 1 in 3 combinations has M_q of p+1
 * bits and a normal M_a; all 32 fail for 0.024 % of the samples (measured;
 * the sample is then counted as uniform, not as a midpoint). */
static bool div_mid_sigs(const sct_sample_fmt *f, const sct_sample_block *blk,
                         unsigned start, uint64_t ebits, uint64_t *ma, uint64_t *mb)
{
    const unsigned p = f->prec;
    const uint64_t mask = (UINT64_C(1) << (p + 1)) - 1u;
    for (unsigned t = 0; t < 4 * SCT_SAMPLE_BLOCK_SIGS; t++) {
        unsigned j = (start + t) % SCT_SAMPLE_BLOCK_SIGS;
        int e = 2 * (int)((ebits >> (4 * (t / SCT_SAMPLE_BLOCK_SIGS))) & 15u) - 15;
        uint64_t b = blk->sig[j];
        uint64_t q = ((uint64_t)-(int64_t)e * blk->inv[j]) & mask;
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

/* Two words: w (offsets d / e, start, signs) and v (exponents). */
static sct_sample_kind midpoint(const sct_sample_fmt *f, sct_sample_rng *r,
                                const sct_sample_block *blk, bool div,
                                uint64_t *a, uint64_t *b)
{
    uint64_t w = sct_sample_next(r), v = sct_sample_next(r);
    uint64_t ma = 0, mb = 0;
    unsigned start = (unsigned)(w >> 48) % SCT_SAMPLE_BLOCK_SIGS;
    bool ok = div ? div_mid_sigs(f, blk, start, w, &ma, &mb)
                  : mul_mid_sigs(f, blk, start, (int)sct_sample_pick((uint32_t)w, -16, 16),
                                 &ma, &mb);
    if (!ok) { /* rare (above): random significands, not a midpoint */
        ma = random_sig(f, sct_sample_next(r));
        mb = random_sig(f, sct_sample_next(r));
    }
    int ea, eb;
    split_exponent(f, (uint32_t)(v >> 32), div,
                   (int)sct_sample_pick((uint32_t)v, f->emin + 2, f->emax - 2) + div,
                   &ea, &eb);
    *a = sct_sample_make(f, (w >> 62) & 1u, ea, ma);
    *b = sct_sample_make(f, (w >> 63) & 1u, eb, mb);
    return ok ? SCT_SAMPLE_MIDPOINT : SCT_SAMPLE_UNIFORM;
}

/* Exact result below the normal range: s of its significand bits fall below
 * the subnormal grid 2^(emin - p + 1).  Half: b a power of two and the
 * dropped bits of a set to 2^(s-1) + d (a midpoint of the subnormal grid,
 * perturbed); half: random significands.  Words: w (s, d), then the two
 * significands (their bits 61..63: the half, the signs; p - 1 <= 52 bits
 * are the significand's), then the exponent split. */
static sct_sample_kind subnormal(const sct_sample_fmt *f, sct_sample_rng *r,
                                 bool div, uint64_t *a, uint64_t *b)
{
    const unsigned p = f->prec;
    uint64_t w = sct_sample_next(r), u = sct_sample_next(r), v = sct_sample_next(r);
    int s = (int)sct_sample_pick((uint32_t)w, 1, (int64_t)p - 1);
    uint64_t ma = random_sig(f, u), mb = random_sig(f, v);
    bool pow2 = (u >> 63) & 1u;
    if (pow2) {
        uint64_t low = (UINT64_C(1) << s) - 1u;
        uint64_t d = (uint64_t)sct_sample_pick((uint32_t)(w >> 32), -4, 4);
        ma = (ma & ~low) | (((UINT64_C(1) << (s - 1)) + d) & low);
        mb = UINT64_C(1) << (p - 1);
    }
    int ea, eb;
    /* Mul: ea + eb = emin - s, the product M_a 2^(p-1) (b a power of two)
     * or M_a M_b in [2^(2p-2), 2^(2p)): one more binade down for random
     * significands; Div likewise, M_a / M_b in (1/2, 2). */
    split_exponent(f, (uint32_t)(sct_sample_next(r) >> 32), div, f->emin - s - !pow2,
                   &ea, &eb);
    *a = sct_sample_make(f, (u >> 62) & 1u, ea, ma);
    *b = sct_sample_make(f, (v >> 62) & 1u, eb, mb);
    return SCT_SAMPLE_SUBNORMAL;
}

/* Result within a few ulps of the largest finite value, i.e. around the
 * overflow threshold 2^emax (2 - 2^-p) (§7.4): b random, a = max / b
 * (Mul) or max * b (Div) rounded, moved by -2..+2 ulps.  Words: w (eb,
 * the move), then b's significand and the signs. */
static sct_sample_kind overflow(const sct_sample_fmt *f, sct_sample_rng *r,
                                bool div, uint64_t *a, uint64_t *b)
{
    uint64_t w = sct_sample_next(r), v = sct_sample_next(r);
    int eb = div ? (int)sct_sample_pick((uint32_t)w, f->emin, -1)
                 : (int)sct_sample_pick((uint32_t)w, 0, f->emax - 1);
    *b = sct_sample_make(f, false, eb, random_sig(f, v));
    double max = sct_sample_to_double(f, f->exp_mask - 1u);
    double vb = sct_sample_to_double(f, *b);
    *a = sct_sample_from_double(f, div ? max * vb : max / vb);
    *a = sct_sample_nudge(f, *a, (int)sct_sample_pick((uint32_t)(w >> 32), -2, 2));
    *a |= (v >> 62) & 1u ? f->sign : 0; /* above b's p - 1 <= 52 bits */
    *b |= (v >> 63) & 1u ? f->sign : 0;
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
                                unsigned pick, const sct_sample_block *blk,
                                uint64_t *a_bits, uint64_t *b_bits)
{
    const sct_sample_fmt *f = &g->a.fmt;
    if (g->op == SCT_OP_LESS)
        return near_equal(&g->a, r, a_bits, b_bits);
    bool div = g->op == SCT_OP_DIV;
    if (pick < 48)
        return midpoint(f, r, blk, div, a_bits, b_bits);
    if (pick < 72)
        return subnormal(f, r, div, a_bits, b_bits);
    return overflow(f, r, div, a_bits, b_bits);
}

/* A run of Mul/Div hard slots (160..255) of one block of a float32 x
 * float32 space, written straight into the arrays: the same samples as
 * sct_sample_at (same stream, same constructions), with the per-sample
 * dispatch of sct_sample_fill taken out of the loop. */
size_t sct_sample_hard_run32(const sct_sample_gen *g, uint64_t first, size_t n,
                             const sct_sample_block *blk, uint32_t *a, uint32_t *b)
{
    const sct_sample_fmt *f = &g->a.fmt;
    const bool div = g->op == SCT_OP_DIV;
    size_t k = 0;
    for (; k < n; k++) {
        uint64_t i = first + k;
        unsigned pick = (unsigned)(i & 255u);
        if (pick < 160 || (k > 0 && pick == 160))
            break; /* another kind, or the next block */
        sct_sample_rng r = {g->key ^ (i * UINT64_C(0xd1b54a32d192ed03))};
        uint64_t x, y;
        if (pick < 208)
            midpoint(f, &r, blk, div, &x, &y);
        else if (pick < 232)
            subnormal(f, &r, div, &x, &y);
        else
            overflow(f, &r, div, &x, &y);
        a[k] = (uint32_t)x;
        b[k] = (uint32_t)y;
    }
    return k;
}
