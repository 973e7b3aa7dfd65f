/*
 * test_pow.c — Pow kernels.
 * - C11 Annex F.9.4.4 special cases, one row per clause, on float64 and on
 *   float16 bases (expected encodings written by hand).
 * - int64/uint64 exponents above 2^53: the parity decides the sign of a
 *   negative base (binary64 conversion would make them even).
 * - One rounding to the base type: tie cases in the float16/bfloat16/
 *   float32 subnormal ranges.
 * - Integer base: exact powers with wraparound, negative exponents,
 *   float exponents (truncation, NaN -> 0, saturation), all without UB.
 * - float16 and bfloat16 bases: all pairs (x, n) with small integer
 *   exponents checked against exact integer arithmetic + ref_round.
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>

#include "sct/kernels/kernels.h"
#include "sct/numeric/bf16.h"
#include "sct/numeric/fp16.h"
#include "op_table.h"
#include "ref_round.h"
#include "test_util.h"
#include "sct_check_main.h"

#define N(t) (sizeof(t) / sizeof((t)[0]))

#define D_NAN 0x7ff8000000000000u
#define D_ONE 0x3ff0000000000000u
#define D_INF 0x7ff0000000000000u
#define D_NINF 0xfff0000000000000u
#define D_NZERO 0x8000000000000000u

/* Annex F.9.4.4, in the order of the standard. */
static const op_case annex_f64[] = {
    {0x0000000000000000, 0xc008000000000000, D_INF, 0, "pow(+0, -3) = +inf"},
    {D_NZERO, 0xc008000000000000, D_NINF, 0, "pow(-0, -3) = -inf (odd y<0)"},
    {D_NZERO, 0xc000000000000000, D_INF, 0, "pow(-0, -2) = +inf (y<0 not odd)"},
    {D_NZERO, 0xbfe0000000000000, D_INF, 0, "pow(-0, -0.5) = +inf"},
    {D_NZERO, D_NINF, D_INF, 0, "pow(-0, -inf) = +inf"},
    {D_NZERO, 0x4008000000000000, D_NZERO, 0, "pow(-0, 3) = -0 (odd y>0)"},
    {D_NZERO, 0x4000000000000000, 0, 0, "pow(-0, 2) = +0"},
    {D_NZERO, 0x3fe0000000000000, 0, 0, "pow(-0, 0.5) = +0"},
    {0xbff0000000000000, D_INF, D_ONE, 0, "pow(-1, +inf) = 1"},
    {0xbff0000000000000, D_NINF, D_ONE, 0, "pow(-1, -inf) = 1"},
    {D_ONE, D_NAN, D_ONE, 0, "pow(+1, NaN) = 1"},
    {D_ONE, D_NINF, D_ONE, 0, "pow(+1, -inf) = 1"},
    {D_NAN, 0x0000000000000000, D_ONE, 0, "pow(NaN, +0) = 1"},
    {D_NAN, D_NZERO, D_ONE, 0, "pow(NaN, -0) = 1"},
    {0xc000000000000000, 0x3fe0000000000000, 0, 1, "pow(-2, 0.5) = NaN"},
    {0x3fe0000000000000, D_NINF, D_INF, 0, "pow(0.5, -inf) = +inf"},
    {0x4000000000000000, D_NINF, 0, 0, "pow(2, -inf) = +0"},
    {0x3fe0000000000000, D_INF, 0, 0, "pow(0.5, +inf) = +0"},
    {0xc000000000000000, D_INF, D_INF, 0, "pow(-2, +inf) = +inf"},
    {D_NINF, 0xc008000000000000, D_NZERO, 0, "pow(-inf, -3) = -0"},
    {D_NINF, 0xc000000000000000, 0, 0, "pow(-inf, -2) = +0"},
    {D_NINF, 0x4008000000000000, D_NINF, 0, "pow(-inf, 3) = -inf"},
    {D_NINF, 0x4000000000000000, D_INF, 0, "pow(-inf, 2) = +inf"},
    {D_NINF, 0x3fe0000000000000, D_INF, 0, "pow(-inf, 0.5) = +inf"},
    {D_INF, 0xbff0000000000000, 0, 0, "pow(+inf, -1) = +0"},
    {D_INF, 0x3fe0000000000000, D_INF, 0, "pow(+inf, 0.5) = +inf"},
    {0x4000000000000000, D_NAN, 0, 1, "pow(2, NaN) = NaN"},
    {D_NAN, D_ONE, 0, 1, "pow(NaN, 1) = NaN"},
    {0xc000000000000000, 0x4008000000000000, 0xc020000000000000, 0, "(-2)^3 = -8"},
    {0x4000000000000000, 0x4024000000000000, 0x4090000000000000, 0, "2^10 = 1024"},
    {0x4000000000000000, 0xc090c80000000000, 0x0000000000000001, 0, "2^-1074"},
    {0xc000000000000000, 0x43e02207973f6440, D_INF, 0, "(-2)^9.3e18 (even) = +inf"},
};

START_TEST(annex_f_float64)
{
    op_table_run("Pow", SONNX_DT_DOUBLE, SONNX_DT_DOUBLE, annex_f64, N(annex_f64));
}
END_TEST

static const op_case f16_f16[] = {
    {0x4000, 0x4900, 0x6400, 0, "2^10 = 1024"},
    {0x4000, 0x4c00, 0x7c00, 0, "2^16 overflows"},
    {0x4000, 0xce00, 0x0001, 0, "2^-24 min subnormal"},
    {0x4000, 0xce40, 0x0000, 0, "2^-25: tie to even 0"},
    {0xbc00, 0x7c00, 0x3c00, 0, "pow(-1, inf) = 1"},
    {0x3c00, 0x7e00, 0x3c00, 0, "pow(1, NaN) = 1"},
    {0xc000, 0x3800, 0, 1, "pow(-2, 0.5) = NaN"},
    {0x4400, 0x3800, 0x4000, 0, "4^0.5 = 2"},
    {0x8000, 0xbc00, 0xfc00, 0, "pow(-0, -1) = -inf"},
    {0x0000, 0xc000, 0x7c00, 0, "pow(+0, -2) = +inf"},
    {0xfc00, 0x4200, 0xfc00, 0, "pow(-inf, 3) = -inf"},
};

static const op_case f16_i8[] = {
    {0xc000, 0x03, 0xc800, 0, "(-2)^3 = -8"},
    {0x3c01, 0x02, 0x3c02, 0, "(1+2^-10)^2 = 1+2^-9+2^-20 -> 0x3c02"},
    {0x7e00, 0x00, 0x3c00, 0, "pow(NaN, 0) = 1"},
};

static const op_case f16_i64[] = {
    {0x8000, 0xffffffffffffffff, 0xfc00, 0, "pow(-0, -1) = -inf"},
    {0xbc00, 0x7fffffffffffffff, 0xbc00, 0, "(-1)^(2^63-1), odd: -1"},
    {0xbc00, 0x4000000000000000, 0x3c00, 0, "(-1)^(2^62), even: 1"},
    {0xbc00, 0x8000000000000000, 0x3c00, 0, "(-1)^INT64_MIN, even: 1"},
    {0xc000, 0x0020000000000001, 0xfc00, 0, "(-2)^(2^53+1), odd: -inf"},
    {0xc000, 0x0020000000000002, 0x7c00, 0, "(-2)^(2^53+2), even: +inf"},
    {0xb800, 0xffdfffffffffffff, 0xfc00, 0, "(-0.5)^-(2^53+1): -inf"},
    {0x8000, 0x8000000000000001, 0xfc00, 0, "(-0)^(odd < -2^53) = -inf"},
    {0x7e00, 0x0020000000000001, 0, 1, "NaN^huge = NaN"},
};

static const op_case f16_u64[] = {
    {0xbc00, 0xffffffffffffffff, 0xbc00, 0, "(-1)^(2^64-1), odd: -1"},
    {0xb800, 0x0020000000000001, 0x8000, 0, "(-0.5)^(2^53+1) = -0"},
    {0x3c00, 0xffffffffffffffff, 0x3c00, 0, "1^anything = 1"},
};

static const op_case f32_i32[] = {
    {0x40000000, 0xffffff6b, 0x00000001, 0, "2^-149 min subnormal"},
    {0x40000000, 0xffffff6a, 0x00000000, 0, "2^-150: tie to even 0"},
    {0x40400000, 0x00000002, 0x41100000, 0, "3^2 = 9"},
};

static const op_case f64_i64[] = {
    {0xbff0000000000000, 0x7fffffffffffffff, 0xbff0000000000000, 0, "(-1)^odd"},
    {0xbff0000000000000, 0x7ffffffffffffffe, 0x3ff0000000000000, 0, "(-1)^even"},
};

static const op_case bf16_i32[] = {
    {0x4000, 0xffffff7b, 0x0001, 0, "2^-133 min subnormal"},
    {0x4000, 0xffffff7a, 0x0000, 0, "2^-134: tie to even 0"},
    {0x4000, 0x00000080, 0x7f80, 0, "2^128 overflows"},
    {0x4000, 0x0000007f, 0x7f00, 0, "2^127"},
};

START_TEST(float_bases)
{
    op_table_run("Pow", SONNX_DT_FLOAT16, SONNX_DT_FLOAT16, f16_f16, N(f16_f16));
    op_table_run("Pow", SONNX_DT_FLOAT16, SONNX_DT_INT8, f16_i8, N(f16_i8));
    op_table_run("Pow", SONNX_DT_FLOAT16, SONNX_DT_INT64, f16_i64, N(f16_i64));
    op_table_run("Pow", SONNX_DT_FLOAT16, SONNX_DT_UINT64, f16_u64, N(f16_u64));
    op_table_run("Pow", SONNX_DT_FLOAT, SONNX_DT_INT32, f32_i32, N(f32_i32));
    op_table_run("Pow", SONNX_DT_DOUBLE, SONNX_DT_INT64, f64_i64, N(f64_i64));
    op_table_run("Pow", SONNX_DT_BFLOAT16, SONNX_DT_INT32, bf16_i32, N(bf16_i32));
}
END_TEST

static const op_case i32_i32[] = {
    {2, 10, 0x400, 0, "2^10"},
    {2, 31, 0x80000000, 0, "2^31 wraps to INT32_MIN"},
    {2, 32, 0, 0, "2^32 wraps to 0"},
    {3, 0, 1, 0, "x^0 = 1"},
    {0, 0, 1, 0, "0^0 = 1"},
    {0xffffffff, 0xfffffffd, 0xffffffff, 0, "(-1)^-3 = -1"},
    {0xffffffff, 0xfffffffc, 1, 0, "(-1)^-4 = 1"},
    {1, 0xfffffffb, 1, 0, "1^-5 = 1"},
    {2, 0xffffffff, 0, 0, "2^-1 truncates to 0"},
    {0, 0xffffffff, 0, 0, "0^-1: documented 0, no trap"},
    {0xfffffffe, 3, 0xfffffff8, 0, "(-2)^3 = -8"},
    {3, 20, 0xcfd41b91, 0, "3^20 wraps modulo 2^32"},
};
static const op_case i32_u64[] = {
    {3, 0xffffffffffffffff, 0xaaaaaaab, 0, "3^(2^64-1) mod 2^32"},
    {0xffffffff, 0xffffffffffffffff, 0xffffffff, 0, "(-1)^odd = -1"},
};
static const op_case i64_i64[] = {
    {2, 62, 0x4000000000000000, 0, "2^62"},
    {2, 63, 0x8000000000000000, 0, "2^63 wraps"},
    {0xfffffffffffffffd, 3, 0xffffffffffffffe5, 0, "(-3)^3 = -27"},
    {0, 0x8000000000000000, 0, 0, "0^INT64_MIN: documented 0"},
};
static const op_case i32_f32[] = {
    {2, 0x3f000000, 1, 0, "2^0.5 = 1.41 truncates to 1"},
    {0xfffffff8, 0x3eaaaaab, 0, 0, "(-8)^(1/3) = NaN -> documented 0"},
    {10, 0x41a40000, 0x7fffffff, 0, "10^20.5 saturates to INT32_MAX"},
    {0xfffffff6, 0x41a80000, 0x21600000, 0, "(-10)^21.0 exact, wraps"},
    {0xfffffffe, 0x5f0ac723, 0x7fffffff, 0, "(-2)^1e19 = +inf saturates"},
    {0, 0xbf800000, 0, 0, "0^-1.0 = documented 0"},
    {3, 0x40000000, 9, 0, "3^2.0 = 9"},
};
static const op_case i32_f64[] = {
    {2, D_INF, 0x7fffffff, 0, "2^inf saturates"},
    {2, D_NINF, 0, 0, "2^-inf = 0"},
    {1, D_NAN, 1, 0, "1^NaN = 1 (Annex F)"},
    {2, D_NAN, 0, 0, "2^NaN = NaN -> documented 0"},
};
static const op_case i64_f64[] = {
    {3, 0x4043800000000000, 0x383d9170b85ff80b, 0, "3^39.0 exact beyond 2^53"},
};

START_TEST(integer_bases)
{
    op_table_run("Pow", SONNX_DT_INT32, SONNX_DT_INT32, i32_i32, N(i32_i32));
    op_table_run("Pow", SONNX_DT_INT32, SONNX_DT_UINT64, i32_u64, N(i32_u64));
    op_table_run("Pow", SONNX_DT_INT64, SONNX_DT_INT64, i64_i64, N(i64_i64));
    op_table_run("Pow", SONNX_DT_INT32, SONNX_DT_FLOAT, i32_f32, N(i32_f32));
    op_table_run("Pow", SONNX_DT_INT32, SONNX_DT_DOUBLE, i32_f64, N(i32_f64));
    op_table_run("Pow", SONNX_DT_INT64, SONNX_DT_DOUBLE, i64_f64, N(i64_f64));
}
END_TEST

/* x^n for every finite 16-bit x and n = 2, 3, -1: exact in integers
 * (significand powers up to 33 bits; 1/x via ref_divide), then ref_round. */
static void small_powers(int32_t type, const ref_format *f)
{
    sct_kernel_loop loop = sct_kernel_contiguous("Pow", type, SONNX_DT_INT8);
    ck_assert(loop != NULL);
    static uint16_t xs[65536], out[65536];
    int8_t ns[65536];
    const int8_t exps[] = {2, 3, -1};
    uint16_t inf = f->precision == 11 ? 0x7c00 : 0x7f80;
    for (size_t k = 0; k < N(exps); k++) {
        for (uint32_t i = 0; i < 65536u; i++) {
            xs[i] = (uint16_t)i;
            ns[i] = exps[k];
        }
        loop(xs, ns, out, 65536);
        for (uint32_t i = 0; i < 65536u; i++) {
            uint16_t x = (uint16_t)i;
            if ((x & 0x7fffu) >= inf || (x & 0x7fffu) == 0)
                continue; /* specials are covered by the tables */
            int s, e;
            uint64_t m;
            ref_split16(f, x, &s, &m, &e);
            int n = exps[k];
            uint16_t want;
            int neg = s && (n & 1);
            if (n == -1)
                want = ref_divide(f, neg, 1, 0, m, e);
            else if (n == 2)
                want = ref_round(f, 0, m * m, 2 * e, false);
            else
                want = ref_round(f, neg, m * m * m, 3 * e, false);
            if (out[i] != want)
                ck_abort_msg("pow(0x%04x, %d) = 0x%04x, expected 0x%04x", x, n,
                             out[i], want);
        }
    }
}

START_TEST(f16_small_integer_powers) { small_powers(SONNX_DT_FLOAT16, &REF_F16); }
END_TEST

START_TEST(bf16_small_integer_powers) { small_powers(SONNX_DT_BFLOAT16, &REF_BF16); }
END_TEST

int main(void)
{
    Suite *s = suite_create("pow");
    TCase *tc = tcase_create("pow");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, annex_f_float64);
    tcase_add_test(tc, float_bases);
    tcase_add_test(tc, integer_bases);
    tcase_add_test(tc, f16_small_integer_powers);
    tcase_add_test(tc, bf16_small_integer_powers);
    suite_add_tcase(s, tc);
    return sct_check_run_suite(s);
}
