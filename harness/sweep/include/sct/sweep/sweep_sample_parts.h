/*
 * sweep_sample_parts.h — what the sample generator's parts share (private
 * to harness/sweep): the formats, operands, per-block data, the random
 * stream and small inline helpers, and the entry points of the special
 * (sweep_sample_special.c) and hard-case (sweep_sample_hard.c,
 * sweep_sample_pow.c) generators.  sweep_sample.c composes them behind the
 * public sweep_sample.h; the parts include only this header, so the calls
 * run one way: sweep_sample.c -> the parts.
 */
#ifndef SCT_SWEEP_SWEEP_SAMPLE_PARTS_H
#define SCT_SWEEP_SWEEP_SAMPLE_PARTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Mul/Div near-midpoint samples of one aligned block of 256 indices draw
 * their divisor/multiplier significand from SCT_SAMPLE_BLOCK_SIGS odd
 * significands of that block, whose inverses modulo 2^64 are computed once
 * per block (sct_sample_block_init): a pure function of (key, block), so
 * every index range still regenerates identically (v5). */
#define SCT_SAMPLE_BLOCK_SIGS 8

typedef enum sct_sample_kind {
    SCT_SAMPLE_UNIFORM = 0,
    SCT_SAMPLE_SPECIAL,
    SCT_SAMPLE_MIDPOINT,    /* Mul/Div: near-midpoint, normal result */
    SCT_SAMPLE_SUBNORMAL,   /* Mul/Div: result in the subnormal range */
    SCT_SAMPLE_OVERFLOW,    /* Mul/Div: result at the overflow threshold */
    SCT_SAMPLE_POW_EXACT,   /* Pow: near an exactly representable result */
    SCT_SAMPLE_POW_RANGE,   /* Pow: near overflow / underflow thresholds */
    SCT_SAMPLE_NEAR_EQUAL,  /* Less: a and b a few ulps apart */
    SCT_SAMPLE_KIND_COUNT
} sct_sample_kind;

/* An IEEE binary format (binary32, binary64). */
typedef struct sct_sample_fmt {
    unsigned width;     /* 32 or 64 */
    unsigned prec;      /* p: 24 or 53 (hidden bit included) */
    int emin, emax;     /* -126/127, -1022/1023 */
    uint64_t sign, exp_mask, frac_mask;
} sct_sample_fmt;

/* One operand's type as the generator sees it. */
typedef struct sct_sample_operand {
    int32_t type;       /* SONNX_DT_FLOAT, _DOUBLE, _INT32, _INT64 */
    bool is_float;
    sct_sample_fmt fmt; /* is_float */
    size_t size;        /* bytes */
    /* The special values (sweep_sample_special.c), picked by random bits:
     * floats 32 magnitudes (each finite special, its -1 and +1 ulp
     * neighbours; inf and NaN 4 times each) and a random sign; integer
     * exponents the first 18. */
    uint64_t special[32];
} sct_sample_operand;

/* Per-block data of the Mul/Div near-midpoint samples (above). */
typedef struct sct_sample_block {
    uint64_t index;     /* block = sample index / 256 */
    bool valid;
    uint64_t sig[SCT_SAMPLE_BLOCK_SIGS], inv[SCT_SAMPLE_BLOCK_SIGS];
} sct_sample_block;

typedef struct sct_sample_gen {
    int op;             /* sct_op_kind */
    sct_sample_operand a, b;
    uint64_t key;
} sct_sample_gen;

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

/* lo + floor(bits * span / 2^32) for 32 random bits: uniform in [lo, hi]
 * up to a bias below span / 2^32 (span <= 2^12 where it is used);
 * Lemire's multiply-shift, no division. */
static inline int64_t sct_sample_pick(uint32_t bits, int64_t lo, int64_t hi)
{
    return lo + (int64_t)(((uint64_t)bits * (uint64_t)(hi - lo + 1)) >> 32);
}

/* Uniform in [lo, hi] (lo <= hi, span <= 2^32) from one random word. */
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
 * 0 and at the NaN boundary). */
static inline uint64_t sct_sample_nudge(const sct_sample_fmt *f, uint64_t bits, int k)
{
    uint64_t sign = bits & f->sign, mag = bits & ~f->sign;
    if (k < 0 && mag < (uint64_t)-k)
        mag = 0;
    else if (k > 0 && mag + (uint64_t)k > f->exp_mask)
        mag = f->exp_mask;
    else
        mag = (uint64_t)((int64_t)mag + k);
    return sign | mag;
}

/* The special value selected by 32 random bits (table above; bit 5 is a
 * float's sign). */
static inline uint64_t sct_sample_special_of(const sct_sample_operand *o, uint32_t w)
{
    if (o->is_float)
        return o->special[w & 31u] | ((w >> 5) & 1u ? o->fmt.sign : 0);
    return o->special[((uint64_t)w * 18u) >> 32];
}

/* Fills o->special (sweep_sample_special.c). */
void sct_sample_special_table(sct_sample_operand *o);
/* One of the special values or a neighbour (one random word). */
uint64_t sct_sample_special(const sct_sample_operand *o, sct_sample_rng *r);
/* Uniform bits of the operand's width. */
uint64_t sct_sample_uniform(const sct_sample_operand *o, sct_sample_rng *r);

/* Mul/Div, float32 x float32: samples [first, first + k) for the longest
 * k <= n that stays in the hard slots (160..255) of first's block, written
 * into a and b; returns k (sweep_sample_hard.c; blk: first's block). */
size_t sct_sample_hard_run32(const sct_sample_gen *g, uint64_t first, size_t n,
                             const sct_sample_block *blk, uint32_t *a, uint32_t *b);

/* The block data of block `index` (Mul/Div; sct_sample_fill caches it). */
void sct_sample_block_init(const sct_sample_gen *g, uint64_t index,
                           sct_sample_block *blk);

/* The hard cases of the op (sweep_sample_hard.c, sweep_sample_pow.c). */
sct_sample_kind sct_sample_hard(const sct_sample_gen *g, sct_sample_rng *r,
                                unsigned pick, const sct_sample_block *blk,
                                uint64_t *a_bits, uint64_t *b_bits);
sct_sample_kind sct_sample_pow_hard(const sct_sample_gen *g, sct_sample_rng *r,
                                    unsigned pick, uint64_t *a_bits,
                                    uint64_t *b_bits);

/* Value <-> encoding of a float operand (binary64 arithmetic only: no long
 * double and no libm function whose result could differ between machines
 * or C libraries, so that every shard of a sweep, wherever it runs, draws
 * the same samples). */
double sct_sample_to_double(const sct_sample_fmt *f, uint64_t bits);
uint64_t sct_sample_from_double(const sct_sample_fmt *f, double v);

#endif /* SCT_SWEEP_SWEEP_SAMPLE_PARTS_H */
