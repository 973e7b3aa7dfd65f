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
 * by its start and the index of its lowest set bit (Div: the first of its
 * four rounds whose offset has any fit wins, read from a mask over the
 * offsets): the same first fit, in a few shifts and selects.  The rare samples with no fit (0.024 % of the Div ones) are
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

/* The uniform slot: the splitmix64 sequence of the key at position i,
 * key + (i + 1) C; the state stepped by adding C (an induction the
 * vectoriser keeps in a register) rather than i C recomputed: AVX2 has no
 * 64-bit vector multiply, the three-instruction stand-in costs a third of
 * the sample. */
static inline void uniform_loop(uint64_t key, uint64_t first, size_t n,
                                uint32_t *restrict a, uint32_t *restrict b)
{
    uint64_t z = key + first * UINT64_C(0x9e3779b97f4a7c15);
    for (size_t k = 0; k < n; k++) {
        z += UINT64_C(0x9e3779b97f4a7c15);
        uint64_t w = sct_sample_mix64(z);
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
    uint64_t ic = first * SCT_SAMPLE_STREAM_C; /* i C, stepped (uniform_loop) */
    for (size_t k = 0; k < n; k++, ic += SCT_SAMPLE_STREAM_C) {
        uint64_t s = key ^ ic; /* sct_sample_stream(key, first + k) */
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

/* The block's candidates: bits j and 8 + j of fits[o] say that
 * significand j fits with offset o (the mask twice: a rotation is then one
 * shift); ma[o * NSIG + j] is its M_a. */
typedef struct mid_table {
    uint32_t sig[NSIG];
    uint32_t fits[MUL_OFFSETS];
    uint32_t div_any; /* Div: bit o says that some significand fits with offset o */
    uint32_t ma[MUL_OFFSETS * NSIG];
} mid_table;

static inline void mid_table_init(const sct_sample_block *blk, bool div, mid_table *t)
{
    enum { N = MUL_OFFSETS * NSIG };
    const unsigned n_off = div ? DIV_OFFSETS : MUL_OFFSETS;
    /* candidate c: significand c % 8, offset c / 8; one flat loop, the
     * candidates of a significand and offset a vector (Div: 64-bit lanes;
     * Mul: 32-bit lanes, sct_sample_mul_candidate32) */
    uint64_t sig[N], inv[N];
    uint32_t thr32[N], inv32[N];
    uint8_t ok[N];
    for (unsigned j = 0; j < NSIG; j++)
        t->sig[j] = (uint32_t)blk->sig[j];
    if (div) {
        for (unsigned o = 0; o < n_off; o++)
            for (unsigned j = 0; j < NSIG; j++) {
                sig[o * NSIG + j] = blk->sig[j];
                inv[o * NSIG + j] = blk->inv[j];
            }
        for (unsigned c = 0; c < n_off * NSIG; c++) {
            uint64_t m;
            int64_t o = (int64_t)(c / NSIG);
            ok[c] = (uint8_t)sct_sample_div_candidate(&F32, sig[c], inv[c], 2 * o - 15, &m);
            t->ma[c] = (uint32_t)m;
        }
    } else {
        uint32_t thr[NSIG];
        for (unsigned j = 0; j < NSIG; j++)
            thr[j] = sct_sample_mul_threshold32(t->sig[j]);
        for (unsigned o = 0; o < n_off; o++)
            for (unsigned j = 0; j < NSIG; j++) {
                thr32[o * NSIG + j] = thr[j];
                inv32[o * NSIG + j] = (uint32_t)blk->inv[j];
            }
        for (unsigned c = 0; c < n_off * NSIG; c++) {
            uint32_t m;
            int32_t o = (int32_t)(c / NSIG);
            ok[c] = (uint8_t)sct_sample_mul_candidate32(thr32[c], inv32[c], o - 16, &m);
            t->ma[c] = m;
        }
    }
    /* The 8 flag bytes of an offset packed into a mask (bit j = flag j),
     * by shifts in 32 bits (vectorised over the offsets) */
    for (unsigned o = 0; o < n_off; o++) {
        uint32_t m = 0;
        for (unsigned j = 0; j < NSIG; j++)
            m |= (uint32_t)ok[o * NSIG + j] << j;
        t->fits[o] = m | m << 8;
    }
    t->div_any = 0;
    for (unsigned o = 0; div && o < DIV_OFFSETS; o++)
        t->div_any |= (uint32_t)(t->fits[o] != 0) << o;
}

/* The fits of offset o from `start` on: bit t says that significand
 * start + t (mod 8) fits; the rotation of the mask by start, one shift of
 * the doubled mask. */
static inline uint32_t fits_from(const mid_table *t, unsigned o, unsigned start)
{
    return (t->fits[o] >> start) & 0xffu;
}

/* The first fit in rotated fits `rot`: its distance t from start (8:
 * none), the index of the lowest set bit (bit 8 stands for "none").  The
 * index of that single bit is read by three masks (its bits 0, 1, 2)
 * rather than a count of leading zeros: AVX2 has no vector clz
 * (AVX-512CD's vplzcntd has), and with one the near-midpoint loop stayed
 * scalar in the AVX2 clone. */
static inline unsigned first_fit(uint32_t rot)
{
    rot |= 0x100u;
    uint32_t low = rot & (0u - rot); /* a power of two, 2^0 .. 2^8 */
    return (unsigned)((low & 0xaau) != 0) | (unsigned)((low & 0xccu) != 0) << 1 |
           (unsigned)((low & 0xf0u) != 0) << 2 | (low >> 8) << 3;
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
    uint64_t ic = (i0 + 160) * SCT_SAMPLE_STREAM_C; /* i C, stepped (uniform_loop) */
    for (size_t k = 0; k < 48; k++, ic += SCT_SAMPLE_STREAM_C) {
        uint64_t s = key ^ ic; /* sct_sample_stream(key, i0 + 160 + k) */
        uint64_t w = sct_sample_word(s, 1), v = sct_sample_word(s, 2);
        unsigned start = (unsigned)(w >> 48) % NSIG;
        unsigned sel_t, sel_o;
        if (div) { /* offsets e of rounds 0..3: 4 bits each of w */
            /* The lowest round with a fit wins.  Whether a round has one
             * does not depend on `start` (a rotation of a mask is nonzero
             * when the mask is): a bit of div_any, read by a shift, so the
             * winner's fits are the only table look-up (a gather, emulated
             * element by element on AVX2) instead of one per round. */
            uint32_t any = 0;
            sel_o = 0;
            for (int r = 3; r >= 0; r--) {
                unsigned o = (unsigned)(w >> (4 * r)) & 15u;
                uint32_t hit = (t.div_any >> o) & 1u;
                sel_o = hit ? o : sel_o;
                any |= hit;
            }
            sel_t = first_fit(fits_from(&t, sel_o, start) & (0u - any)); /* none: 8 */
        } else {
            sel_o = (unsigned)(((uint64_t)(uint32_t)w * MUL_OFFSETS) >> 32); /* d + 16 */
            sel_t = first_fit(fits_from(&t, sel_o, start));
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
    ic = (i0 + 208) * SCT_SAMPLE_STREAM_C;
    for (size_t k = 0; k < 24; k++, ic += SCT_SAMPLE_STREAM_C) {
        uint64_t s = key ^ ic, x, y; /* sct_sample_stream(key, i0 + 208 + k) */
        sct_sample_subnormal_of(&F32, div, sct_sample_word(s, 1), sct_sample_word(s, 2),
                                sct_sample_word(s, 3), sct_sample_word(s, 4), &x, &y);
        a[208 + k] = (uint32_t)x;
        b[208 + k] = (uint32_t)y;
    }
    /* Slots 232..255: the overflow threshold (words 1, 2). */
    ic = (i0 + 232) * SCT_SAMPLE_STREAM_C;
    for (size_t k = 0; k < 24; k++, ic += SCT_SAMPLE_STREAM_C) {
        uint64_t s = key ^ ic, x, y; /* sct_sample_stream(key, i0 + 232 + k) */
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
