/*
 * sweep_sample.h — the sample generator of sampled sweeps (issue 14): the
 * 32- and 64-bit input spaces are too large to sweep exhaustively, so a
 * sampled sweep runs N pairs drawn by a counter-based generator.
 *
 * Reproducibility: sample i is a pure function of (seed, i, op, a_type,
 * b_type, SCT_SAMPLE_GEN_VERSION): its random words come from splitmix64
 * (Steele, Lea, Flood, "Fast splittable pseudorandom number generators",
 * OOPSLA 2014), key a hash of the other arguments: a uniform sample's bits
 * are the splitmix64 sequence of the key at position i,
 * mix64(key + (i+1) * golden) (one more mix64 of it for 64-bit operands);
 * the other samples' words a splitmix64 stream started at
 * mix64(key ^ mix64(i)).  So any index range — a shard i/N of a sampled sweep is the
 * contiguous range [i*S/N, (i+1)*S/N) like an exhaustive shard — is
 * regenerated identically without generating the samples before it.
 *
 * Mix, by the slot i mod 256 (so every aligned block of 256 indices holds
 * exactly these counts; docs/sweeps.md):
 *   96/256 (37.5%) uniform bit patterns of both operands;
 *   64/256 (25%)   special-value crosses (sweep_sample_special.c);
 *   96/256 (37.5%) op-specific hard cases (sweep_sample_hard.c):
 *     Mul, Div: 48 near-midpoint results in the normal range, 24 results in
 *               the subnormal range (near its midpoints), 24 at the
 *               overflow threshold;
 *     Pow:      48 near exact results, 48 near overflow / underflow;
 *     Less:     96 near-equal operands (a, a +- k ulp, +-0).
 * Every hard case is perturbed by a small random amount (+- a few units in
 * the last place or in the rounding remainder).
 */
#ifndef SCT_SWEEP_SAMPLE_H
#define SCT_SWEEP_SAMPLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Bump when the stream of any (seed, i, op, types) changes: recorded in the
 * JSON report so results name the generator that drew their pairs. */
#define SCT_SAMPLE_GEN_VERSION 4

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
} sct_sample_operand;

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

/* Uniform in [lo, hi] (lo <= hi, span < 2^63). */
int64_t sct_sample_range(sct_sample_rng *r, int64_t lo, int64_t hi);

/* Can (op, a_type, b_type) be sampled: a float32/float64 first operand;
 * b the same type (Div, Mul, Less) or, for Pow, float32, float64, int32 or
 * int64.  On false, `why` says why. */
bool sct_sample_supported(const char *op_type, int32_t a_type, int32_t b_type,
                          char *why, size_t why_cap);

/* 0, or -1 when unsupported. */
int sct_sample_gen_init(sct_sample_gen *g, const char *op_type, int32_t a_type,
                        int32_t b_type, uint64_t seed);

/* Sample i: its raw operand encodings and which generator drew it. */
sct_sample_kind sct_sample_at(const sct_sample_gen *g, uint64_t i,
                              uint64_t *a_bits, uint64_t *b_bits);

/* Writes samples [first, first + n) into arrays of a.size / b.size-byte
 * elements. */
void sct_sample_fill(const sct_sample_gen *g, uint64_t first, size_t n,
                     void *a, void *b);

const char *sct_sample_kind_name(sct_sample_kind k);

/* Encodings (sweep_sample_special.c). */
uint64_t sct_sample_make(const sct_sample_fmt *f, bool neg, int exp,
                         uint64_t sig);
/* One of the special values or a neighbour (sweep_sample_special.c). */
uint64_t sct_sample_special(const sct_sample_operand *o, sct_sample_rng *r);
/* Uniform bits of the operand's width. */
uint64_t sct_sample_uniform(const sct_sample_operand *o, sct_sample_rng *r);
/* bits moved by k units in the last place, keeping the sign (clamped at
 * 0 and at the NaN boundary). */
uint64_t sct_sample_nudge(const sct_sample_fmt *f, uint64_t bits, int k);

/* The hard cases of the op (sweep_sample_hard.c, sweep_sample_pow.c). */
sct_sample_kind sct_sample_hard(const sct_sample_gen *g, sct_sample_rng *r,
                                unsigned pick, uint64_t *a_bits,
                                uint64_t *b_bits);
sct_sample_kind sct_sample_pow_hard(const sct_sample_gen *g, sct_sample_rng *r,
                                    unsigned pick, uint64_t *a_bits,
                                    uint64_t *b_bits);

/* Value <-> encoding of a float operand (binary64 arithmetic only: no long
 * double and no libm function whose result could differ between machines
 * or C libraries, so that every shard of a sweep, wherever it runs, draws
 * the same samples). */
double sct_sample_to_double(const sct_sample_fmt *f, uint64_t bits);
uint64_t sct_sample_from_double(const sct_sample_fmt *f, double v);

#endif /* SCT_SWEEP_SAMPLE_H */
