/*
 * test_bf16.c — numeric/bf16.h against independent references:
 * - decoding of ALL 65536 encodings against ldexp() of the fields;
 * - round trip of every encoding through binary32 and binary64;
 * - encoding from binary32 / binary64 against ref_round.c (integer-only
 *   RNE) for every midpoint between adjacent bfloat16 values (all ties) and
 *   its neighbours, hand-derived boundaries, and pattern sweeps.
 */
#include <check.h>
#include <math.h>
#include <stdint.h>

#include "sct/numeric/bf16.h"
#include "ref_round.h"
#include "test_util.h"
#include "sct_check_main.h"

static uint16_t ref_from_f32(uint32_t bits)
{
    uint32_t ax = bits & 0x7fffffffu;
    uint16_t sign = (uint16_t)((bits >> 16) & 0x8000u);
    if (ax > 0x7f800000u)
        return (uint16_t)(sign | 0x7fc0u | ((ax >> 16) & 0x3fu));
    if (ax == 0x7f800000u)
        return (uint16_t)(sign | 0x7f80u);
    int s, e;
    uint64_t m;
    ref_split32(bits, &s, &m, &e);
    return ref_round(&REF_BF16, s, m, e, false);
}

static uint16_t ref_from_f64(uint64_t bits)
{
    uint64_t ax = bits & 0x7fffffffffffffffull;
    uint16_t sign = (uint16_t)((bits >> 48) & 0x8000u);
    if (ax > 0x7ff0000000000000ull)
        return (uint16_t)(sign | 0x7fc0u | ((ax >> 45) & 0x3fu));
    if (ax == 0x7ff0000000000000ull)
        return (uint16_t)(sign | 0x7f80u);
    int s, e;
    uint64_t m;
    ref_split64(bits, &s, &m, &e);
    return ref_round(&REF_BF16, s, m, e, false);
}

static double value_of(uint32_t h) /* finite, non-negative encodings */
{
    unsigned exp = (h >> 7) & 0xffu, frac = h & 0x7fu;
    return exp == 0 ? ldexp((double)frac, -133)
                    : ldexp((double)(frac | 0x80u), (int)exp - 134);
}

START_TEST(decode_all_encodings)
{
    for (uint32_t h = 0; h < 65536u; h++) {
        float f = sct_bf16_to_f32((uint16_t)h);
        double d = sct_bf16_to_f64((uint16_t)h);
        unsigned exp = (h >> 7) & 0xffu, frac = h & 0x7fu;
        int neg = (h >> 15) & 1u;
        if (exp == 255 && frac != 0) {
            EXPECT_EQ_U(isnan(f) && isnan(d), 1);
            EXPECT_EQ_U(!!signbit(f), neg);
            EXPECT_EQ_U((tu_b32(f) >> 16) & 0x7fu, frac);
            continue;
        }
        double expect = exp == 255 ? INFINITY : value_of(h & 0x7fffu);
        if (neg)
            expect = -expect;
        if (tu_b64((double)f) != tu_b64(expect) || tu_b64(d) != tu_b64(expect))
            ck_abort_msg("h=%04x decoded %a expected %a", h, d, expect);
    }
}
END_TEST

START_TEST(round_trip_all_encodings)
{
    for (uint32_t h = 0; h < 65536u; h++) {
        uint16_t back32 = sct_f32_to_bf16(sct_bf16_to_f32((uint16_t)h));
        uint16_t back64 = sct_f64_to_bf16(sct_bf16_to_f64((uint16_t)h));
        uint16_t expect = sct_bf16_is_nan((uint16_t)h) ? (uint16_t)(h | 0x0040u)
                                                       : (uint16_t)h;
        if (back32 != expect || back64 != expect)
            ck_abort_msg("h=%04x -> %04x / %04x", h, back32, back64);
    }
}
END_TEST

START_TEST(encode_all_ties_and_neighbours)
{
    for (uint32_t h = 0; h < 0x7f80u; h++) {
        double lo = value_of(h);
        double hi = h + 1u == 0x7f80u ? 0x1p128 : value_of(h + 1u);
        double mid = (lo + hi) / 2; /* exact: 9 significant bits */
        for (int neg = 0; neg < 2; neg++) {
            double m = neg ? -mid : mid;
            uint32_t b32 = tu_b32((float)m);
            if (mid < 0x1p128 && fabs(m) >= 0x1p-149) {
                /* the midpoint is a binary32 number (9 bits, in range) */
                EXPECT_EQ_U(tu_b64((double)tu_f32(b32)), tu_b64(m));
                for (int dlt = -1; dlt <= 1; dlt++) {
                    uint32_t v = b32 + (uint32_t)dlt;
                    EXPECT_EQ_U(sct_f32_to_bf16(tu_f32(v)), ref_from_f32(v));
                }
            }
            for (int dlt = -1; dlt <= 1; dlt++) {
                uint64_t w = tu_b64(m) + (uint64_t)(int64_t)dlt;
                EXPECT_EQ_U(sct_f64_to_bf16(tu_f64(w)), ref_from_f64(w));
            }
        }
    }
}
END_TEST

typedef struct enc_case { uint32_t f32; uint16_t bf16; } enc_case;
static const enc_case boundary_cases[] = {
    {0x7f7f0000u, 0x7f7fu}, /* max finite (2 - 2^-7) * 2^127 */
    {0x7f7f7fffu, 0x7f7fu}, /* below the overflow midpoint */
    {0x7f7f8000u, 0x7f80u}, /* midpoint, max is odd -> inf */
    {0x7f7fffffu, 0x7f80u}, /* FLT_MAX -> inf */
    {0xff7f8000u, 0xff80u}, /* negative overflow -> -inf */
    {0x00800000u, 0x0080u}, /* 2^-126 min normal */
    {0x00010000u, 0x0001u}, /* 2^-133 min subnormal */
    {0x00008000u, 0x0000u}, /* 2^-134: tie with 0 -> 0 */
    {0x00008001u, 0x0001u}, /* just above -> min subnormal */
    {0x80008000u, 0x8000u}, /* -2^-134 -> -0 */
    {0x00018000u, 0x0002u}, /* 1.5 * 2^-133: tie, odd -> 2 */
    {0x007f8000u, 0x0080u}, /* tie max subnormal (odd) / min normal */
    {0x3f808000u, 0x3f80u}, /* 1 + 2^-8: tie, even -> 1 */
    {0x3f818000u, 0x3f82u}, /* 1 + 3*2^-8: tie, odd -> up */
    {0x3f808001u, 0x3f81u}, /* just above a tie -> up */
    {0x7fc00000u, 0x7fc0u}, /* qNaN */
    {0xff800001u, 0xffc0u}, /* sNaN with low payload stays NaN, sign kept */
    {0x7f810000u, 0x7fc1u}, /* sNaN payload kept, quieted */
};

START_TEST(encode_boundaries)
{
    for (size_t i = 0; i < sizeof boundary_cases / sizeof boundary_cases[0]; i++) {
        const enc_case *c = &boundary_cases[i];
        ck_assert_msg(sct_f32_to_bf16(tu_f32(c->f32)) == c->bf16,
                      "f32 %08x -> %04x expected %04x", c->f32,
                      sct_f32_to_bf16(tu_f32(c->f32)), c->bf16);
        ck_assert_msg(sct_f64_to_bf16((double)tu_f32(c->f32)) == c->bf16,
                      "f64 of %08x -> %04x expected %04x", c->f32,
                      sct_f64_to_bf16((double)tu_f32(c->f32)), c->bf16);
    }
}
END_TEST

START_TEST(encode_f32_sweep)
{
    uint32_t v = 0;
    for (uint32_t i = 0; i < (1u << 26); i++) {
        v += 0x9e3779b1u >> 6;
        EXPECT_EQ_U(sct_f32_to_bf16(tu_f32(v)), ref_from_f32(v));
    }
}
END_TEST

START_TEST(encode_f64_sweep)
{
    /* Just above a tie: via binary32 the 2^-40 would be lost. */
    ck_assert_uint_eq(sct_f64_to_bf16(0x1.01000001p0), 0x3f81u);
    uint64_t w = 0xfeedfacecafebeefull;
    for (uint32_t i = 0; i < (1u << 22); i++) {
        w = w * 6364136223846793005ull + 1442695040888963407ull;
        uint64_t bits = (w & 0x800fffffffffffffull) |
                        ((uint64_t)(1023 - 140 + (int)((w >> 52) % 280)) << 52);
        EXPECT_EQ_U(sct_f64_to_bf16(tu_f64(bits)), ref_from_f64(bits));
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("bf16");
    TCase *tc = tcase_create("conversions");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, decode_all_encodings);
    tcase_add_test(tc, round_trip_all_encodings);
    tcase_add_test(tc, encode_all_ties_and_neighbours);
    tcase_add_test(tc, encode_boundaries);
    tcase_add_test(tc, encode_f32_sweep);
    tcase_add_test(tc, encode_f64_sweep);
    suite_add_tcase(s, tc);
    return sct_check_run_suite(s);
}
