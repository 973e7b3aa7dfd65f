/*
 * test_fp16.c — numeric/fp16.h against independent references:
 * - decoding of ALL 65536 encodings, checked against ldexp() of the integer
 *   fields (libm, not our code) and for NaN the sign and payload;
 * - round trip float16 -> float32/float64 -> float16 of every encoding;
 * - encoding from binary32 and binary64 against ref_round.c (integer-only
 *   RNE) over every float16 midpoint and its neighbours (all ties), the
 *   overflow/underflow boundaries, and a sweep of binary32 patterns.
 */
#include <check.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "sct/numeric/fp16.h"
#include "ref_round.h"
#include "test_util.h"
#include "sct_check_main.h"

#define bits_f32 tu_f32
#define f32_bits tu_b32
#define bits_f64 tu_f64
#define f64_bits tu_b64

/* Reference f32 -> f16 through the integer reference. */
static uint16_t ref_from_f32(uint32_t bits)
{
    uint32_t ax = bits & 0x7fffffffu;
    if (ax > 0x7f800000u)
        return (uint16_t)(((bits >> 16) & 0x8000u) | 0x7e00u |
                          ((ax >> 13) & 0x1ffu));
    if (ax == 0x7f800000u)
        return (uint16_t)(((bits >> 16) & 0x8000u) | 0x7c00u);
    int s, e;
    uint64_t m;
    ref_split32(bits, &s, &m, &e);
    return ref_round(&REF_F16, s, m, e, false);
}

static uint16_t ref_from_f64(uint64_t bits)
{
    uint64_t ax = bits & 0x7fffffffffffffffull;
    uint16_t sign = (uint16_t)((bits >> 48) & 0x8000u);
    if (ax > 0x7ff0000000000000ull)
        return (uint16_t)(sign | 0x7e00u | ((ax >> 42) & 0x1ffu));
    if (ax == 0x7ff0000000000000ull)
        return (uint16_t)(sign | 0x7c00u);
    int s, e;
    uint64_t m;
    ref_split64(bits, &s, &m, &e);
    return ref_round(&REF_F16, s, m, e, false);
}

START_TEST(decode_all_encodings)
{
    for (uint32_t h = 0; h < 65536u; h++) {
        float f = sct_f16_to_f32((uint16_t)h);
        double d = sct_f16_to_f64((uint16_t)h);
        unsigned exp = (h >> 10) & 0x1fu, frac = h & 0x3ffu;
        int neg = (h >> 15) & 1u;
        if (exp == 31 && frac != 0) {
            EXPECT_EQ_U(isnan(f) && isnan(d), 1);
            EXPECT_EQ_U(!!signbit(f), neg);
            /* payload moved up by 13 bits */
            EXPECT_EQ_U((f32_bits(f) >> 13) & 0x3ffu, frac);
            continue;
        }
        double expect = exp == 31 ? INFINITY
                        : exp == 0 ? ldexp((double)frac, -24)
                                   : ldexp((double)(frac | 0x400u), (int)exp - 25);
        if (neg)
            expect = -expect;
        if (f64_bits((double)f) != f64_bits(expect) ||
            f64_bits(d) != f64_bits(expect))
            ck_abort_msg("h=%04x decoded %a expected %a", h, (double)f, expect);
    }
}
END_TEST

START_TEST(round_trip_all_encodings)
{
    for (uint32_t h = 0; h < 65536u; h++) {
        uint16_t back32 = sct_f32_to_f16(sct_f16_to_f32((uint16_t)h));
        uint16_t back64 = sct_f64_to_f16(sct_f16_to_f64((uint16_t)h));
        /* NaNs come back quiet (bit 9 set), everything else unchanged. */
        uint16_t expect = sct_f16_is_nan((uint16_t)h) ? (uint16_t)(h | 0x0200u)
                                                      : (uint16_t)h;
        if (back32 != expect || back64 != expect)
            ck_abort_msg("h=%04x -> %04x / %04x", h, back32, back64);
    }
}
END_TEST

/* Every midpoint between adjacent finite float16 values (and between
 * 65504 and 2^16), exactly as binary32 and binary64, and one ulp on each
 * side: all ties and their neighbours. */
START_TEST(encode_all_ties_and_neighbours)
{
    unsigned long checked = 0;
    for (uint32_t h = 0; h < 0x7c00u; h++) {
        for (int neg = 0; neg < 2; neg++) {
            double lo = ldexp((double)((h & 0x3ffu) | ((h >> 10) ? 0x400u : 0u)),
                              (h >> 10) ? (int)(h >> 10) - 25 : -24);
            double hi = h + 1u == 0x7c00u ? 65536.0
                        : ldexp((double)(((h + 1u) & 0x3ffu) |
                                         (((h + 1u) >> 10) ? 0x400u : 0u)),
                                ((h + 1u) >> 10) ? (int)((h + 1u) >> 10) - 25 : -24);
            double mid = (lo + hi) / 2; /* exact: few bits */
            if (neg)
                mid = -mid;
            uint32_t b32 = f32_bits((float)mid);
            EXPECT_EQ_U(f64_bits((double)(float)mid), f64_bits(mid));
            for (int dlt = -1; dlt <= 1; dlt++) {
                uint32_t v = b32 + (uint32_t)dlt;
                EXPECT_EQ_U(sct_f32_to_f16(bits_f32(v)), ref_from_f32(v));
                uint64_t w = f64_bits(mid) + (uint64_t)(int64_t)dlt;
                EXPECT_EQ_U(sct_f64_to_f16(bits_f64(w)), ref_from_f64(w));
                checked++;
            }
        }
    }
    ck_assert_uint_eq(checked, 0x7c00ul * 2 * 3);
}
END_TEST

/* Hand-derived boundary values (IEEE754 §4.3.1, §7.4). */
typedef struct enc_case { uint32_t f32; uint16_t f16; } enc_case;
static const enc_case boundary_cases[] = {
    {0x477fe000u, 0x7bffu}, /* 65504 = max finite */
    {0x477fefffu, 0x7bffu}, /* just below 65520 */
    {0x477ff000u, 0x7c00u}, /* 65520: tie, max is odd -> up to inf */
    {0x47800000u, 0x7c00u}, /* 65536 */
    {0x7f7fffffu, 0x7c00u}, /* FLT_MAX */
    {0x7f800000u, 0x7c00u}, /* +inf */
    {0xff800000u, 0xfc00u}, /* -inf */
    {0x38800000u, 0x0400u}, /* 2^-14 = min normal */
    {0x387fc000u, 0x03ffu}, /* max subnormal 1023 * 2^-24 */
    {0x387fe000u, 0x0400u}, /* tie between max subnormal (odd) and min normal */
    {0x33800000u, 0x0001u}, /* 2^-24 = min subnormal */
    {0x33000000u, 0x0000u}, /* 2^-25: tie with 0 (even) -> 0 */
    {0x33000001u, 0x0001u}, /* just above 2^-25 -> min subnormal */
    {0xb3000000u, 0x8000u}, /* -2^-25 -> -0 */
    {0x33c00000u, 0x0002u}, /* 1.5 * 2^-24: tie, 1 odd -> 2 */
    {0x34200000u, 0x0002u}, /* 2.5 * 2^-24: tie, 2 even -> 2 */
    {0x00000001u, 0x0000u}, /* binary32 min subnormal -> 0 */
    {0x80000000u, 0x8000u}, /* -0 */
    {0x3f800000u, 0x3c00u}, /* 1 */
    {0x3f801000u, 0x3c00u}, /* 1 + 2^-11: tie, even -> 1 */
    {0x3f803000u, 0x3c02u}, /* 1 + 3*2^-11: tie, odd -> up */
    {0x7fc00000u, 0x7e00u}, /* qNaN */
    {0xffc00000u, 0xfe00u}, /* -qNaN keeps its sign */
    {0x7f800001u, 0x7e00u}, /* sNaN with low payload: quiet NaN, not inf */
    {0x7fa00000u, 0x7f00u}, /* sNaN payload bit kept, quieted */
};

START_TEST(encode_boundaries)
{
    for (size_t i = 0; i < sizeof boundary_cases / sizeof boundary_cases[0]; i++) {
        const enc_case *c = &boundary_cases[i];
        ck_assert_msg(sct_f32_to_f16(bits_f32(c->f32)) == c->f16,
                      "f32 %08x -> %04x expected %04x", c->f32,
                      sct_f32_to_f16(bits_f32(c->f32)), c->f16);
        ck_assert_msg(sct_f64_to_f16((double)bits_f32(c->f32)) == c->f16,
                      "f64 of %08x -> %04x expected %04x", c->f32,
                      sct_f64_to_f16((double)bits_f32(c->f32)), c->f16);
    }
}
END_TEST

/* A sweep of binary32 patterns (odd stride, 64M values spread over all 2^32). */
START_TEST(encode_f32_sweep)
{
    uint32_t v = 0;
    for (uint32_t i = 0; i < (1u << 26); i++) {
        v += 0x9e3779b1u >> 6;
        EXPECT_EQ_U(sct_f32_to_f16(bits_f32(v)), ref_from_f32(v));
    }
}
END_TEST

/* binary64 inputs that binary32 cannot hold: double rounding through
 * binary32 would be wrong here. */
START_TEST(encode_f64_no_double_rounding)
{
    /* 1 + 2^-11 + 2^-40: just above a tie; via binary32 it would round to
     * the tie and then to even (1.0). Correct: up to 0x3c01. */
    ck_assert_uint_eq(sct_f64_to_f16(0x1.0020000001p0), 0x3c01u);
    /* 2^-25 + 2^-60: just above half the min subnormal -> 0x0001. */
    ck_assert_uint_eq(sct_f64_to_f16(0x1.0000000008p-25), 0x0001u);
    uint64_t w = 0x123456789abcdefull;
    for (uint32_t i = 0; i < (1u << 22); i++) {
        w = w * 6364136223846793005ull + 1442695040888963407ull;
        /* Concentrate exponents around the float16 range. */
        uint64_t bits = (w & 0x800fffffffffffffull) |
                        ((uint64_t)(1023 - 30 + (int)((w >> 52) % 50)) << 52);
        EXPECT_EQ_U(sct_f64_to_f16(bits_f64(bits)), ref_from_f64(bits));
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("fp16");
    TCase *tc = tcase_create("conversions");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, decode_all_encodings);
    tcase_add_test(tc, round_trip_all_encodings);
    tcase_add_test(tc, encode_all_ties_and_neighbours);
    tcase_add_test(tc, encode_boundaries);
    tcase_add_test(tc, encode_f32_sweep);
    tcase_add_test(tc, encode_f64_no_double_rounding);
    suite_add_tcase(s, tc);
    return sct_check_run_suite(s);
}
