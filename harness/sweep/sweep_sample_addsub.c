/*
 * sweep_sample_addsub.c — the hard slots (160..255 of every 256) of the
 * registry's sweep.sampler constructions "addsub-round-boundary" (Add,
 * Sub: float32, float64) and "unary-range" (Abs, Sqrt: float64; their
 * float32 and 16-bit spaces are swept exhaustively).
 *
 * addsub-round-boundary (x = the 96 hard slots):
 *   x  0..47  ties: a normal, b with exponent ea - d (1 <= d <= p + 1) whose
 *             d low significand bits — the ones below a's last place —
 *             are 1 0...0, so |a| + |b| and |a| - |b| lie exactly on a
 *             midpoint of a's grid (round half to even decides, IEEE
 *             754-2019 §4.3.1) unless the result leaves a's binade; half
 *             of them moved one encoding (b ± 1): one encoding away from
 *             the tie.
 *   x 48..71  cancellation: b = a moved by -4..+4 encodings, its sign
 *             a's or flipped, a normal or (half) within p + 2 binades of
 *             the subnormal range: a - b or a + (-b) is ±0 (its sign,
 *             §6.3) or a few units of a's last place, subnormal for the
 *             small exponents (gradual underflow, never flushed).
 *   x 72..95  overflow: a = the largest finite moved by 0..-2 encodings,
 *             b = half an ulp of it (2^(emax-p)) moved by -2..+2: the sum
 *             is at, or one encoding around, the midpoint between the
 *             largest finite and 2^(emax+1), which rounds to infinity
 *             exactly at and above it (§7.4).
 *   b's sign is random in every slot, so Add and Sub (one construction)
 *   both meet the same-sign and the opposite-sign case of each.
 * unary-range: x 0..31 subnormals and the smallest normals (random
 *   significands, or the smallest normal ±0..3 encodings); x 32..63
 *   exponents at the edges and around 1 (emin..emin+2, -2..2,
 *   emax-2..emax), random significands or powers of two ±0..3 encodings;
 *   x 64..95 perfect squares m^2·2^(2k) (m < 2^26, exact square roots)
 *   moved by -1..+1 encodings.  Signs random (Sqrt of a negative: NaN;
 *   Abs: the sign cleared).
 */
#include "sweep_sample_parts.h"

static sct_sample_kind addsub_hard(const sct_sample_gen *g, sct_sample_rng *r,
                                   unsigned x, uint64_t *a_bits, uint64_t *b_bits)
{
    const sct_sample_fmt *f = &g->a.fmt;
    int p = (int)f->prec;
    uint64_t w = sct_sample_next(r), s = sct_sample_next(r);
    bool neg_a = w & 1u, neg_b = (w >> 1) & 1u;
    if (x < 48) {
        int d = (int)sct_sample_range(r, 1, p + 1);
        int ea = (int)sct_sample_range(r, f->emin + p + 2, f->emax - 1);
        *a_bits = sct_sample_make(f, neg_a, ea, s);
        uint64_t sig = sct_sample_next(r);
        uint64_t low = (UINT64_C(1) << d) - 1u; /* d <= p: inside the significand */
        sig = d <= p - 1 ? (sig & ~low) | (UINT64_C(1) << (d - 1)) : sig;
        /* d = p: the hidden bit is the 1 of 10...0 (b = 2^(ea-p) ± ...):
         * the fraction bits must be 0; d = p + 1: b = 2^(ea-p-1)·1.f is
         * below the midpoint, a near tie of its own */
        sig = d == p ? 0 : sig;
        uint64_t b = sct_sample_make(f, neg_b, ea - d, sig);
        int k = (int)((w >> 8) % 3u) - 1; /* -1, 0, +1 encodings, tie at 0 */
        *b_bits = (w >> 12) & 1u ? sct_sample_nudge(f, b, k) : b;
        return SCT_SAMPLE_MIDPOINT;
    }
    if (x < 72) {
        int ea = (w >> 8) & 1u ? (int)sct_sample_range(r, f->emin, f->emin + p + 2)
                               : (int)sct_sample_range(r, f->emin, f->emax);
        *a_bits = sct_sample_make(f, neg_a, ea, s);
        int k = (int)((w >> 16) % 9u) - 4;
        *b_bits = sct_sample_nudge(f, *a_bits, k) ^ (neg_b ? f->sign : 0);
        return SCT_SAMPLE_SUBNORMAL;
    }
    uint64_t max = f->exp_mask - 1u; /* largest finite magnitude */
    *a_bits = sct_sample_nudge(f, max, -(int)((w >> 8) % 3u)) | (neg_a ? f->sign : 0);
    uint64_t half = sct_sample_make(f, neg_a, f->emax - p, 0);
    *b_bits = sct_sample_nudge(f, half, (int)((w >> 16) % 5u) - 2) ^
              ((w >> 24) & 1u ? f->sign : 0);
    return SCT_SAMPLE_OVERFLOW;
}

static sct_sample_kind unary_hard(const sct_sample_gen *g, sct_sample_rng *r,
                                  unsigned x, uint64_t *a_bits, uint64_t *b_bits)
{
    const sct_sample_fmt *f = &g->a.fmt;
    uint64_t w = sct_sample_next(r), s = sct_sample_next(r);
    bool neg = w & 1u;
    *b_bits = 0; /* unary: no second input */
    if (x < 32) {
        if ((w >> 1) & 1u) /* a subnormal: biased exponent 0 */
            *a_bits = sct_sample_make(f, neg, f->emin - 1, s);
        else
            *a_bits = sct_sample_nudge(f, sct_sample_make(f, neg, f->emin, 0),
                                       (int)((w >> 8) % 7u) - 3);
        return SCT_SAMPLE_UNARY_RANGE;
    }
    if (x < 64) {
        static const int edge[9] = {0, 1, 2, -2, -1, 0, 1, 2, 0};
        unsigned k = (unsigned)((w >> 8) % 9u);
        int e = k < 3 ? f->emin + edge[k] : k < 6 ? edge[k] : f->emax - 2 + (int)(k - 6);
        uint64_t v = sct_sample_make(f, neg, e, (w >> 4) & 1u ? s : 0);
        *a_bits = (w >> 4) & 1u ? v : sct_sample_nudge(f, v, (int)((w >> 16) % 7u) - 3);
        return SCT_SAMPLE_UNARY_RANGE;
    }
    /* m^2 with m < 2^26 has at most 52 bits: exact in binary64; scaled by
     * an even power of two its square root is m·2^k, exact */
    uint64_t m = (s >> 38) | 1u;
    double sq = (double)(m * m);
    int k = (int)sct_sample_range(r, -200, 200);
    double v = sq, step = k < 0 ? 0.25 : 4.0;
    for (int i = 0; i < (k < 0 ? -k : k); i++) /* exact: powers of two */
        v *= step;
    uint64_t bits = sct_sample_from_double(f, v) | (neg ? f->sign : 0);
    *a_bits = sct_sample_nudge(f, bits, (int)((w >> 8) % 3u) - 1);
    return SCT_SAMPLE_UNARY_RANGE;
}

sct_sample_kind sct_sample_addsub_hard(const sct_sample_gen *g, sct_sample_rng *r,
                                       unsigned pick, uint64_t *a_bits, uint64_t *b_bits)
{
    if (g->construction == SCT_CONSTRUCT_UNARY_RANGE)
        return unary_hard(g, r, pick, a_bits, b_bits);
    return addsub_hard(g, r, pick, a_bits, b_bits);
}
