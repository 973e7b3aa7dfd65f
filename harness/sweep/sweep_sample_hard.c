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
#include "sweep_sample_muldiv.h"

#include "sct/check/compare.h"
#include "sct/kernels/simd.h"

/* M^-1 mod 2^64 for odd M (Newton: each step doubles the correct bits). */
static inline uint64_t inverse_mod_2_64(uint64_t m)
{
    uint64_t x = (3u * m) ^ 2u; /* correct to 5 bits (Montgomery's seed) */
    for (int i = 0; i < 4; i++) /* 10, 20, 40, 80 bits */
        x *= 2u - m * x;
    return x;
}

/* The k-th significand from word k + 1 of the block's stream (by index:
 * the 8 are independent, one vector of 64-bit lanes in the clones). */
SCT_VECTOR_LOOP
void sct_sample_block_init(const sct_sample_gen *g, uint64_t index,
                           sct_sample_block *blk)
{
    const sct_sample_fmt *f = &g->a.fmt;
    uint64_t top = UINT64_C(1) << (f->prec - 1);
    uint64_t state = sct_sample_mix64(g->key ^ sct_sample_mix64(~index));
    blk->index = index;
    blk->valid = true;
    for (unsigned k = 0; k < SCT_SAMPLE_BLOCK_SIGS; k++) {
        uint64_t sig = top | (sct_sample_word(state, k + 1u) & (top - 1u)) | 1u; /* odd */
        blk->sig[k] = sig;
        blk->inv[k] = inverse_mod_2_64(sig);
    }
}

static bool coin(sct_sample_rng *r)
{
    return sct_sample_next(r) >> 63;
}

/* Mul: with the block's odd significands M_b (start at `start`, first
 * that fits): M_a = T M_b^-1 mod 2^k, T = 2^(k-1) + d. */
static bool mul_mid_sigs(const sct_sample_fmt *f, const sct_sample_block *blk,
                         unsigned start, int d, uint64_t *ma, uint64_t *mb)
{
    for (unsigned t = 0; t < SCT_SAMPLE_BLOCK_SIGS; t++) {
        unsigned j = (start + t) % SCT_SAMPLE_BLOCK_SIGS;
        if (sct_sample_mul_candidate(f, blk->sig[j], blk->inv[j], d, ma)) {
            *mb = blk->sig[j];
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
    for (unsigned t = 0; t < 4 * SCT_SAMPLE_BLOCK_SIGS; t++) {
        unsigned j = (start + t) % SCT_SAMPLE_BLOCK_SIGS;
        int e = 2 * (int)((ebits >> (4 * (t / SCT_SAMPLE_BLOCK_SIGS))) & 15u) - 15;
        if (sct_sample_div_candidate(f, blk->sig[j], blk->inv[j], e, ma)) {
            *mb = blk->sig[j];
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
        ma = sct_sample_random_sig(f, sct_sample_next(r));
        mb = sct_sample_random_sig(f, sct_sample_next(r));
    }
    sct_sample_midpoint_place(f, div, w, v, ma, mb, a, b);
    return ok ? SCT_SAMPLE_MIDPOINT : SCT_SAMPLE_UNIFORM;
}

/* Words 1..4 of the stream (sweep_sample_muldiv.h). */
static sct_sample_kind subnormal(const sct_sample_fmt *f, sct_sample_rng *r,
                                 bool div, uint64_t *a, uint64_t *b)
{
    uint64_t w = sct_sample_next(r), u = sct_sample_next(r), v = sct_sample_next(r);
    sct_sample_subnormal_of(f, div, w, u, v, sct_sample_next(r), a, b);
    return SCT_SAMPLE_SUBNORMAL;
}

/* Words 1, 2 (sweep_sample_muldiv.h). */
static sct_sample_kind overflow(const sct_sample_fmt *f, sct_sample_rng *r,
                                bool div, uint64_t *a, uint64_t *b)
{
    uint64_t w = sct_sample_next(r), v = sct_sample_next(r);
    sct_sample_overflow_of(f, div, w, v, a, b);
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
    bool div;
    switch (g->construction) {
    case SCT_CONSTRUCT_NEAR_EQUAL:
        return near_equal(&g->a, r, a_bits, b_bits);
    case SCT_CONSTRUCT_DIV_ROUND_BOUNDARY:
    case SCT_CONSTRUCT_MUL_ROUND_BOUNDARY:
        div = g->construction == SCT_CONSTRUCT_DIV_ROUND_BOUNDARY;
        break;
    default:
        /* sct_sample_supported refused every other op before a generator
         * existed: no op is given Mul's construction by default */
        *a_bits = *b_bits = 0;
        return SCT_SAMPLE_UNIFORM;
    }
    if (pick < 48)
        return midpoint(f, r, blk, div, a_bits, b_bits);
    if (pick < 72)
        return subnormal(f, r, div, a_bits, b_bits);
    return overflow(f, r, div, a_bits, b_bits);
}
