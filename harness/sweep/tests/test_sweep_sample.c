/*
 * test_sweep_sample.c — the sample generator of sampled sweeps
 * (sweep_sample.h): reproducibility, shards concatenating to the unsharded
 * stream, the mix proportions, and the hard-case constructions checked
 * EXACTLY with integer arithmetic written here (not the generator's):
 * Mul midpoints are within 16 units of the product's last bit of a
 * rounding midpoint, Div midpoints within |e| <= 15 of one in the
 * cross-multiplied remainder, subnormal cases have subnormal results.
 */
#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sct/check/compare.h"
#include "exact_float.h"
#include "sct/sweep/sweep.h"
#include "sct/sweep/sweep_sample.h"
#include "sct_check_main.h"


typedef struct space_row {
    const char *op;
    int32_t a, b;
} space_row;

static const space_row spaces[] = {
    {"Div", SONNX_DT_FLOAT, SONNX_DT_FLOAT},
    {"Mul", SONNX_DT_FLOAT, SONNX_DT_FLOAT},
    {"Div", SONNX_DT_DOUBLE, SONNX_DT_DOUBLE},
    {"Mul", SONNX_DT_DOUBLE, SONNX_DT_DOUBLE},
    {"Pow", SONNX_DT_FLOAT, SONNX_DT_FLOAT},
    {"Pow", SONNX_DT_DOUBLE, SONNX_DT_DOUBLE},
    {"Pow", SONNX_DT_FLOAT, SONNX_DT_INT32},
    {"Pow", SONNX_DT_DOUBLE, SONNX_DT_INT64},
    {"Pow", SONNX_DT_FLOAT, SONNX_DT_DOUBLE},
    {"Less", SONNX_DT_FLOAT, SONNX_DT_FLOAT},
    {"Less", SONNX_DT_DOUBLE, SONNX_DT_DOUBLE},
    {"Add", SONNX_DT_INT32, SONNX_DT_INT32},
    {"Div", SONNX_DT_INT64, SONNX_DT_INT64},
    {"Mul", SONNX_DT_UINT32, SONNX_DT_UINT32},
    {"Less", SONNX_DT_UINT64, SONNX_DT_UINT64},
};
#define N_SPACES (sizeof spaces / sizeof spaces[0])

static void init(sct_sample_gen *g, const space_row *row, uint64_t seed)
{
    ck_assert_int_eq(sct_sample_gen_init(g, row->op, row->a, row->b, seed), 0);
}

static uint64_t get(const void *p, size_t size, size_t i)
{
    return size == 4 ? ((const uint32_t *)p)[i] : ((const uint64_t *)p)[i];
}

START_TEST(samples_are_a_pure_function_of_seed_and_index)
{
    const space_row *row = &spaces[_i];
    sct_sample_gen g1, g2, g3;
    init(&g1, row, 42);
    init(&g2, row, 42);
    init(&g3, row, 43);
    unsigned differ = 0;
    /* Indices in any order, far apart: the same pairs every time. */
    static const uint64_t idx[] = {0, 1, 2, 1000, UINT64_C(1) << 40, UINT64_MAX, 7, 0};
    for (size_t k = 0; k < sizeof idx / sizeof idx[0]; k++) {
        uint64_t a1, b1, a2, b2, a3, b3;
        sct_sample_kind k1 = sct_sample_at(&g1, idx[k], &a1, &b1);
        sct_sample_kind k2 = sct_sample_at(&g2, idx[k], &a2, &b2);
        ck_assert_int_eq(k1, k2);
        ck_assert_uint_eq(a1, a2);
        ck_assert_uint_eq(b1, b2);
        sct_sample_at(&g3, idx[k], &a3, &b3);
        differ += a1 != a3 || b1 != b3;
    }
    ck_assert_uint_ge(differ, 5); /* another seed, other pairs */
    /* Another op or type with the same seed: another stream. */
    sct_sample_gen h;
    init(&h, &spaces[(_i + 1) % N_SPACES], 42);
    uint64_t a1, b1, a2, b2;
    sct_sample_at(&g1, 12345, &a1, &b1);
    sct_sample_at(&h, 12345, &a2, &b2);
    ck_assert(a1 != a2 || b1 != b2);
}
END_TEST

START_TEST(shard_ranges_concatenate_to_the_unsharded_stream)
{
    const space_row *row = &spaces[_i];
    sct_sample_gen g;
    init(&g, row, 7);
    enum { TOTAL = 10007 };
    size_t as = g.a.size, bs = g.b.size;
    unsigned char *a = malloc(TOTAL * as), *b = malloc(TOTAL * bs);
    unsigned char *a2 = malloc(TOTAL * as), *b2 = malloc(TOTAL * bs);
    ck_assert(a && b && a2 && b2);
    sct_sample_fill(&g, 0, TOTAL, a, b);
    static const uint32_t counts[] = {1, 2, 3, 7, 64, 10007};
    for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
        uint64_t next = 0;
        memset(a2, 0xee, TOTAL * as);
        memset(b2, 0xee, TOTAL * bs);
        for (uint32_t s = 0; s < counts[c]; s++) {
            uint64_t first, n;
            sct_sweep_shard_range_of(TOTAL, s, counts[c], &first, &n);
            ck_assert_uint_eq(first, next);
            sct_sample_fill(&g, first, (size_t)n, a2 + first * as, b2 + first * bs);
            next = first + n;
        }
        ck_assert_uint_eq(next, TOTAL);
        ck_assert(memcmp(a, a2, TOTAL * as) == 0);
        ck_assert(memcmp(b, b2, TOTAL * bs) == 0);
    }
    /* And element by element against sct_sample_at. */
    for (size_t i = 0; i < TOTAL; i += 97) {
        uint64_t x, y;
        sct_sample_at(&g, i, &x, &y);
        ck_assert_uint_eq(get(a, as, i), x);
        ck_assert_uint_eq(get(b, bs, i), y);
    }
    free(a);
    free(b);
    free(a2);
    free(b2);
}
END_TEST

/* The float32 Mul/Div block loops (sweep_sample_fill32.c: vectorised,
 * the near-midpoint search by per-block tables) draw exactly the samples of
 * the per-sample path (sweep_sample_hard.c: the search one candidate at a
 * time), every sample of unaligned ranges over several seeds, including
 * midpoint slots where no candidate fits (the fallback). */
START_TEST(float32_block_loops_equal_the_per_sample_path)
{
    static const char *const ops[] = {"Div", "Mul"};
    enum { N = (1 << 16) + 37 };
    uint32_t *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b);
    ck_assert(a && b);
    unsigned fallbacks = 0;
    for (unsigned seed = 0; seed < 4; seed++) {
        sct_sample_gen g;
        ck_assert_int_eq(sct_sample_gen_init(&g, ops[_i], SONNX_DT_FLOAT,
                                             SONNX_DT_FLOAT, seed * 1000003u), 0);
        uint64_t first = (UINT64_C(1) << 33) * seed + 1000003u * seed + 5u;
        sct_sample_fill(&g, first, N, a, b);
        for (size_t k = 0; k < N; k++) {
            uint64_t x, y;
            sct_sample_kind kind = sct_sample_at(&g, first + k, &x, &y);
            ck_assert_msg(a[k] == x && b[k] == y, "%s seed %u sample %llu: %08x %08x, "
                          "per sample %08llx %08llx", ops[_i], seed,
                          (unsigned long long)(first + k), a[k], b[k],
                          (unsigned long long)x, (unsigned long long)y);
            unsigned slot = (unsigned)((first + k) & 255u);
            fallbacks += slot >= 160 && slot < 208 && kind == SCT_SAMPLE_UNIFORM;
        }
    }
    if (_i == 0)
        ck_assert_uint_gt(fallbacks, 0); /* Div: ~0.024 % of its midpoints */
    free(a);
    free(b);
}
END_TEST

START_TEST(shard_ranges_of_huge_totals_tile_exactly)
{
    static const uint64_t totals[] = {0, 1, 5, UINT64_C(1) << 40,
                                      (UINT64_C(1) << 40) + 5, UINT64_MAX};
    static const uint32_t counts[] = {1, 2, 3, 1000, UINT32_MAX};
    for (size_t t = 0; t < 6; t++)
        for (size_t c = 0; c < 5; c++) {
            uint64_t first, n, last_first = 0, last_n = 0;
            sct_sweep_shard_range_of(totals[t], 0, counts[c], &first, &n);
            ck_assert_uint_eq(first, 0);
            sct_sweep_shard_range_of(totals[t], counts[c] - 1, counts[c],
                                     &last_first, &last_n);
            ck_assert_uint_eq(last_first + last_n, totals[t]);
            /* Shard k ends where k+1 starts, for a few k. */
            for (uint32_t k = 0; k + 1 < counts[c] && k < 50; k++) {
                uint64_t f1, n1, f2, n2;
                sct_sweep_shard_range_of(totals[t], k, counts[c], &f1, &n1);
                sct_sweep_shard_range_of(totals[t], k + 1, counts[c], &f2, &n2);
                ck_assert_uint_eq(f1 + n1, f2);
            }
        }
}
END_TEST

/* The documented mix (sweep_sample.h): 96/256 uniform, 64/256 special,
 * 96/256 hard; within 1.5 percentage points on 2^16 samples. */
START_TEST(mix_has_the_documented_proportions)
{
    const space_row *row = &spaces[_i];
    sct_sample_gen g;
    init(&g, row, 1);
    uint64_t n_kind[SCT_SAMPLE_KIND_COUNT] = {0};
    enum { N = 1 << 16 };
    for (uint64_t i = 0; i < N; i++) {
        uint64_t x, y;
        n_kind[sct_sample_at(&g, i, &x, &y)]++;
    }
    double uni = (double)n_kind[SCT_SAMPLE_UNIFORM] / N;
    double spe = (double)n_kind[SCT_SAMPLE_SPECIAL] / N;
    ck_assert(uni > 0.375 - 0.015 && uni < 0.375 + 0.015);
    ck_assert(spe > 0.25 - 0.015 && spe < 0.25 + 0.015);
    bool integer = row->a != SONNX_DT_FLOAT && row->a != SONNX_DT_DOUBLE;
    if (integer) {
        /* sweep_sample_int.c: 32 of the 96 hard slots each */
        for (int k = SCT_SAMPLE_INT_WRAP; k <= SCT_SAMPLE_INT_QUOTIENT; k++) {
            double share = (double)n_kind[k] / N;
            ck_assert_msg(share > 0.125 - 0.015 && share < 0.125 + 0.015, "%s %s: %f",
                          row->op, sct_sample_kind_name((sct_sample_kind)k), share);
        }
    } else if (strcmp(row->op, "Mul") == 0 || strcmp(row->op, "Div") == 0) {
        double mid = (double)n_kind[SCT_SAMPLE_MIDPOINT] / N;
        double sub = (double)n_kind[SCT_SAMPLE_SUBNORMAL] / N;
        double ovf = (double)n_kind[SCT_SAMPLE_OVERFLOW] / N;
        ck_assert(mid > 0.1875 - 0.015 && mid < 0.1875 + 0.015);
        ck_assert(sub > 0.09375 - 0.015 && sub < 0.09375 + 0.015);
        ck_assert(ovf > 0.09375 - 0.015 && ovf < 0.09375 + 0.015);
    } else if (strcmp(row->op, "Pow") == 0) {
        ck_assert_uint_gt(n_kind[SCT_SAMPLE_POW_EXACT], N / 8);
        ck_assert_uint_gt(n_kind[SCT_SAMPLE_POW_RANGE], N / 8);
    } else {
        ck_assert_uint_gt(n_kind[SCT_SAMPLE_NEAR_EQUAL], N / 3);
    }
}
END_TEST

/* ---- exact checks of the constructions (integers only) ---- */

typedef exact_fmt fmt_row;
static const fmt_row *const fmts[] = {&exact_f32, &exact_f64};

/* |x| = M * 2^E with an integer M (0 for zero). */
static void decompose(const fmt_row *f, uint64_t bits, uint64_t *m, int *e)
{
    u128 wide;
    exact_value(f, bits & ~exact_sign_bit(f), &wide, e);
    *m = (uint64_t)wide;
}

START_TEST(mul_midpoints_are_within_16_units_of_a_rounding_midpoint)
{
    const fmt_row *f = fmts[_i];
    sct_sample_gen g;
    ck_assert_int_eq(sct_sample_gen_init(&g, "Mul", f->type, f->type, 99), 0);
    unsigned checked = 0, ties = 0, sub_mid = 0;
    for (uint64_t i = 0; i < 200000; i++) {
        uint64_t a, b, ma, mb;
        int ea, eb;
        sct_sample_kind k = sct_sample_at(&g, i, &a, &b);
        if (k != SCT_SAMPLE_MIDPOINT && k != SCT_SAMPLE_SUBNORMAL)
            continue;
        decompose(f, a, &ma, &ea);
        decompose(f, b, &mb, &eb);
        u128 prod = (u128)ma * mb; /* exact |a*b| = prod * 2^(ea+eb) */
        int e = ea + eb;
        /* Units of the construction: M_a's last bit when b is a power of
         * two (the subnormal midpoints), the product's otherwise. */
        for (uint64_t m = mb; m && !(m & 1u); m >>= 1) {
            prod >>= 1;
            e++;
        }
        /* The output grid: p bits below the top, or the subnormal grid. */
        int top = (int)exact_bitlen(prod) - 1 + e;      /* binade of |a*b| */
        int grid = top - (int)f->p + 1;
        int sub_grid = f->emin - (int)f->p + 1;
        if (grid < sub_grid)
            grid = sub_grid;
        int drop = grid - e;                          /* bits below the grid */
        if (k == SCT_SAMPLE_SUBNORMAL) {
            ck_assert_int_lt(top, f->emin);           /* subnormal range */
            if ((mb & (mb - 1)) != 0)
                continue; /* the random-significand half */
            sub_mid++;
        } else {
            ck_assert_int_ge(top, f->emin);           /* normal range */
        }
        ck_assert_int_ge(drop, 1);
        u128 low = prod & (((u128)1 << drop) - 1u);
        u128 half = (u128)1 << (drop - 1);
        u128 dist = low > half ? low - half : half - low;
        ck_assert_msg(dist <= 16, "sample %llu: %s not near a midpoint",
                      (unsigned long long)i, sct_sample_kind_name(k));
        ties += dist == 0;
        checked++;
    }
    ck_assert_uint_gt(checked, 40000); /* ~23% of the samples */
    ck_assert_uint_gt(ties, 100);     /* exact ties: ties-to-even decides */
    ck_assert_uint_gt(sub_mid, 5000);
}
END_TEST

START_TEST(div_midpoints_are_within_15_of_a_rounding_midpoint)
{
    const fmt_row *f = fmts[_i];
    sct_sample_gen g;
    ck_assert_int_eq(sct_sample_gen_init(&g, "Div", f->type, f->type, 99), 0);
    unsigned checked = 0;
    for (uint64_t i = 0; i < 200000; i++) {
        uint64_t a, b, ma, mb;
        int ea, eb;
        if (sct_sample_at(&g, i, &a, &b) != SCT_SAMPLE_MIDPOINT)
            continue;
        decompose(f, a, &ma, &ea);
        decompose(f, b, &mb, &eb);
        ck_assert(ma >> (f->p - 1) && mb >> (f->p - 1)); /* normal operands */
        ck_assert_uint_lt(ma, mb); /* quotient significand in [1/2, 1) */
        /* q = ma/mb in [1/2, 1): its p-bit grid is 2^-p, the midpoints are
         * odd multiples of 2^-(p+1).  Q = floor(ma 2^(p+1) / mb),
         * R = the remainder: near a midpoint iff Q odd with small R, or Q
         * even with R close to mb. */
        u128 num = (u128)ma << (f->p + 1);
        u128 q = num / mb, r = num % mb;
        ck_assert(q >> f->p); /* p + 1 bits */
        if (q & 1u)
            ck_assert_msg(r <= 15, "sample %llu: remainder %llu",
                          (unsigned long long)i, (unsigned long long)r);
        else
            ck_assert_msg(mb - r <= 15, "sample %llu: remainder %llu below mb",
                          (unsigned long long)i, (unsigned long long)(mb - r));
        /* And the quotient is a normal number. */
        ck_assert_int_ge(ea - eb - 1, f->emin);
        checked++;
    }
    ck_assert_uint_gt(checked, 30000);
}
END_TEST

/* Pow near the range limits: b * log2|a| within 0.01 of one of the aimed
 * binades (emax+1, emin, emin-p+1, emin-p); libm here, only the generator
 * avoids it. */
START_TEST(pow_range_samples_aim_at_the_range_limits)
{
    const fmt_row *f = fmts[_i];
    sct_sample_gen g;
    ck_assert_int_eq(sct_sample_gen_init(&g, "Pow", f->type, f->type, 3), 0);
    const int p = (int)f->p, emax = -f->emin + 1;
    const double targets[4] = {emax + 1, f->emin, f->emin - p + 1, f->emin - p};
    unsigned checked = 0;
    for (uint64_t i = 0; i < 100000; i++) {
        uint64_t a, b;
        if (sct_sample_at(&g, i, &a, &b) != SCT_SAMPLE_POW_RANGE)
            continue;
        double x, y;
        if (f->width == 32) {
            uint32_t ua = (uint32_t)a, ub = (uint32_t)b;
            float fa, fb;
            memcpy(&fa, &ua, 4);
            memcpy(&fb, &ub, 4);
            x = fa, y = fb;
        } else {
            memcpy(&x, &a, 8);
            memcpy(&y, &b, 8);
        }
        double l = y * log2(fabs(x));
        double best = 1e9;
        for (int k = 0; k < 4; k++)
            best = fmin(best, fabs(l - targets[k]));
        ck_assert_msg(best < 0.01, "sample %llu: b log2 a = %g", (unsigned long long)i, l);
        checked++;
    }
    ck_assert_uint_gt(checked, 10000);
}
END_TEST

/* The integer hard slots (sweep_sample_int.c) hold what their kind
 * claims, checked with 128-bit arithmetic written here: wrap — a within 7
 * of an end of the range and b within 7 of 0 (unsigned: of 0 or MAX);
 * product — |a| and |b| within 2 of 2^i and 2^j with i + j = w - 1 or w;
 * quotient — |a| mod |b| is 0, 1 or |b| - 1 (or |a| = 1 when q = 0).
 * And the special crosses meet MIN and MAX of the type. */
typedef struct int_row {
    int32_t type;
    unsigned w;
    bool sgn;
} int_row;
static const int_row int_rows[] = {{SONNX_DT_INT32, 32, true}, {SONNX_DT_INT64, 64, true},
                                   {SONNX_DT_UINT32, 32, false}, {SONNX_DT_UINT64, 64, false}};

static u128 magnitude(const int_row *t, uint64_t bits)
{
    if (!t->sgn || !(bits >> (t->w - 1) & 1u))
        return bits;
    uint64_t mask = t->w == 64 ? UINT64_MAX : (UINT64_C(1) << t->w) - 1u;
    return (~bits + 1u) & mask; /* MIN: 2^(w-1), as an unsigned magnitude */
}

static bool near_pow2(u128 m, unsigned e)
{
    u128 p = (u128)1 << e;
    return m + 2 >= p && m <= p + 2;
}

START_TEST(int_slots_hold_what_their_kind_claims)
{
    const int_row *t = &int_rows[_i];
    sct_sample_gen g;
    ck_assert_int_eq(sct_sample_gen_init(&g, "Add", t->type, t->type, 3), 0);
    uint64_t mask = t->w == 64 ? UINT64_MAX : (UINT64_C(1) << t->w) - 1u;
    uint64_t max = t->sgn ? mask >> 1 : mask, min = t->sgn ? max + 1u : 0;
    unsigned seen_min = 0, seen_max = 0;
    for (uint64_t i = 0; i < (1u << 16); i++) {
        uint64_t a, b;
        sct_sample_kind k = sct_sample_at(&g, i, &a, &b);
        ck_assert_uint_eq(a & ~mask, 0);
        ck_assert_uint_eq(b & ~mask, 0);
        u128 ma = magnitude(t, a), mb = magnitude(t, b);
        if (k == SCT_SAMPLE_SPECIAL) {
            seen_min += a == min;
            seen_max += a == max;
        } else if (k == SCT_SAMPLE_INT_WRAP) {
            bool a_end = max - a <= 7 || (a - min) <= 7;
            bool b_small = mb <= 7 || (!t->sgn && mask - b <= 7);
            ck_assert_msg(a_end && b_small, "wrap %llx %llx", (unsigned long long)a,
                          (unsigned long long)b);
        } else if (k == SCT_SAMPLE_INT_PRODUCT) {
            bool ok = false;
            for (unsigned e = 1; e <= t->w - 2 && !ok; e++)
                ok = near_pow2(ma, e) &&
                     (near_pow2(mb, t->w - e) || near_pow2(mb, t->w - 1 - e));
            ck_assert_msg(ok, "product %llx %llx", (unsigned long long)a,
                          (unsigned long long)b);
        } else if (k == SCT_SAMPLE_INT_QUOTIENT) {
            ck_assert(mb > 0);
            u128 r = ma % mb;
            ck_assert_msg(r == 0 || r == 1 || r == mb - 1 || ma == 1, "quotient %llx %llx",
                          (unsigned long long)a, (unsigned long long)b);
            ck_assert(ma < ((u128)1 << (t->sgn ? t->w - 1 : t->w)));
        }
    }
    ck_assert_uint_gt(seen_min, 0);
    ck_assert_uint_gt(seen_max, 0);
}
END_TEST

/* An op without a construction is refused by name at init, never sampled
 * as Mul would be (sweep_sample.c's list of ops with a construction). */
START_TEST(an_op_without_a_construction_is_refused_by_name)
{
    char why[160] = "";
    ck_assert(!sct_sample_supported("Tanh", SONNX_DT_FLOAT, SONNX_DT_FLOAT, why, sizeof why));
    ck_assert_msg(strstr(why, "'Tanh'") != NULL, "%s", why);
    sct_sample_gen g;
    ck_assert_int_ne(sct_sample_gen_init(&g, "Tanh", SONNX_DT_FLOAT, SONNX_DT_FLOAT, 1), 0);
    ck_assert(sct_sample_supported("Mul", SONNX_DT_FLOAT, SONNX_DT_FLOAT, why, sizeof why));
    /* Sub, Add: addsub-round-boundary; Abs, Sqrt: unary-range, one input. */
    ck_assert(sct_sample_supported("Sub", SONNX_DT_FLOAT, SONNX_DT_FLOAT, why, sizeof why));
    ck_assert(sct_sample_supported("Sqrt", SONNX_DT_DOUBLE, SONNX_DT_UNDEFINED, why, sizeof why));
    ck_assert(!sct_sample_supported("Abs", SONNX_DT_DOUBLE, SONNX_DT_DOUBLE, why, sizeof why));
    ck_assert_str_eq(why, "Abs takes one input (no second type)");
}
END_TEST

/* A registered op whose entry has no sweep.sampler facet is refused naming
 * the op and the facet, never sampled with another op's construction:
 * Div's entry with the facet taken away, and with it kept (control). */
START_TEST(a_registered_op_without_a_sampler_is_refused_naming_the_facet)
{
    char why[200] = "";
    sct_op_entry bare = *sct_op_find("Div");
    ck_assert(sct_sample_supported_by(&bare, SONNX_DT_FLOAT, SONNX_DT_FLOAT, why, sizeof why));
    bare.sweep_sampler = NULL;
    ck_assert(!sct_sample_supported_by(&bare, SONNX_DT_FLOAT, SONNX_DT_FLOAT, why, sizeof why));
    ck_assert_str_eq(why, "op 'Div' has no sampled-sweep construction (its registry entry has "
                          "no sweep.sampler)");
}
END_TEST

/* addsub-round-boundary: the tie slots (kind midpoint) put b's bits below
 * a's last place at exactly 1 0...0 (d = ea - eb of them) when b was not
 * moved: checked here on the encodings, with integers only; the overflow
 * slots have |a| within 2 encodings of the largest finite. */
START_TEST(addsub_ties_are_exact_ties)
{
    int32_t type = _i == 0 ? SONNX_DT_FLOAT : SONNX_DT_DOUBLE;
    unsigned p = _i == 0 ? 24 : 53, w = _i == 0 ? 32 : 64;
    uint64_t frac = (UINT64_C(1) << (p - 1)) - 1, emask = (w == 32 ? 0xffu : 0x7ffu);
    uint64_t mag = w == 32 ? 0x7fffffffu : UINT64_C(0x7fffffffffffffff);
    uint64_t maxf = (emask << (p - 1)) - 1;
    sct_sample_gen g;
    ck_assert_int_eq(sct_sample_gen_init(&g, "Add", type, type, 7), 0);
    unsigned ties = 0, midpoints = 0, overflow = 0;
    for (uint64_t i = 0; i < (1u << 18); i++) {
        uint64_t a, b;
        sct_sample_kind k = sct_sample_at(&g, i, &a, &b);
        if (k == SCT_SAMPLE_OVERFLOW) {
            ck_assert_msg((a & mag) <= maxf && (a & mag) + 2 >= maxf, "overflow a 0x%llx",
                          (unsigned long long)a);
            overflow++;
        }
        if (k != SCT_SAMPLE_MIDPOINT)
            continue;
        midpoints++;
        long ea = (long)((a >> (p - 1)) & emask), eb = (long)((b >> (p - 1)) & emask);
        long d = ea - eb;
        if (eb == 0 || d < 1 || d > (long)p)
            continue;
        uint64_t mb = (b & frac) | (UINT64_C(1) << (p - 1));
        ties += (mb & ((UINT64_C(1) << d) - 1)) == UINT64_C(1) << (d - 1);
    }
    /* 3/4 of the slots are unmoved (k = 0 or no nudge), d = p + 1 in
     * 1/(p+1) of them: well over a third are exact ties */
    ck_assert_msg(midpoints > 40000 && ties * 3 > midpoints, "%u ties of %u", ties, midpoints);
    ck_assert_uint_gt(overflow, 20000);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("sweep_sample");
    TCase *tc = tcase_create("sample");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, samples_are_a_pure_function_of_seed_and_index, 0, N_SPACES);
    tcase_add_loop_test(tc, shard_ranges_concatenate_to_the_unsharded_stream, 0, N_SPACES);
    tcase_add_test(tc, shard_ranges_of_huge_totals_tile_exactly);
    tcase_add_test(tc, an_op_without_a_construction_is_refused_by_name);
    tcase_add_test(tc, a_registered_op_without_a_sampler_is_refused_naming_the_facet);
    tcase_add_loop_test(tc, float32_block_loops_equal_the_per_sample_path, 0, 2);
    tcase_add_loop_test(tc, mix_has_the_documented_proportions, 0, N_SPACES);
    tcase_add_loop_test(tc, mul_midpoints_are_within_16_units_of_a_rounding_midpoint, 0, 2);
    tcase_add_loop_test(tc, div_midpoints_are_within_15_of_a_rounding_midpoint, 0, 2);
    tcase_add_loop_test(tc, pow_range_samples_aim_at_the_range_limits, 0, 2);
    tcase_add_loop_test(tc, addsub_ties_are_exact_ties, 0, 2);
    tcase_add_loop_test(tc, int_slots_hold_what_their_kind_claims, 0, 4);
    suite_add_tcase(s, tc);
    return sct_check_run_suite(s);
}
