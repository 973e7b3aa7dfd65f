/*
 * sweep_sample_muldiv.h — the Mul/Div hard-case constructions of the
 * sample generator as inline functions of their random words (private to
 * harness/sweep).  One definition, two users: the per-sample path
 * (sweep_sample_hard.c: sct_sample_at, float64, and the rare float32
 * samples whose near-midpoint search fails) draws the words from a
 * sequential stream, the float32 block loops (sweep_sample_fill32.c) compute
 * them by index (sct_sample_word) over a whole block, which the compiler
 * vectorises; both give the same samples.  Branch-free (selects), binary32
 * products in 64-bit integers, binary64 ones in 128-bit integers.  What each
 * construction guarantees: sweep_sample_hard.c, docs/sweeps.md.
 */
#ifndef SCT_SWEEP_SAMPLE_MULDIV_H
#define SCT_SWEEP_SAMPLE_MULDIV_H

#include "sweep_sample_parts.h"

__extension__ typedef unsigned __int128 sct_u128;

/* A normal significand 2^(p-1) + the low p-1 bits of w. */
static inline uint64_t sct_sample_random_sig(const sct_sample_fmt *f, uint64_t w)
{
    uint64_t top = UINT64_C(1) << (f->prec - 1);
    return top | (w & (top - 1u));
}

/* Exponents (ea, eb) of normal operands with ea + eb = sum (Mul) or
 * ea - eb = sum (Div), both in [emin, emax]; `bits` picks ea. */
static inline void sct_sample_split_exponent(const sct_sample_fmt *f, uint32_t bits,
                                             bool div, int sum, int *ea, int *eb)
{
    int lo = div ? sum + f->emin : sum - f->emax;
    int hi = div ? sum + f->emax : sum - f->emin;
    lo = lo < f->emin ? f->emin : lo;
    hi = hi > f->emax ? f->emax : hi;
    *ea = (int)sct_sample_pick(bits, lo, hi);
    *eb = div ? *ea - sum : sum - *ea;
}

/* Mul near-midpoint candidate of the odd significand mb (inverse inv mod
 * 2^64) and offset d: M_a = T mb^-1 mod 2^k with T = 2^(k-1) + d, first
 * k = p - 1 (M_a's top bit set; fits when M_a mb < 2^(2p-1)), else k = p
 * (fits when M_a is normal and M_a mb >= 2^(2p-1)).  Returns 1 when one
 * fits (*ma: the fitting M_a), else 0 (64-bit flags and offsets: the
 * float32 block loops vectorise this in 64-bit lanes). */
static inline uint64_t sct_sample_mul_candidate(const sct_sample_fmt *f, uint64_t mb,
                                                uint64_t inv, int64_t d, uint64_t *ma)
{
    const unsigned p = f->prec;
    const uint64_t mask1 = (UINT64_C(1) << (p - 1)) - 1u; /* k = p - 1 */
    const uint64_t t1 = ((UINT64_C(1) << (p - 2)) + (uint64_t)d) & mask1;
    const uint64_t mask2 = (UINT64_C(1) << p) - 1u;       /* k = p */
    const uint64_t t2 = ((UINT64_C(1) << (p - 1)) + (uint64_t)d) & mask2;
    uint64_t a1, a2;
    /* 0/1 flags as 64-bit integers, by shifts rather than comparisons (a1,
     * a2 < 2^p, so the products are < 2^(2p) and their bit 2p-1 is the
     * test): no branch, no bool, so the float32 block loops vectorise this
     * in 64-bit lanes */
    uint64_t ok1, ok2;
    if (p <= 31) {
        /* binary32: every factor below has < 32 bits that matter (the
         * products mod 2^p need the low 32 bits of t and inv only; a, mb <
         * 2^p), so 32 x 32-bit products: one vpmuludq each in the vector
         * lanes, where AVX2 builds a 64 x 64-bit one from three */
        a1 = (UINT64_C(1) << (p - 1)) | ((uint32_t)t1 * (uint32_t)inv & mask1);
        a2 = (uint32_t)t2 * (uint32_t)inv & mask2;
        ok1 = (((uint64_t)(uint32_t)a1 * (uint32_t)mb) >> (2 * p - 1)) ^ 1u;
        ok2 = ((uint64_t)(uint32_t)a2 * (uint32_t)mb) >> (2 * p - 1);
    } else {
        a1 = (UINT64_C(1) << (p - 1)) | ((t1 * inv) & mask1);
        a2 = (t2 * inv) & mask2;
        ok1 = (uint64_t)(((sct_u128)a1 * mb) >> (2 * p - 1)) ^ 1u;
        ok2 = (uint64_t)(((sct_u128)a2 * mb) >> (2 * p - 1));
    }
    ok2 &= a2 >> (p - 1);                       /* M_a normal */
    *ma = ok1 ? a1 : a2;
    return ok1 | ok2;
}

/* sct_sample_mul_candidate for binary32 in 32-bit integers, for the
 * float32 block tables (sweep_sample_fill32.c): the same fit and M_a (the
 * block loops are compared sample by sample with the per-sample path,
 * sweep.test_sweep_sample).  The two product tests M_a mb < 2^47 become
 * M_a < thr with thr = ceil(2^47 / mb), computed once per significand
 * (sct_sample_mul_threshold32): 48-bit products need 64-bit lanes, four to
 * an AVX2 vector, where these take 32-bit lanes, eight. */
static inline uint32_t sct_sample_mul_threshold32(uint32_t mb)
{
    return (uint32_t)(((UINT64_C(1) << 47) + mb - 1u) / mb);
}

static inline uint32_t sct_sample_mul_candidate32(uint32_t mb_thr, uint32_t inv, int32_t d,
                                                  uint32_t *ma)
{
    const uint32_t mask1 = (1u << 23) - 1u, mask2 = (1u << 24) - 1u; /* k = p - 1, p */
    uint32_t a1 = 1u << 23 | (((1u << 22) + (uint32_t)d) * inv & mask1);
    uint32_t a2 = ((1u << 23) + (uint32_t)d) * inv & mask2;
    uint32_t ok1 = a1 < mb_thr;                        /* a1 mb < 2^47 */
    uint32_t ok2 = (uint32_t)(a2 >= mb_thr) & a2 >> 23; /* a2 mb >= 2^47, normal */
    *ma = ok1 ? a1 : a2;
    return ok1 | ok2;
}

/* Div near-midpoint candidate of the odd significand mb (inverse inv) and
 * odd offset e: M_q = -e mb^-1 mod 2^(p+1), M_a = (M_q mb + e) / 2^(p+1)
 * (exact); 1 when M_q has p + 1 bits and M_a is a normal significand. */
static inline uint64_t sct_sample_div_candidate(const sct_sample_fmt *f, uint64_t mb,
                                                uint64_t inv, int64_t e, uint64_t *ma)
{
    const unsigned p = f->prec;
    const uint64_t mask = (UINT64_C(1) << (p + 1)) - 1u;
    uint64_t q, a;
    if (p <= 31) {
        /* q mb < 2^49; when q has p + 1 bits, q mb > |e|.  32 x 32-bit
         * products (q mod 2^(p+1) needs the low 32 bits of e and inv only;
         * q, mb < 2^32), as in sct_sample_mul_candidate */
        q = (uint32_t)-e * (uint32_t)inv & mask;
        a = ((uint64_t)(uint32_t)q * (uint32_t)mb + (uint64_t)e) >> (p + 1);
    } else {
        q = ((uint64_t)-e * inv) & mask;
        sct_u128 num = (sct_u128)q * mb;
        num = e >= 0 ? num + (sct_u128)e : num - (sct_u128)-e;
        a = (uint64_t)(num >> (p + 1));
    }
    *ma = a;
    /* q < 2^(p+1); when q >> p is 1, a < 2^p (q mb + e < 2^(2p+1)); as
     * flags by shifts, as for Mul */
    return (q >> p) & (a >> (p - 1)) & 1u;
}

/* A near-midpoint sample from its significands and its words w (signs:
 * bits 62, 63) and v (the exponents: the result's binade from v's low 32
 * bits, its split between the operands from the high 32). */
static inline void sct_sample_midpoint_place(const sct_sample_fmt *f, bool div,
                                             uint64_t w, uint64_t v, uint64_t ma,
                                             uint64_t mb, uint64_t *a, uint64_t *b)
{
    int ea, eb;
    sct_sample_split_exponent(f, (uint32_t)(v >> 32), div,
                              (int)sct_sample_pick((uint32_t)v, f->emin + 2, f->emax - 2) + div,
                              &ea, &eb);
    *a = sct_sample_make(f, (w >> 62) & 1u, ea, ma);
    *b = sct_sample_make(f, (w >> 63) & 1u, eb, mb);
}

/* Exact result below the normal range: s of its significand bits fall below
 * the subnormal grid 2^(emin - p + 1).  Half (bit 63 of u): b a power of two
 * and the dropped bits of a set to 2^(s-1) + d (a midpoint of the subnormal
 * grid, perturbed by d in [-4, 4]); half: random significands.  Words: w (s,
 * d), u and v (the significands; bits 62: the signs), x (the exponent
 * split). */
static inline void sct_sample_subnormal_of(const sct_sample_fmt *f, bool div,
                                           uint64_t w, uint64_t u, uint64_t v,
                                           uint64_t x, uint64_t *a, uint64_t *b)
{
    const unsigned p = f->prec;
    /* 2^s - 1 by shifting all ones: a form the vectoriser takes */
    uint64_t s = (uint64_t)sct_sample_pick((uint32_t)w, 1, (int64_t)p - 1);
    uint64_t ma = sct_sample_random_sig(f, u), mb = sct_sample_random_sig(f, v);
    bool pow2 = (u >> 63) & 1u;
    uint64_t low;                             /* 2^s - 1 */
    if (p <= 31) /* binary32: in 32 bits, shifted by a 32-bit count */
        low = ~(~UINT32_C(0) << (uint32_t)s);
    else
        low = ~(~UINT64_C(0) << s);
    uint64_t half = (low >> 1) + 1u;          /* 2^(s-1) */
    uint64_t d = (uint64_t)sct_sample_pick((uint32_t)(w >> 32), -4, 4);
    uint64_t mid = (ma & ~low) | ((half + d) & low);
    ma = pow2 ? mid : ma;
    mb = pow2 ? UINT64_C(1) << (p - 1) : mb;
    int ea, eb;
    /* Mul: ea + eb = emin - s, the product M_a 2^(p-1) (b a power of two)
     * or M_a M_b in [2^(2p-2), 2^(2p)): one more binade down for random
     * significands; Div likewise, M_a / M_b in (1/2, 2). */
    sct_sample_split_exponent(f, (uint32_t)(x >> 32), div, f->emin - (int)s - !pow2, &ea,
                              &eb);
    *a = sct_sample_make(f, (u >> 62) & 1u, ea, ma);
    *b = sct_sample_make(f, (v >> 62) & 1u, eb, mb);
}

/* Result within a few ulps of the largest finite value, i.e. around the
 * overflow threshold 2^emax (2 - 2^-p) (§7.4): b random, a = max / b
 * (Mul) or max * b (Div) rounded, moved by -2..+2 ulps.  Words: w (eb,
 * the move), v (b's significand, the signs: bits 62, 63). */
static inline void sct_sample_overflow_of(const sct_sample_fmt *f, bool div,
                                          uint64_t w, uint64_t v, uint64_t *a,
                                          uint64_t *b)
{
    int eb = div ? (int)sct_sample_pick((uint32_t)w, f->emin, -1)
                 : (int)sct_sample_pick((uint32_t)w, 0, f->emax - 1);
    uint64_t bb = sct_sample_make(f, false, eb, sct_sample_random_sig(f, v));
    double max = sct_sample_to_double(f, f->exp_mask - 1u);
    double vb = sct_sample_to_double(f, bb);
    uint64_t aa = sct_sample_from_double(f, div ? max * vb : max / vb);
    aa = sct_sample_nudge(f, aa, (int)sct_sample_pick((uint32_t)(w >> 32), -2, 2));
    *a = aa | ((v >> 62) & 1u ? f->sign : 0); /* above b's p - 1 <= 52 bits */
    *b = bb | ((v >> 63) & 1u ? f->sign : 0);
}

#endif /* SCT_SWEEP_SAMPLE_MULDIV_H */
