/*
 * sweep_sample.c — the counter-based sample stream of sampled sweeps and its
 * mix of generators (sweep_sample.h).
 */
#include "sct/sweep/sweep_sample.h"
#include "sweep_sample_parts.h"

#include <stdio.h>
#include <string.h>

#include "sct/check/compare.h"
#include "sct/numeric/dtype.h"

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
    case SONNX_DT_UINT32:
        o->size = 4;
        o->is_signed = type == SONNX_DT_INT32;
        return true;
    case SONNX_DT_INT64:
    case SONNX_DT_UINT64:
        o->size = 8;
        o->is_signed = type == SONNX_DT_INT64;
        return true;
    default:
        return false;
    }
}

/* exponent: operand b of an op whose inputs mix types (Pow), whose integer
 * specials are exponents, not the edges of the integer range. */
static bool operand_init(int32_t type, bool exponent, sct_sample_operand *o)
{
    if (!operand_of(type, o))
        return false;
    sct_sample_special_table(o, exponent);
    return true;
}

bool sct_sample_supported(const char *op_type, int32_t a_type, int32_t b_type,
                          char *why, size_t why_cap)
{
    const sct_op_entry *e = sct_op_find(op_type);
    if (e == NULL) {
        snprintf(why, why_cap, "no sampled-sweep construction for op '%s' (%s)", op_type,
                 sct_op_names());
        return false;
    }
    return sct_sample_supported_by(e, a_type, b_type, why, why_cap);
}

sct_sample_construction sct_sample_construction_of(const sct_op_entry *e)
{
    static const struct {
        const char *name;
        sct_sample_construction c;
    } k_constructions[] = {
        {"div-round-boundary", SCT_CONSTRUCT_DIV_ROUND_BOUNDARY},
        {"mul-round-boundary", SCT_CONSTRUCT_MUL_ROUND_BOUNDARY},
        {"pow-range", SCT_CONSTRUCT_POW_RANGE},
        {"near-equal", SCT_CONSTRUCT_NEAR_EQUAL},
        {"addsub-round-boundary", SCT_CONSTRUCT_ADDSUB_ROUND_BOUNDARY},
        {"unary-range", SCT_CONSTRUCT_UNARY_RANGE},
    };
    if (e == NULL || e->sweep_sampler == NULL)
        return SCT_CONSTRUCT_NONE;
    for (size_t i = 0; i < sizeof k_constructions / sizeof k_constructions[0]; i++)
        if (strcmp(k_constructions[i].name, e->sweep_sampler) == 0)
            return k_constructions[i].c;
    return SCT_CONSTRUCT_NONE;
}

bool sct_sample_supported_by(const sct_op_entry *e, int32_t a_type, int32_t b_type,
                             char *why, size_t why_cap)
{
    const char *op_type = e->name;
    sct_sample_operand a, b;
    /* The ops whose entry names a construction (sweep.sampler:
     * sweep_sample_hard.c, sweep_sample_pow.c): any other is refused by
     * name, never sampled as another op would be. */
    if (sct_sample_construction_of(e) == SCT_CONSTRUCT_NONE) {
        snprintf(why, why_cap, "op '%s' has no sampled-sweep construction (its registry "
                 "entry has no sweep.sampler)", op_type);
        return false;
    }
    /* Integer inputs are sampled with the integer construction
     * (sweep_sample_int.c), the same for every op with same-type inputs;
     * an integer Pow base is not sampled (its defined results are few:
     * SN-16, and 8/16-bit bases are swept whole). */
    if (!operand_of(a_type, &a)) {
        snprintf(why, why_cap, "sampled sweeps take float32, float64, int32, int64, uint32 "
                 "or uint64 inputs, not %s", sct_dtype_name(a_type));
        return false;
    }
    if (!a.is_float && e->mixed_input_types) {
        snprintf(why, why_cap, "sampled %s takes a float32 or float64 first input, not %s",
                 op_type, sct_dtype_name(a_type));
        return false;
    }
    if (e->n_inputs == 1) { /* unary: no second input */
        if (b_type != SONNX_DT_UNDEFINED) {
            snprintf(why, why_cap, "%s takes one input (no second type)", op_type);
            return false;
        }
        return true;
    }
    bool exponent_ok = operand_of(b_type, &b) && (b.is_float || b.is_signed);
    if (e->mixed_input_types ? !exponent_ok : b_type != a_type) {
        if (e->mixed_input_types)
            snprintf(why, why_cap, "sampled %s exponents are float32, float64, int32 or "
                     "int64, not %s", op_type, sct_dtype_name(b_type));
        else
            snprintf(why, why_cap, "%s: both inputs must have the same type", op_type);
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
    g->op = (int)sct_op_id_of(op_type);
    const sct_op_entry *e = sct_op_find(op_type);
    operand_init(a_type, false, &g->a);
    if (!operand_init(b_type, e->mixed_input_types, &g->b)) /* unary: b UNDEFINED */
        memset(&g->b, 0, sizeof g->b);
    g->construction = g->a.is_float ? sct_sample_construction_of(e)
                                    : SCT_CONSTRUCT_INT_BOUNDARY;
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

static bool needs_block(const sct_sample_gen *g, unsigned pick)
{
    return pick >= 160 && pick < 208 && sct_sample_round_boundary(g);
}

/* A non-uniform sample (slots 96..255). */
static sct_sample_kind sample_other(const sct_sample_gen *g, uint64_t i,
                                    const sct_sample_block *blk, uint64_t *a_bits,
                                    uint64_t *b_bits)
{
    unsigned pick = (unsigned)(i & 255u);
    /* The sample's random stream: splitmix64 from a state that is a
     * bijection of i (one multiply; v5, instead of a mix64 of i). */
    sct_sample_rng r = {sct_sample_stream(g->key, i)};
    if (pick < 160) {
        /* Both special (half), or one special against uniform bits: one
         * word picks how and both specials, one gives the uniform bits;
         * no data-dependent branch. */
        uint64_t w = sct_sample_next(&r), u = sct_sample_next(&r);
        unsigned how = (unsigned)(w & 3u);
        uint64_t sa = sct_sample_special_of(&g->a, (uint32_t)(w >> 2));
        uint64_t sb = sct_sample_special_of(&g->b, (uint32_t)(w >> 34));
        uint64_t ua = g->a.size == 4 ? u >> 32 : u;
        uint64_t ub = g->b.size == 4 ? u & 0xffffffffu : u;
        *a_bits = how == 3 ? ua : sa;
        *b_bits = how == 2 ? ub : sb;
        return SCT_SAMPLE_SPECIAL;
    }
    pick -= 160; /* 0..95 */
    if (g->construction == SCT_CONSTRUCT_INT_BOUNDARY)
        return sct_sample_int_hard(g, &r, pick, a_bits, b_bits);
    if (g->construction == SCT_CONSTRUCT_POW_RANGE)
        return sct_sample_pow_hard(g, &r, pick, a_bits, b_bits);
    if (g->construction == SCT_CONSTRUCT_ADDSUB_ROUND_BOUNDARY ||
        g->construction == SCT_CONSTRUCT_UNARY_RANGE)
        return sct_sample_addsub_hard(g, &r, pick, a_bits, b_bits);
    return sct_sample_hard(g, &r, pick, blk, a_bits, b_bits);
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
    sct_sample_block blk;
    blk.valid = false;
    if (needs_block(g, pick))
        sct_sample_block_init(g, i >> 8, &blk);
    return sample_other(g, i, &blk, a_bits, b_bits);
}

static void put(void *p, size_t size, size_t i, uint64_t v)
{
    if (size == 4)
        ((uint32_t *)p)[i] = (uint32_t)v;
    else
        ((uint64_t *)p)[i] = v;
}

/* float32 x float32: Mul/Div by whole blocks (sweep_sample_fill32.c),
 * straight into the arrays when the block lies inside [first, first + n),
 * else through a block buffer; the other ops' uniform and special runs
 * there too, their hard slots one by one.  Returns how many samples from
 * `first` were written (at least one). */
static size_t fill_run32(const sct_sample_gen *g, uint64_t first, size_t n,
                         uint32_t *a, uint32_t *b)
{
    unsigned pick = (unsigned)(first & 255u);
    size_t left = 256u - pick, m = n < left ? n : left;
    if (sct_sample_round_boundary(g)) {
        if (pick == 0 && n >= 256) {
            sct_sample_muldiv_block32(g, first >> 8, a, b);
            return 256;
        }
        uint32_t ba[256], bb[256];
        sct_sample_muldiv_block32(g, first >> 8, ba, bb);
        memcpy(a, ba + pick, m * sizeof *a);
        memcpy(b, bb + pick, m * sizeof *b);
        return m;
    }
    if (pick < 96) {
        m = n < 96u - pick ? n : 96u - pick;
        sct_sample_uniform_run32(g, first, m, a, b);
        return m;
    }
    if (pick < 160 && g->b.is_float) {
        m = n < 160u - pick ? n : 160u - pick;
        sct_sample_special_run32(g, first, m, a, b);
        return m;
    }
    uint64_t x, y;
    sample_other(g, first, NULL, &x, &y); /* Pow, Less: no block data */
    *a = (uint32_t)x;
    *b = (uint32_t)y;
    return 1;
}

void sct_sample_fill(const sct_sample_gen *g, uint64_t first, size_t n,
                     void *a, void *b)
{
    if (g->a.size == 4 && g->b.size == 4) {
        for (size_t i = 0; i < n;)
            i += fill_run32(g, first + i, n - i, (uint32_t *)a + i, (uint32_t *)b + i);
        return;
    }
    sct_sample_block blk; /* the current block's data, made once per block */
    blk.valid = false;
    for (size_t i = 0; i < n; i++) {
        uint64_t at = first + i, x, y;
        unsigned pick = (unsigned)(at & 255u);
        if (pick < 96) {
            uniform_at(g, at, &x, &y);
        } else {
            if (needs_block(g, pick) && (!blk.valid || blk.index != at >> 8))
                sct_sample_block_init(g, at >> 8, &blk);
            sample_other(g, at, &blk, &x, &y);
        }
        put(a, g->a.size, i, x);
        if (g->b.size) /* unary: no second input */
            put(b, g->b.size, i, y);
    }
}

const char *sct_sample_kind_name(sct_sample_kind k)
{
    static const char *const names[SCT_SAMPLE_KIND_COUNT] = {
        "uniform", "special", "midpoint", "subnormal", "overflow",
        "pow-exact", "pow-range", "near-equal", "unary-range",
        "int-wrap", "int-product", "int-quotient"};
    return (unsigned)k < SCT_SAMPLE_KIND_COUNT ? names[k] : "?";
}
