/*
 * sweep_sample.c — the counter-based sample stream of sampled sweeps and its
 * mix of generators (sweep_sample.h).
 */
#include "sweep_sample.h"

#include <stdio.h>
#include <string.h>

#include "compare.h"
#include "numeric/dtype.h"

int64_t sct_sample_range(sct_sample_rng *r, int64_t lo, int64_t hi)
{
    uint64_t span = (uint64_t)(hi - lo) + 1u;
    /* Lemire's multiply-shift instead of a 64-bit division (the hot path of
     * the hard cases); bias below span / 2^64, negligible here (span <=
     * 2^32). */
    __extension__ typedef unsigned __int128 u128;
    return lo + (int64_t)(uint64_t)(((u128)sct_sample_next(r) * span) >> 64);
}

static bool operand_of(int32_t type, sct_sample_operand *o)
{
    memset(o, 0, sizeof *o);
    o->type = type;
    switch (type) {
    case SONNX_DT_FLOAT:
        o->is_float = true;
        o->fmt = (sct_sample_fmt){32, 24, -126, 127, UINT64_C(1) << 31,
                                  UINT64_C(0x7f800000), UINT64_C(0x7fffff)};
        o->size = 4;
        return true;
    case SONNX_DT_DOUBLE:
        o->is_float = true;
        o->fmt = (sct_sample_fmt){64, 53, -1022, 1023, UINT64_C(1) << 63,
                                  UINT64_C(0x7ff0000000000000),
                                  UINT64_C(0xfffffffffffff)};
        o->size = 8;
        return true;
    case SONNX_DT_INT32:
        o->size = 4;
        return true;
    case SONNX_DT_INT64:
        o->size = 8;
        return true;
    default:
        return false;
    }
}

bool sct_sample_supported(const char *op_type, int32_t a_type, int32_t b_type,
                          char *why, size_t why_cap)
{
    sct_op_kind op = sct_op_kind_from_name(op_type);
    sct_sample_operand a, b;
    if (op == SCT_OP_OTHER) {
        snprintf(why, why_cap, "unknown op '%s' (Div, Mul, Pow, Less)", op_type);
        return false;
    }
    if (!operand_of(a_type, &a) || !a.is_float) {
        snprintf(why, why_cap, "sampled sweeps take float32 or float64 inputs, "
                 "not %s", sct_dtype_name(a_type));
        return false;
    }
    if (op == SCT_OP_POW ? !operand_of(b_type, &b) : b_type != a_type) {
        snprintf(why, why_cap, op == SCT_OP_POW
                 ? "sampled Pow exponents are float32, float64, int32 or int64, not %s"
                 : "%s: both inputs must have the same type", op == SCT_OP_POW
                 ? sct_dtype_name(b_type) : op_type);
        return false;
    }
    return true;
}

int sct_sample_gen_init(sct_sample_gen *g, const char *op_type, int32_t a_type,
                        int32_t b_type, uint64_t seed)
{
    char why[128];
    memset(g, 0, sizeof *g);
    if (!sct_sample_supported(op_type, a_type, b_type, why, sizeof why))
        return -1;
    g->op = (int)sct_op_kind_from_name(op_type);
    operand_of(a_type, &g->a);
    operand_of(b_type, &g->b);
    uint64_t k = sct_sample_mix64(UINT64_C(0x534f4e4e58435453) /* "SONNXCTS" */ +
                                  (uint64_t)SCT_SAMPLE_GEN_VERSION);
    k = sct_sample_mix64(k ^ (uint64_t)g->op);
    k = sct_sample_mix64(k ^ (uint64_t)(uint32_t)a_type);
    k = sct_sample_mix64(k ^ ((uint64_t)(uint32_t)b_type << 8));
    g->key = sct_sample_mix64(k ^ seed);
    return 0;
}

/* Uniform slot: one splitmix64 output per 64 bits of operands, the
 * standard splitmix64 sequence of the key taken at position i (a counter
 * generator by construction). */
static inline void uniform_at(const sct_sample_gen *g, uint64_t i, uint64_t *a,
                              uint64_t *b)
{
    uint64_t w = sct_sample_mix64(g->key + (i + 1u) * UINT64_C(0x9e3779b97f4a7c15));
    if (g->a.size == 4 && g->b.size == 4) {
        *a = w >> 32;
        *b = w & 0xffffffffu;
        return;
    }
    uint64_t v = sct_sample_mix64(w ^ g->key);
    *a = g->a.size == 4 ? w >> 32 : w;
    *b = g->b.size == 4 ? v >> 32 : v;
}

sct_sample_kind sct_sample_at(const sct_sample_gen *g, uint64_t i,
                              uint64_t *a_bits, uint64_t *b_bits)
{
    /* The generator is chosen by the slot i mod 256, so every aligned block
     * of 256 indices has exactly the documented mix (and a sweep's batches
     * run long stretches of one generator: no unpredictable branch). */
    unsigned pick = (unsigned)(i & 255u);
    if (pick < 96) {
        uniform_at(g, i, a_bits, b_bits);
        return SCT_SAMPLE_UNIFORM;
    }
    sct_sample_rng r = {sct_sample_mix64(g->key ^ sct_sample_mix64(i))};
    if (pick < 160) {
        /* Both special (half), or one special against uniform bits. */
        unsigned how = (unsigned)(sct_sample_next(&r) & 3u);
        *a_bits = how == 3 ? sct_sample_uniform(&g->a, &r) : sct_sample_special(&g->a, &r);
        *b_bits = how == 2 ? sct_sample_uniform(&g->b, &r) : sct_sample_special(&g->b, &r);
        return SCT_SAMPLE_SPECIAL;
    }
    pick -= 160; /* 0..95 */
    if (g->op == SCT_OP_POW)
        return sct_sample_pow_hard(g, &r, pick, a_bits, b_bits);
    return sct_sample_hard(g, &r, pick, a_bits, b_bits);
}

static void put(void *p, size_t size, size_t i, uint64_t v)
{
    if (size == 4)
        ((uint32_t *)p)[i] = (uint32_t)v;
    else
        ((uint64_t *)p)[i] = v;
}

/* The uniform run of a float32 x float32 space: a tight loop. */
static size_t fill_uniform32(const sct_sample_gen *g, uint64_t first, size_t n,
                             uint32_t *a, uint32_t *b)
{
    size_t k = 0;
    for (; k < n && ((first + k) & 255u) < 96; k++) {
        uint64_t w = sct_sample_mix64(g->key + (first + k + 1u) *
                                      UINT64_C(0x9e3779b97f4a7c15));
        a[k] = (uint32_t)(w >> 32);
        b[k] = (uint32_t)w;
    }
    return k;
}

void sct_sample_fill(const sct_sample_gen *g, uint64_t first, size_t n,
                     void *a, void *b)
{
    bool narrow = g->a.size == 4 && g->b.size == 4;
    for (size_t i = 0; i < n;) {
        if (narrow && ((first + i) & 255u) < 96) {
            i += fill_uniform32(g, first + i, n - i, (uint32_t *)a + i, (uint32_t *)b + i);
            continue;
        }
        uint64_t x, y;
        sct_sample_at(g, first + i, &x, &y);
        put(a, g->a.size, i, x);
        put(b, g->b.size, i, y);
        i++;
    }
}

const char *sct_sample_kind_name(sct_sample_kind k)
{
    static const char *const names[SCT_SAMPLE_KIND_COUNT] = {
        "uniform", "special", "midpoint", "subnormal", "overflow",
        "pow-exact", "pow-range", "near-equal"};
    return (unsigned)k < SCT_SAMPLE_KIND_COUNT ? names[k] : "?";
}
