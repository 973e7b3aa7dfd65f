/*
 * sweep_sample_parts.h — what the sample generator's parts share (private
 * to harness/sweep; the formats, operands and the generator are the public
 * sweep_sample_types.h): per-block data, the random stream and small
 * inline helpers, and the entry points of the special
 * (sweep_sample_special.c) and hard-case (sweep_sample_hard.c,
 * sweep_sample_pow.c) generators and of the float32 block loops
 * (sweep_sample_fill32.c; the Mul/Div constructions they share with
 * sweep_sample_hard.c: sweep_sample_muldiv.h).  sweep_sample.c composes
 * them behind the public sweep_sample.h; the parts include only this header
 * (and sweep_sample_muldiv.h), so the calls run one way: sweep_sample.c ->
 * the parts, and sweep_sample_fill32.c -> sweep_sample_hard.c.
 */
#ifndef SCT_SWEEP_SAMPLE_PARTS_H
#define SCT_SWEEP_SAMPLE_PARTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "sct/sweep/sweep_sample_types.h"

/* Mul/Div near-midpoint samples of one aligned block of 256 indices draw
 * their divisor/multiplier significand from SCT_SAMPLE_BLOCK_SIGS odd
 * significands of that block, whose inverses modulo 2^64 are computed once
 * per block (sct_sample_block_init): a pure function of (key, block), so
 * every index range still regenerates identically (v5). */
#define SCT_SAMPLE_BLOCK_SIGS 8

/* Per-block data of the Mul/Div near-midpoint samples (above). */
typedef struct sct_sample_block {
    uint64_t index;     /* block = sample index / 256 */
    bool valid;
    uint64_t sig[SCT_SAMPLE_BLOCK_SIGS], inv[SCT_SAMPLE_BLOCK_SIGS];
} sct_sample_block;

/* The per-sample random stream (splitmix64). */
typedef struct sct_sample_rng {
    uint64_t s;
} sct_sample_rng;

/* splitmix64's finaliser (Stafford's Mix13 variant); inline: it is most
 * of a uniform sample's cost. */
static inline uint64_t sct_sample_mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

static inline uint64_t sct_sample_next(sct_sample_rng *r)
{
    r->s += UINT64_C(0x9e3779b97f4a7c15);
    return sct_sample_mix64(r->s);
}

/* The stream of a non-uniform sample i starts at key ^ i * C (v5; a
 * bijection of i: one multiply), and its k-th word (k = 1, 2, ...) is the
 * k-th sct_sample_next of that state: random access to any word, which the
 * float32 block loops use instead of a sequential stream (they step i * C
 * by adding C: no 64-bit multiply per sample, which AVX2 lacks). */
#define SCT_SAMPLE_STREAM_C UINT64_C(0xd1b54a32d192ed03)
static inline uint64_t sct_sample_stream(uint64_t key, uint64_t i)
{
    return key ^ (i * SCT_SAMPLE_STREAM_C);
}

static inline uint64_t sct_sample_word(uint64_t state, unsigned k)
{
    return sct_sample_mix64(state + (uint64_t)k * UINT64_C(0x9e3779b97f4a7c15));
}

/* lo + floor(bits * span / 2^32) for 32 random bits: uniform in [lo, hi]
 * up to a bias below span / 2^32 (span <= 2^12 where it is used, always
 * < 2^32); Lemire's multiply-shift, no division.  The span as a 32-bit
 * factor: a 32 x 32 -> 64-bit product, one instruction in vector lanes
 * (vpmuludq) where a 64 x 64-bit one is three on AVX2. */
static inline int64_t sct_sample_pick(uint32_t bits, int64_t lo, int64_t hi)
{
    uint32_t span = (uint32_t)(hi - lo + 1);
    return lo + (int64_t)(((uint64_t)bits * span) >> 32);
}

/* Uniform in [lo, hi] (lo <= hi, span < 2^32) from one random word. */
static inline int64_t sct_sample_range(sct_sample_rng *r, int64_t lo, int64_t hi)
{
    return sct_sample_pick((uint32_t)(sct_sample_next(r) >> 32), lo, hi);
}

/* The encoding of (-1)^neg * sig * 2^(exp - p + 1), sig's hidden bit
 * dropped (exp in [emin, emax]). */
static inline uint64_t sct_sample_make(const sct_sample_fmt *f, bool neg, int exp,
                                       uint64_t sig)
{
    uint64_t biased = (uint64_t)(exp + f->emax);
    return (neg ? f->sign : 0) | (biased << (f->prec - 1)) | (sig & f->frac_mask);
}

/* bits moved by k units in the last place, keeping the sign (clamped at
 * 0 and, moving up, at the NaN boundary); selects, no branch, so that the
 * float32 block loops (sweep_sample_fill32.c) vectorise. */
static inline uint64_t sct_sample_nudge(const sct_sample_fmt *f, uint64_t bits, int k)
{
    uint64_t sign = bits & f->sign;
    int64_t mag = (int64_t)(bits & ~f->sign) + k; /* |bits| < 2^63 */
    mag = mag < 0 ? 0 : mag;                      /* only when k < 0 */
    mag = k > 0 && mag > (int64_t)f->exp_mask ? (int64_t)f->exp_mask : mag;
    return sign | (uint64_t)mag;
}

/* The special value selected by 32 random bits (table above; bit 5 is a
 * float's sign). */
static inline uint64_t sct_sample_special_of(const sct_sample_operand *o, uint32_t w)
{
    if (o->is_float)
        return o->special[w & 31u] | ((w >> 5) & 1u ? o->fmt.sign : 0);
    return o->special[((uint64_t)w * o->n_special) >> 32];
}

/* Fills o->special (sweep_sample_special.c); exponent: o is Pow's
 * exponent (integer exponents, not the integer range's edges). */
void sct_sample_special_table(sct_sample_operand *o, bool exponent);
/* One of the special values or a neighbour (one random word). */
uint64_t sct_sample_special(const sct_sample_operand *o, sct_sample_rng *r);
/* Uniform bits of the operand's width. */
uint64_t sct_sample_uniform(const sct_sample_operand *o, sct_sample_rng *r);

/* float32 x float32 runs (sweep_sample_fill32.c; vectorised loops): n
 * uniform samples from `first` (all in slots 0..95 of one block), n
 * special-cross samples (all in slots 96..159 of one block), and all 256
 * samples of Mul/Div block `block` (the same samples as sct_sample_at). */
void sct_sample_uniform_run32(const sct_sample_gen *g, uint64_t first, size_t n,
                              uint32_t *a, uint32_t *b);
void sct_sample_special_run32(const sct_sample_gen *g, uint64_t first, size_t n,
                              uint32_t *a, uint32_t *b);
void sct_sample_muldiv_block32(const sct_sample_gen *g, uint64_t block,
                               uint32_t *a, uint32_t *b);

/* The block data of block `index` (Mul/Div; sweep_sample_hard.c;
 * sct_sample_fill caches it). */
void sct_sample_block_init(const sct_sample_gen *g, uint64_t index,
                           sct_sample_block *blk);

/* The hard cases of the op (sweep_sample_hard.c, sweep_sample_pow.c). */
sct_sample_kind sct_sample_hard(const sct_sample_gen *g, sct_sample_rng *r,
                                unsigned pick, const sct_sample_block *blk,
                                uint64_t *a_bits, uint64_t *b_bits);
sct_sample_kind sct_sample_pow_hard(const sct_sample_gen *g, sct_sample_rng *r,
                                    unsigned pick, uint64_t *a_bits,
                                    uint64_t *b_bits);

/* The hard slots of integer inputs, any op (sweep_sample_int.c). */
sct_sample_kind sct_sample_int_hard(const sct_sample_gen *g, sct_sample_rng *r,
                                    unsigned pick, uint64_t *a_bits, uint64_t *b_bits);

/* Add/Sub's and the unary ops' hard slots (sweep_sample_addsub.c). */
sct_sample_kind sct_sample_addsub_hard(const sct_sample_gen *g, sct_sample_rng *r,
                                       unsigned pick, uint64_t *a_bits,
                                       uint64_t *b_bits);

/* Value <-> encoding of a float operand (binary64 arithmetic only: no long
 * double and no libm function whose result could differ between machines
 * or C libraries, so that every shard of a sweep, wherever it runs, draws
 * the same samples).  Inline: the float32 block loops vectorise them. */
static inline double sct_sample_to_double(const sct_sample_fmt *f, uint64_t bits)
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

static inline uint64_t sct_sample_from_double(const sct_sample_fmt *f, double v)
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

#endif /* SCT_SWEEP_SAMPLE_PARTS_H */
