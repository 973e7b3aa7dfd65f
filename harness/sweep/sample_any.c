/*
 * sample_any.c — fresh pairs for every type (sample_any.h).  float32 and
 * float64 first operands go through the sampled sweeps' generator
 * (sweep_sample.c), which mixes uniform bits, special crosses and the
 * op-specific hard cases; the other types — 16- and 8-bit floats, every
 * integer width (4 to 64 bits), bool, and the mixed Pow types that
 * generator does not take — through the generator below, so that no
 * group of the profile goes without a sample.
 *
 * Mix per element (slot = one random word's low byte): 1/2 uniform bit
 * patterns of the type's width, 1/4 edge values of the type, 1/4 small
 * values (-16..16; Pow exponents 0..8, so integer Pow stays in range
 * often enough to be judged on more than wraparound); an integer base with
 * a float exponent draws only pairs SN-16 defines (draw_int_float_pow).
 * Random words:
 * splitmix64 (Steele, Lea, Flood, OOPSLA 2014) keyed by (seed, op, types,
 * operand), at position i.
 */
#include "sct/sweep/sample_any.h"

#include <math.h>
#include <string.h>

#include "sct/numeric/bf16.h"
#include "sct/numeric/dtype.h"
#include "sct/ops/op_registry.h"
#include "sct/numeric/fp16.h"
#include "sct/sweep/sweep_sample.h"
#include "sweep_undefined.h"

static uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

static uint64_t key_of(uint64_t seed, const char *op, int32_t a, int32_t b, int operand)
{
    uint64_t k = mix64(seed ^ UINT64_C(0x5346524553484e53)); /* "FRESHNS" */
    for (const char *p = op; *p; p++)
        k = mix64(k ^ (unsigned char)*p);
    return mix64(k ^ ((uint64_t)(uint32_t)a << 32) ^ (uint64_t)(uint32_t)b ^
                 (uint64_t)operand << 62);
}

static uint64_t word(uint64_t key, uint64_t i)
{
    return mix64(key + (i + 1) * UINT64_C(0x9e3779b97f4a7c15));
}

/* Edge values of a type, as bit patterns of its width. */
static uint64_t edge(const sct_dtype_info *d, uint64_t r)
{
    unsigned w = d->bits;
    uint64_t mask = w >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << w) - 1;
    if (d->code == SONNX_DT_BOOL)
        return r & 1;
    if (d->kind == SCT_KIND_FLOAT) {
        uint64_t sign = UINT64_C(1) << (w - 1);
        uint64_t exp = ((UINT64_C(1) << d->exp_bits) - 1) << d->mant_bits;
        uint64_t one = (((UINT64_C(1) << (d->exp_bits - 1)) - 1)) << d->mant_bits;
        const uint64_t v[] = {0, one, exp, exp | 1, exp | (UINT64_C(1) << (d->mant_bits - 1)),
                              1, (UINT64_C(1) << d->mant_bits) - 1,
                              UINT64_C(1) << d->mant_bits, exp - 1, one + 1, one - 1,
                              one + (UINT64_C(1) << d->mant_bits)};
        uint64_t x = v[(r >> 1) % (sizeof v / sizeof v[0])];
        return (r & 1) ? x | sign : x;
    }
    bool is_signed = d->kind == SCT_KIND_SIGNED;
    uint64_t min = is_signed ? UINT64_C(1) << (w - 1) : 0;
    uint64_t max = is_signed ? min - 1 : mask;
    const uint64_t v[] = {0, 1, mask /* -1 or max */, min, max, min + 1, max - 1, 2,
                          (uint64_t)-2 & mask};
    return v[r % (sizeof v / sizeof v[0])] & mask;
}

static uint64_t draw(const sct_dtype_info *d, bool pow_exponent, uint64_t r)
{
    if (d->bits == 4) /* 4-bit: every value is an edge or small */
        return r & 0xf;
    unsigned w = d->bits;
    uint64_t mask = w >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << w) - 1;
    unsigned slot = (unsigned)(r & 0xff);
    r >>= 8;
    if (d->code == SONNX_DT_BOOL)
        return r & 1;
    if (slot < 128) {
        uint64_t x = r ^ (r << 17); /* 56 random bits are not enough for 64 */
        return x & mask;
    }
    if (slot < 192)
        return edge(d, r);
    if (d->kind == SCT_KIND_FLOAT)
        return edge(d, r); /* floats: more edges, uniform bits already cover the rest */
    int64_t small = pow_exponent ? (int64_t)(r % 9) : (int64_t)(r % 33) - 16;
    if (d->kind == SCT_KIND_UNSIGNED && small < 0)
        small = -small;
    return (uint64_t)small & mask;
}

/* The signed value of `bits` of type d. */
static int64_t as_signed(const sct_dtype_info *d, uint64_t bits)
{
    if (d->kind != SCT_KIND_SIGNED || d->bits >= 64)
        return (int64_t)bits;
    uint64_t sign = UINT64_C(1) << (d->bits - 1);
    return (int64_t)((bits ^ sign) - sign);
}

/* Is a^b (b >= 0, an integer) inside the base type's range?  Outside it
 * the result is undefined (docs/spec-notes.md SN-16). */
static bool int_pow_in_range(const sct_dtype_info *d, uint64_t a_bits, uint64_t b)
{
    int64_t a = as_signed(d, a_bits);
    bool negative = d->kind == SCT_KIND_SIGNED && a < 0 && (b & 1);
    uint64_t mag = d->kind == SCT_KIND_SIGNED && a < 0 ? (uint64_t)0 - (uint64_t)a : a_bits;
    uint64_t limit = d->kind == SCT_KIND_SIGNED
                         ? (UINT64_C(1) << (d->bits - 1)) - (negative ? 0 : 1)
                         : (d->bits >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << d->bits) - 1);
    uint64_t p = 1;
    for (uint64_t k = 0; k < b; k++) {
        if (mag > 1 && __builtin_mul_overflow(p, mag, &p))
            return false;
        if (p > limit)
            return false;
        if (mag <= 1)
            break;
    }
    return p <= limit;
}

/* The bits of `v` (exact in every float type: callers pass multiples of
 * 1/8 below 8, or 0) in float type d. */
static uint64_t float_bits(const sct_dtype_info *d, double v)
{
    switch (d->code) {
    case SONNX_DT_FLOAT16: return sct_f64_to_f16(v);
    case SONNX_DT_BFLOAT16: return sct_f64_to_bf16(v);
    case SONNX_DT_FLOAT: {
        float f = (float)v;
        uint32_t u;
        memcpy(&u, &f, sizeof u);
        return u;
    }
    default: {
        uint64_t u;
        memcpy(&u, &v, sizeof u);
        return u;
    }
    }
}

/* One (integer base, float exponent) pair whose truncated power is defined
 * and unambiguous (docs/spec-notes.md SN-16): the exact special cases
 * pow(x, +-0) = 1, pow(1, y) = 1, pow(0, y > 0) = 0, pow(-1, integer), or a
 * base 2..1000 with a non-integral exponent k/8 (k < 64) whose power is
 * below 2^39 and the type's maximum and not within 2^-40 of its size from
 * an integer (checked in long double, 64-bit significand: far finer than
 * the guard). */
static void draw_int_float_pow(const sct_dtype_info *da, const sct_dtype_info *db,
                               uint64_t r, uint64_t *x, uint64_t *y)
{
    bool is_signed = da->kind == SCT_KIND_SIGNED;
    unsigned kind = (unsigned)(r & 7);
    r >>= 3;
    unsigned k = 1 + (unsigned)(r % 63);
    if (k % 8 == 0)
        k++;
    r >>= 6;
    uint64_t base_max = da->bits >= 64 ? UINT64_MAX
                                       : (UINT64_C(1) << (da->bits - (is_signed ? 1 : 0))) - 1;
    if (kind >= 4 && base_max >= 2) {
        for (unsigned t = 0; t < 8; t++, r >>= 7) {
            uint64_t a = 2 + r % (base_max - 1 < 999 ? base_max - 1 : 999);
            long double v = powl((long double)a, (long double)k / 8.0L);
            long double frac = v - floorl(v);
            long double gap = frac < 0.5L ? frac : 1.0L - frac;
            if (v < 0x1p39L && v <= (long double)base_max && gap > 0x1p-40L * v) {
                *x = a;
                *y = float_bits(db, (double)k / 8.0);
                return;
            }
            k = 1 + (unsigned)((r >> 3) % 15); /* smaller exponents next try */
            if (k % 8 == 0)
                k++;
        }
        kind = 0;
    }
    uint64_t mask = da->bits >= 64 ? UINT64_MAX : (UINT64_C(1) << da->bits) - 1;
    switch (kind & 3) {
    case 0: /* pow(x, +-0) = 1 for any x */
        *x = r & mask;
        *y = float_bits(db, 0.0) | ((r >> 60 & 1) ? UINT64_C(1) << (db->bits - 1) : 0);
        return;
    case 1: /* pow(1, y) = 1 */
        *x = 1;
        *y = float_bits(db, (double)k / 8.0) | ((r & 1) ? UINT64_C(1) << (db->bits - 1) : 0);
        return;
    case 2: /* pow(0, y > 0) = 0 */
        *x = 0;
        *y = float_bits(db, (double)k / 8.0);
        return;
    default: /* pow(-1, integer) = +-1; unsigned bases: pow(1, integer) */
        *x = is_signed ? mask : 1;
        *y = float_bits(db, (double)(k % 8));
        return;
    }
}

static void put(const sct_dtype_info *d, void *buf, size_t i, uint64_t bits)
{
    unsigned char *p = buf;
    if (d->bits == 4) {
        unsigned char nib = (unsigned char)(bits & 0xf);
        p[i / 2] = (i & 1) ? (unsigned char)((p[i / 2] & 0x0f) | (nib << 4))
                           : (unsigned char)((p[i / 2] & 0xf0) | nib);
        return;
    }
    size_t size = d->bits / 8;
    for (size_t k = 0; k < size; k++)
        p[i * size + k] = (unsigned char)(bits >> (8 * k));
}

static void zero_fill(const sct_dtype_info *d, size_t n, void *buf)
{
    uint64_t bytes;
    if (buf != NULL && sct_dtype_storage_bytes(d->code, n, &bytes))
        memset(buf, 0, (size_t)bytes);
}

/* Edges and uniform bits for every input: one input for a unary op (db and
 * b NULL, second type UNDEFINED), a pair otherwise.  An input whose result
 * the specification leaves undefined (integer Div by zero, INT_MIN / -1,
 * Abs of the signed minimum) is drawn again: a fresh sample judges only
 * what the committed vectors could judge. */
static void edges_fill(const char *op_type, const sct_dtype_info *da,
                       const sct_dtype_info *db, bool pow, uint64_t seed, size_t n,
                       void *a, void *b)
{
    int32_t b_type = db != NULL ? db->code : SONNX_DT_UNDEFINED;
    zero_fill(da, n, a);
    if (db != NULL)
        zero_fill(db, n, b);
    uint64_t ka = key_of(seed, op_type, da->code, b_type, 0);
    uint64_t kb = key_of(seed, op_type, da->code, b_type, 1);
    sct_sweep_undef_rule undef = sct_sweep_undef_rule_of(sct_op_id_of(op_type), da->code);
    bool int_base = da->kind == SCT_KIND_SIGNED || da->kind == SCT_KIND_UNSIGNED;
    for (size_t i = 0; i < n; i++) {
        uint64_t x = draw(da, false, word(ka, i));
        uint64_t y = db != NULL ? draw(db, pow, word(kb, i)) : 0;
        for (uint64_t redraw = 1; sct_sweep_undef_test(&undef, x, y); redraw++) {
            x = draw(da, false, word(ka ^ redraw, i));
            if (db != NULL)
                y = draw(db, pow, word(kb ^ redraw, i));
        }
        if (pow && int_base) {
            /* integer Pow: a small exponent (0..8) and a base whose power stays
             * in range; elsewhere the result is undefined (SN-16) */
            uint64_t r = word(kb, i);
            y = r % 9;
            for (uint64_t redraw = 1; !int_pow_in_range(da, x, y) && redraw < 8; redraw++)
                x = draw(da, false, word(ka ^ redraw, i));
            if (!int_pow_in_range(da, x, y))
                x = da->kind == SCT_KIND_SIGNED ? (uint64_t)((int64_t)(r >> 8) % 3 - 1) : (r >> 8) % 2;
            if (da->bits < 64)
                x &= (UINT64_C(1) << da->bits) - 1;
        }
        put(da, a, i, x);
        if (db != NULL)
            put(db, b, i, y);
    }
}

const char *sct_sample_any_fill(const char *op_type, int32_t a_type, int32_t b_type,
                                uint64_t seed, size_t n, void *a, void *b, const char **why_not)
{
    const sct_dtype_info *da = sct_dtype_by_code(a_type), *db = sct_dtype_by_code(b_type);
    *why_not = "a type that is not one of the profile's";
    if (da != NULL && da->bits != 0 && b_type == SONNX_DT_UNDEFINED) {
        edges_fill(op_type, da, NULL, false, seed, n, a, NULL);
        *why_not = "";
        return "edges";
    }
    if (da == NULL || db == NULL || da->bits == 0 || db->bits == 0)
        return NULL;
    /* Base and exponent drawn apart where the inputs mix types (Pow). */
    const sct_op_entry *entry = sct_op_find(op_type);
    bool pow = entry != NULL && entry->mixed_input_types;
    bool int_base = da->kind == SCT_KIND_SIGNED || da->kind == SCT_KIND_UNSIGNED;
    if (pow && int_base && db->kind == SCT_KIND_FLOAT) {
        uint64_t kx = key_of(seed, op_type, a_type, b_type, 0);
        for (size_t i = 0; i < n; i++) {
            uint64_t x, y;
            draw_int_float_pow(da, db, word(kx, i), &x, &y);
            put(da, a, i, x);
            put(db, b, i, y);
        }
        *why_not = "";
        return "int-float-pow";
    }
    char why[160];
    sct_sample_gen g;
    *why_not = "";
    /* Integer groups keep the edge draws below (docs/cli.md "Fresh
     * sample": the generic sampler); floats take the sweep's generator. */
    if (da->kind == SCT_KIND_FLOAT &&
        sct_sample_supported(op_type, a_type, b_type, why, sizeof why) &&
        sct_sample_gen_init(&g, op_type, a_type, b_type, seed) == 0) {
        sct_sample_fill(&g, 0, n, a, b);
        return "sweep";
    }
    edges_fill(op_type, da, db, pow, seed, n, a, b);
    return "edges";
}
