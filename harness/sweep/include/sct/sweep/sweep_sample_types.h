/*
 * sweep_sample_types.h — the types of the sample generator's public
 * interface (sweep_sample.h): the kind of generator that drew a sample,
 * an operand's format and the generator itself, which callers allocate
 * (so its layout is public; its members are the generator's own and are
 * set only by sct_sample_gen_init).
 */
#ifndef SCT_SWEEP_SWEEP_SAMPLE_TYPES_H
#define SCT_SWEEP_SWEEP_SAMPLE_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum sct_sample_kind {
    SCT_SAMPLE_UNIFORM = 0,
    SCT_SAMPLE_SPECIAL,
    SCT_SAMPLE_MIDPOINT,    /* Mul/Div: near-midpoint, normal result;
                               Add/Sub: sums on and next to ties */
    SCT_SAMPLE_SUBNORMAL,   /* Mul/Div: result in the subnormal range;
                               Add/Sub: cancellation (zero, subnormal) */
    SCT_SAMPLE_OVERFLOW,    /* Mul/Div/Add/Sub: result at the overflow threshold */
    SCT_SAMPLE_POW_EXACT,   /* Pow: near an exactly representable result */
    SCT_SAMPLE_POW_RANGE,   /* Pow: near overflow / underflow thresholds */
    SCT_SAMPLE_NEAR_EQUAL,  /* Less: a and b a few ulps apart */
    SCT_SAMPLE_UNARY_RANGE, /* Abs/Sqrt: subnormals, exponent edges, squares */
    SCT_SAMPLE_INT_WRAP,    /* integers: an operand at an end of the range */
    SCT_SAMPLE_INT_PRODUCT, /* integers: product around 2^(w-1) or 2^w */
    SCT_SAMPLE_INT_QUOTIENT, /* integers: a = q*b + r, r in {0, +-1, |b|-1} */
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
    int32_t type;       /* SONNX_DT_FLOAT, _DOUBLE, _INT32, _INT64, _UINT32,
                           _UINT64 */
    bool is_float;
    bool is_signed;     /* an integer type with a sign */
    sct_sample_fmt fmt; /* is_float */
    size_t size;        /* bytes */
    /* The special values (sweep_sample_special.c), picked by random bits:
     * floats 32 magnitudes (each finite special, its -1 and +1 ulp
     * neighbours; inf and NaN 4 times each) and a random sign; Pow's
     * integer exponents 18 values; integer inputs 32 edges of the range. */
    uint64_t special[32];
    unsigned n_special; /* integers: how many of special[] are drawn */
} sct_sample_operand;

/* The hard-slot construction of an op, from its registry entry's
 * sweep.sampler (ops/operators.json), fixed when the generator is made. */
typedef enum sct_sample_construction {
    SCT_CONSTRUCT_NONE = 0,
    SCT_CONSTRUCT_DIV_ROUND_BOUNDARY,
    SCT_CONSTRUCT_MUL_ROUND_BOUNDARY,
    SCT_CONSTRUCT_POW_RANGE,
    SCT_CONSTRUCT_NEAR_EQUAL,
    SCT_CONSTRUCT_ADDSUB_ROUND_BOUNDARY,
    SCT_CONSTRUCT_UNARY_RANGE,
    SCT_CONSTRUCT_INT_BOUNDARY /* integer inputs, whatever the op's float
                                  construction (sweep_sample_int.c) */
} sct_sample_construction;

typedef struct sct_sample_gen {
    int op;             /* sct_op_id: the registry id, mixed into the key */
    sct_sample_construction construction;
    sct_sample_operand a, b;
    uint64_t key;
} sct_sample_gen;

/* Div's and Mul's rounding-boundary constructions (block-filled). */
static inline bool sct_sample_round_boundary(const sct_sample_gen *g)
{
    return g->construction == SCT_CONSTRUCT_DIV_ROUND_BOUNDARY ||
           g->construction == SCT_CONSTRUCT_MUL_ROUND_BOUNDARY;
}

#endif /* SCT_SWEEP_SWEEP_SAMPLE_TYPES_H */
