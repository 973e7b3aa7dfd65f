/*
 * sweep_sample_fill32.c — the float32 x float32 sample loops of
 * sct_sample_fill (sweep_sample_parts.h), written so the compiler
 * vectorises them (a sampled sweep must run >= 20x the pairs per
 * second of the same check in numpy, docs/benchmarks.md §8).  They draw the
 * SAME samples as the per-sample path (sct_sample_at; checked sample by
 * sample in sweep.test_sweep_sample): every word of a sample is addressed by
 * index (sct_sample_word), the constructions are the branch-free inline
 * functions of sweep_sample_muldiv.h, and only the search of the
 * near-midpoint constructions is reorganised:
 *
 * The per-sample search (sweep_sample_hard.c) tries, from a random start,
 * the block's 8 odd significands M_b with one offset (Mul: d; Div: four
 * offsets e in turn) and takes the first candidate that fits.  Whether the
 * candidate (M_b = sig[j], offset) fits, and its M_a, depend on the block
 * and the offset only, not on the sample: so per block the candidates of
 * all 8 x 33 (Mul, d in [-16, 16]) or 8 x 16 (Div, odd e in [-15, 15])
 * combinations are computed once (a vectorised loop), kept as a bit mask
 * over j per offset, and a sample's search becomes a rotation of that mask
 * by its start and a count of trailing zeros (Div: for each of its four
 * offsets, the first round with a fit wins): the same first fit, in a few
 * selects.  The rare samples with no fit (0.024 % of the Div ones) are
 * redone by the per-sample path, which gives them random significands.
 */
#include "sweep_sample_muldiv.h"

#include "sct/check/compare.h"
#include "sct/kernels/simd.h"

/* binary32 (sweep_sample.c's operand_of) as a constant: the constructions
 * specialise to it. */
static const sct_sample_fmt F32 = {32, 24, -126, 127, UINT64_C(1) << 31,
                                   UINT64_C(0x7f800000), UINT64_C(0x7fffff)};

#define MUL_OFFSETS 33 /* d in [-16, 16] */
#define DIV_OFFSETS 16 /* e = 2k - 15, k in [0, 15] */
#define NSIG SCT_SAMPLE_BLOCK_SIGS

/* The uniform slot: the splitmix64 sequence of the key at position i. */
static inline void uniform_loop(uint64_t key, uint64_t first, size_t n,
                                uint32_t *restrict a, uint32_t *restrict b)
{
    for (size_t k = 0; k < n; k++) {
        uint64_t w = sct_sample_mix64(key + (first + k + 1u) * UINT64_C(0x9e3779b97f4a7c15));
        a[k] = (uint32_t)(w >> 32);
        b[k] = (uint32_t)w;
    }
}

/* The special-cross slot (sweep_sample.c's sample_other): word 1 picks how
 * (both special, or a or b uniform) and both specials, word 2 gives the
 * uniform bits; selects as masks. */
static inline void special_loop(const sct_sample_gen *g, uint64_t first, size_t n,
                                uint32_t *restrict a, uint32_t *restrict b)
{
    uint32_t ta[32], tb[32]; /* local: no aliasing with a, b */
    for (unsigned k = 0; k < 32; k++) {
        ta[k] = (uint32_t)g->a.special[k];
        tb[k] = (uint32_t)g->b.special[k];
    }
    const uint64_t key = g->key;
    for (size_t k = 0; k < n; k++) {
        uint64_t s = sct_sample_stream(key, first + k);
        uint64_t w = sct_sample_word(s, 1), u = sct_sample_word(s, 2);
        uint32_t wa = (uint32_t)(w >> 2), wb = (uint32_t)(w >> 34);
        uint32_t sa = ta[wa & 31u] | ((wa >> 5) & 1u) << 31;
        uint32_t sb = tb[wb & 31u] | ((wb >> 5) & 1u) << 31;
        uint32_t ma = 0u - (uint32_t)((w & 3u) == 3u), mb = 0u - (uint32_t)((w & 3u) == 2u);
        a[k] = (sa & ~ma) | ((uint32_t)(u >> 32) & ma);
        b[k] = (sb & ~mb) | ((uint32_t)u & mb);
    }
}

SCT_VECTOR_LOOP
void sct_sample_uniform_run32(const sct_sample_gen *g, uint64_t first, size_t n,
                              uint32_t *a, uint32_t *b)
{
    uniform_loop(g->key, first, n, a, b);
}

SCT_VECTOR_LOOP
void sct_sample_special_run32(const sct_sample_gen *g, uint64_t first, size_t n,
                              uint32_t *a, uint32_t *b)
{
    special_loop(g, first, n, a, b);
}

/* The block's candidates: bit j of fits[o] says that significand j fits
 * with offset o; ma[o * NSIG + j] is its M_a. */
typedef struct mid_table {
    uint32_t sig[NSIG];
    uint32_t fits[MUL_OFFSETS];
    uint32_t ma[MUL_OFFSETS * NSIG];
} mid_table;

static inline void mid_table_init(const sct_sample_block *blk, bool div, mid_table *t)
{
    enum { N = MUL_OFFSETS * NSIG };
    const unsigned n_off = div ? DIV_OFFSETS : MUL_OFFSETS;
    /* candidate c: significand c % 8, offset c / 8; one flat loop, 8
     * candidates (64-bit lanes) a vector */
    uint64_t sig[N], inv[N];
    uint8_t ok[N];
    for (unsigned j = 0; j < NSIG; j++)
        t->sig[j] = (uint32_t)blk->sig[j];
    for (unsigned o = 0; o < n_off; o++)
        for (unsigned j = 0; j < NSIG; j++) {
            sig[o * NSIG + j] = blk->sig[j];
            inv[o * NSIG + j] = blk->inv[j];
        }
    for (unsigned c = 0; c < n_off * NSIG; c++) {
        uint64_t m;
        int64_t o = (int64_t)(c / NSIG);
        uint64_t fit = div ? sct_sample_div_candidate(&F32, sig[c], inv[c], 2 * o - 15, &m)
                           : sct_sample_mul_candidate(&F32, sig[c], inv[c], o - 16, &m);
        t->ma[c] = (uint32_t)m;
        ok[c] = (uint8_t)fit;
    }
    /* The 8 flag bytes of an offset packed into a mask (bit j = flag j):
     * x holds flag j at bit 8j (one 64-bit load on a little-endian
     * machine); times 2^(56 - 7j) it lands on bit 56 + j, every other
     * product term on a distinct bit outside 56..63, so no carry reaches
     * them. */
    for (unsigned o = 0; o < n_off; o++) {
        uint64_t x = 0;
        for (unsigned j = 0; j < NSIG; j++)
            x |= (uint64_t)ok[o * NSIG + j] << (8 * j);
        t->fits[o] = (uint32_t)((x * UINT64_C(0x0102040810204080)) >> 56);
    }
}

/* The first fit from `start` in mask m (bit j: significand j fits): its
 * distance t from start (8: none), by a rotation and a count of trailing
 * zeros (31 - clz of the lowest set bit; bit 8 stands for "none"). */
static inline unsigned first_fit(uint32_t m, unsigned start)
{
    uint32_t rot = ((m >> start) | (m << (NSIG - start))) & 0xffu;
    rot |= 0x100u;
    return 31u - (unsigned)__builtin_clz(rot & (0u - rot));
}

/* The block; `div` a constant in each caller below (one copy per op: no
 * branch on it in the loops, which would keep them from vectorising). */
static inline __attribute__((always_inline)) void
muldiv_block(const sct_sample_gen *g, uint64_t block, uint32_t *restrict a,
             uint32_t *restrict b, const bool div)
{
    const uint64_t key = g->key, i0 = block << 8;
    uniform_loop(key, i0, 96, a, b);
    special_loop(g, i0 + 96, 64, a + 96, b + 96);

    /* Slots 160..207: near-midpoints (words 1, 2). */
    sct_sample_block blk;
    sct_sample_block_init(g, block, &blk);
    mid_table t;
    mid_table_init(&blk, div, &t);
    uint32_t *restrict ma_ = a + 160, *restrict mb_ = b + 160;
    uint32_t found[48];
    for (size_t k = 0; k < 48; k++) {
        uint64_t s = sct_sample_stream(key, i0 + 160 + k);
        uint64_t w = sct_sample_word(s, 1), v = sct_sample_word(s, 2);
        unsigned start = (unsigned)(w >> 48) % NSIG;
        unsigned sel_t, sel_o;
        if (div) { /* offsets e of rounds 0..3: 4 bits each of w */
            sel_t = NSIG, sel_o = 0;
            for (int r = 3; r >= 0; r--) { /* the lowest round with a fit wins */
                unsigned o = (unsigned)(w >> (4 * r)) & 15u;
                unsigned tt = first_fit(t.fits[o], start);
                sel_o = tt < NSIG ? o : sel_o;
                sel_t = tt < NSIG ? tt : sel_t;
            }
        } else {
            sel_o = (unsigned)(((uint64_t)(uint32_t)w * MUL_OFFSETS) >> 32); /* d + 16 */
            sel_t = first_fit(t.fits[sel_o], start);
        }
        unsigned j = (start + sel_t) % NSIG;
        uint64_t x, y;
        sct_sample_midpoint_place(&F32, div, w, v, t.ma[sel_o * NSIG + j], t.sig[j], &x, &y);
        ma_[k] = (uint32_t)x;
        mb_[k] = (uint32_t)y;
        found[k] = sel_t < NSIG;
    }
    for (unsigned k = 0; k < 48; k++)
        if (!found[k]) { /* no fit: the per-sample path's fallback */
            sct_sample_rng r = {sct_sample_stream(key, i0 + 160 + k)};
            uint64_t x, y;
            sct_sample_hard(g, &r, k, &blk, &x, &y);
            ma_[k] = (uint32_t)x;
            mb_[k] = (uint32_t)y;
        }

    /* Slots 208..231: subnormal-range results (words 1..4). */
    for (size_t k = 0; k < 24; k++) {
        uint64_t s = sct_sample_stream(key, i0 + 208 + k), x, y;
        sct_sample_subnormal_of(&F32, div, sct_sample_word(s, 1), sct_sample_word(s, 2),
                                sct_sample_word(s, 3), sct_sample_word(s, 4), &x, &y);
        a[208 + k] = (uint32_t)x;
        b[208 + k] = (uint32_t)y;
    }
    /* Slots 232..255: the overflow threshold (words 1, 2). */
    for (size_t k = 0; k < 24; k++) {
        uint64_t s = sct_sample_stream(key, i0 + 232 + k), x, y;
        sct_sample_overflow_of(&F32, div, sct_sample_word(s, 1), sct_sample_word(s, 2),
                               &x, &y);
        a[232 + k] = (uint32_t)x;
        b[232 + k] = (uint32_t)y;
    }
}

SCT_VECTOR_LOOP
void sct_sample_muldiv_block32(const sct_sample_gen *g, uint64_t block,
                               uint32_t *restrict a, uint32_t *restrict b)
{
    if (g->construction == SCT_CONSTRUCT_DIV_ROUND_BOUNDARY)
        muldiv_block(g, block, a, b, true);
    else
        muldiv_block(g, block, a, b, false);
}
