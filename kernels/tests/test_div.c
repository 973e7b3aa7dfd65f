/*
 * test_div.c — Div kernels.
 * - Special cases and rounding boundaries for float16, bfloat16, float32,
 *   float64: expected encodings derived by hand from IEEE 754 (§6.3 signs,
 *   §7.2 invalid, §7.3 division by zero, §7.4 overflow, §4.3.1 ties).
 * - float16/bfloat16 against the integer reference (ref_binop16.c): every
 *   "interesting" operand against all 65536 encodings on either side, plus
 *   4M random pairs; SCT_EXHAUSTIVE=1 runs all 2^32 pairs.
 * - Integers: truncation toward zero (onnx-div), x/0 -> 0 and
 *   INT_MIN/-1 -> INT_MIN without trapping (UBSan-clean) for every width;
 *   int8/uint8 exhaustively, int16/uint16 by rows and random pairs against
 *   plain C division written here.
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>

#include "sct/kernels/kernels.h"
#include "loops.h"
#include "op_table.h"
#include "ref_binop16.h"
#include "sweep16.h"
#include "test_util.h"
#include "sct_check_main.h"

#define N(t) (sizeof(t) / sizeof((t)[0]))

static const op_case f16_cases[] = {
    {0x3c00, 0x0000, 0x7c00, 0, "1/+0 = +inf (IEEE754 §7.3, sonnx-div:float inf)"},
    {0x3c00, 0x8000, 0xfc00, 0, "1/-0 = -inf (§6.3 sign XOR)"},
    {0xbc00, 0x0000, 0xfc00, 0, "-1/+0 = -inf"},
    {0x0000, 0x0000, 0, 1, "0/0 = NaN (§7.2, sonnx-div:float nan)"},
    {0x7c00, 0xfc00, 0, 1, "inf/inf = NaN (§7.2)"},
    {0x7c00, 0x3c00, 0x7c00, 0, "inf/1 = inf"},
    {0x3c00, 0xfc00, 0x8000, 0, "1/-inf = -0"},
    {0x0000, 0xbc00, 0x8000, 0, "0/-1 = -0 (§6.3)"},
    {0x7e00, 0x3c00, 0, 1, "qNaN/1 = NaN (§6.2)"},
    {0x3c00, 0x7d00, 0, 1, "1/sNaN = NaN (§6.2)"},
    {0x4600, 0x4200, 0x4000, 0, "6/3 = 2 exact"},
    {0x3c00, 0x4200, 0x3555, 0, "1/3 rounds down"},
    {0x7bff, 0x3800, 0x7c00, 0, "65504/0.5 overflows to inf (§7.4)"},
    {0x7bff, 0x3c00, 0x7bff, 0, "65504/1"},
    {0x0001, 0x4000, 0x0000, 0, "2^-24/2 = 2^-25: tie to even 0"},
    {0x0003, 0x4000, 0x0002, 0, "3*2^-24/2: tie to even 2"},
    {0x0001, 0x3800, 0x0002, 0, "2^-24/0.5 = 2^-23"},
    {0x0400, 0x4000, 0x0200, 0, "min normal/2 = subnormal, no flush"},
    {0x8001, 0x4000, 0x8000, 0, "-2^-25 ties to -0"},
    {0x3c00, 0x7bff, 0x0100, 0, "1/65504 = 256.125 * 2^-24 -> 0x0100"},
    {0x3c00, 0x0001, 0x7c00, 0, "1/2^-24 = 2^24 overflows"},
    {0x0001, 0x0001, 0x3c00, 0, "subnormal/subnormal = 1"},
    {0x0400, 0x0001, 0x6400, 0, "2^-14/2^-24 = 1024"},
};

static const op_case bf16_cases[] = {
    {0x3f80, 0x4040, 0x3eab, 0, "1/3 rounds up"},
    {0x3f80, 0x0000, 0x7f80, 0, "1/+0 = +inf (§7.3)"},
    {0x8000, 0x8000, 0, 1, "-0/-0 = NaN (§7.2)"},
    {0xff80, 0x3f80, 0xff80, 0, "-inf/1 = -inf"},
    {0x0080, 0x4380, 0x0000, 0, "2^-126/2^8 = 2^-134: tie to even 0"},
    {0x0080, 0x4300, 0x0001, 0, "2^-126/2^7 = 2^-133 min subnormal"},
    {0x00c0, 0x4380, 0x0001, 0, "1.5*2^-134 rounds up to 2^-133"},
    {0x7f7f, 0x3f00, 0x7f80, 0, "max/0.5 overflows (§7.4)"},
    {0x0001, 0x7f7f, 0x0000, 0, "2^-133/max underflows to 0 (below binary32 range)"},
    {0x7f00, 0x0001, 0x7f80, 0, "2^127/2^-133 overflows (beyond binary32 range)"},
    {0x0001, 0x0001, 0x3f80, 0, "subnormal/subnormal = 1"},
    {0x3f80, 0x7f00, 0x0040, 0, "1/2^127 = 2^-127 subnormal"},
    {0x7fc0, 0x3f80, 0, 1, "NaN propagates"},
};

static const op_case f32_cases[] = {
    {0x3f800000, 0x40400000, 0x3eaaaaab, 0, "1/3 rounds up"},
    {0x00000001, 0x40000000, 0x00000000, 0, "2^-150: tie to even 0"},
    {0x00000003, 0x40000000, 0x00000002, 0, "1.5*2^-149: tie to even 2"},
    {0x00800000, 0x40000000, 0x00400000, 0, "FLT_MIN/2 subnormal, no flush"},
    {0x3f800000, 0x80000000, 0xff800000, 0, "1/-0 = -inf"},
    {0x7f800000, 0x7f800000, 0, 1, "inf/inf = NaN"},
    {0x7f7fffff, 0x3f000000, 0x7f800000, 0, "FLT_MAX/0.5 overflows"},
    {0x00000000, 0x00000000, 0, 1, "0/0 = NaN"},
    {0x80000000, 0x3f800000, 0x80000000, 0, "-0/1 = -0"},
};

static const op_case f64_cases[] = {
    {0x3ff0000000000000, 0x4008000000000000, 0x3fd5555555555555, 0, "1/3"},
    {0x0000000000000001, 0x4000000000000000, 0, 0, "2^-1075: tie to even 0"},
    {0x0000000000000003, 0x4000000000000000, 2, 0, "tie to even 2"},
    {0x3ff0000000000000, 0x8000000000000000, 0xfff0000000000000, 0, "1/-0"},
    {0, 0, 0, 1, "0/0 = NaN"},
    {0x7fefffffffffffff, 0x3fe0000000000000, 0x7ff0000000000000, 0, "overflow"},
};

START_TEST(float_special_cases)
{
    op_table_run("Div", SONNX_DT_FLOAT16, SONNX_DT_FLOAT16, f16_cases, N(f16_cases));
    op_table_run("Div", SONNX_DT_BFLOAT16, SONNX_DT_BFLOAT16, bf16_cases, N(bf16_cases));
    op_table_run("Div", SONNX_DT_FLOAT, SONNX_DT_FLOAT, f32_cases, N(f32_cases));
    op_table_run("Div", SONNX_DT_DOUBLE, SONNX_DT_DOUBLE, f64_cases, N(f64_cases));
}
END_TEST

typedef struct ref_ctx { const char *what; const ref_format *f; ref_binop16_fn fn; } ref_ctx;

static void check_ref(void *ctx, const uint16_t *a, const uint16_t *b,
                      const uint16_t *c, uint32_t n)
{
    const ref_ctx *r = ctx;
    ref_check_pairs(r->what, r->f, r->fn, a, b, c, n);
}

static void sweep_against_ref(const char *what, sct_kernel_loop loop,
                              const ref_format *f, int mant_bits)
{
    ck_assert(loop != NULL);
    ref_ctx ctx = {what, f, ref_div16};
    if (sweep16_exhaustive()) {
        sweep16_all(loop, 2, check_ref, &ctx);
        return;
    }
    uint16_t pick[2048];
    uint32_t n = sweep16_interesting(mant_bits, pick, 2048);
    /* every 4th interesting operand on each side keeps ctest short */
    uint16_t sub[512];
    uint32_t k = 0;
    for (uint32_t i = 0; i < n && k < 512; i += 4)
        sub[k++] = pick[i];
    sweep16_rows(loop, sub, k, sub, k, 2, check_ref, &ctx);
    sweep16_random(loop, 1u << 22, 12345u, 2, check_ref, &ctx);
}

START_TEST(f16_against_reference)
{
    /* the dispatched loop (F16C fast path on capable x86-64 CPUs) */
    sweep_against_ref("Div float16",
                      sct_kernel_contiguous("Div", SONNX_DT_FLOAT16, SONNX_DT_FLOAT16),
                      &REF_F16, 10);
}
END_TEST

START_TEST(f16_portable_against_reference)
{
    /* the portable loop, whatever the CPU */
    sweep_against_ref("Div float16 (portable)", sct_div_f16_portable, &REF_F16, 10);
}
END_TEST

START_TEST(bf16_against_reference)
{
    sweep_against_ref("Div bfloat16",
                      sct_kernel_contiguous("Div", SONNX_DT_BFLOAT16, SONNX_DT_BFLOAT16),
                      &REF_BF16, 7);
}
END_TEST

/* Integer edge cases, two's-complement encodings written out. */
static const op_case i8_cases[] = {
    {0x07, 0x02, 0x03, 0, "7/2 = 3 (truncation, onnx-div)"},
    {0xf9, 0x02, 0xfd, 0, "-7/2 = -3 (toward zero, not floor -4)"},
    {0x07, 0xfe, 0xfd, 0, "7/-2 = -3"},
    {0x80, 0xff, 0x80, 0, "INT8_MIN/-1 = INT8_MIN (documented wrap)"},
    {0x05, 0x00, 0x00, 0, "x/0 = 0 (documented; undefined in spec)"},
    {0x80, 0x00, 0x00, 0, "INT8_MIN/0 = 0"},
    {0x7f, 0xff, 0x81, 0, "127/-1 = -127"},
};
static const op_case u8_cases[] = {
    {0xff, 0x00, 0x00, 0, "x/0 = 0"},
    {0xff, 0x10, 0x0f, 0, "255/16 = 15"},
};
static const op_case i16_cases[] = {
    {0x8000, 0xffff, 0x8000, 0, "INT16_MIN/-1 = INT16_MIN"},
    {0x1234, 0x0000, 0x0000, 0, "x/0 = 0"},
    {0xfff9, 0x0002, 0xfffd, 0, "-7/2 = -3"},
    {0x7fff, 0x0001, 0x7fff, 0, "32767/1"},
    {0x8000, 0x0002, 0xc000, 0, "-32768/2 = -16384"},
    {0x8000, 0x7fff, 0xffff, 0, "-32768/32767 = -1"},
    {0x7fff, 0x8000, 0x0000, 0, "32767/-32768 = 0"},
    {0x7ffe, 0x7fff, 0x0000, 0, "32766/32767 = 0 (quotient just below 1)"},
};
static const op_case u16_cases[] = {
    {0xffff, 0x0000, 0x0000, 0, "x/0 = 0"},
    {0xffff, 0x0001, 0xffff, 0, "65535/1"},
    {0xffff, 0xfffe, 0x0001, 0, "65535/65534 = 1"},
    {0xfffe, 0xffff, 0x0000, 0, "65534/65535 = 0"},
};
static const op_case i32_cases[] = {
    {0x80000000, 0xffffffff, 0x80000000, 0, "INT32_MIN/-1 = INT32_MIN"},
    {0x80000000, 0x00000000, 0x00000000, 0, "INT32_MIN/0 = 0"},
    {0xfffffff9, 0x00000002, 0xfffffffd, 0, "-7/2 = -3"},
    {0x7fffffff, 0xffffffff, 0x80000001, 0, "INT32_MAX/-1"},
};
static const op_case u32_cases[] = {
    {0xffffffff, 0x00000000, 0x00000000, 0, "x/0 = 0"},
    {0xffffffff, 0x00000010, 0x0fffffff, 0, "truncation"},
};
static const op_case i64_cases[] = {
    {0x8000000000000000, 0xffffffffffffffff, 0x8000000000000000, 0, "INT64_MIN/-1"},
    {0x0000000000000007, 0x0000000000000000, 0x0000000000000000, 0, "x/0 = 0"},
    {0xfffffffffffffff9, 0x0000000000000002, 0xfffffffffffffffd, 0, "-7/2 = -3"},
};
static const op_case u64_cases[] = {
    {0xffffffffffffffff, 0x0000000000000000, 0x0000000000000000, 0, "x/0 = 0"},
    {0xffffffffffffffff, 0x0000000000000003, 0x5555555555555555, 0, "exact"},
};

START_TEST(int_edge_cases)
{
    op_table_run("Div", SONNX_DT_INT8, SONNX_DT_INT8, i8_cases, N(i8_cases));
    op_table_run("Div", SONNX_DT_UINT8, SONNX_DT_UINT8, u8_cases, N(u8_cases));
    op_table_run("Div", SONNX_DT_INT16, SONNX_DT_INT16, i16_cases, N(i16_cases));
    op_table_run("Div", SONNX_DT_UINT16, SONNX_DT_UINT16, u16_cases, N(u16_cases));
    op_table_run("Div", SONNX_DT_INT32, SONNX_DT_INT32, i32_cases, N(i32_cases));
    op_table_run("Div", SONNX_DT_UINT32, SONNX_DT_UINT32, u32_cases, N(u32_cases));
    op_table_run("Div", SONNX_DT_INT64, SONNX_DT_INT64, i64_cases, N(i64_cases));
    op_table_run("Div", SONNX_DT_UINT64, SONNX_DT_UINT64, u64_cases, N(u64_cases));
}
END_TEST

/* Plain C reference for the small types: the quotient in int arithmetic
 * (C11 6.5.5p6 truncates toward zero), x/0 -> 0, wrapped to the width. */
static uint16_t ref_int_div(int32_t a, int32_t b, int bits)
{
    int32_t q = b == 0 ? 0 : a / b;
    return (uint16_t)((uint32_t)q & ((1u << bits) - 1u));
}

START_TEST(int8_exhaustive)
{
    uint8_t a[256], b[256], c[256];
    sct_kernel_loop li = sct_kernel_contiguous("Div", SONNX_DT_INT8, SONNX_DT_INT8);
    sct_kernel_loop lu = sct_kernel_contiguous("Div", SONNX_DT_UINT8, SONNX_DT_UINT8);
    for (int x = 0; x < 256; x++) {
        for (int y = 0; y < 256; y++) {
            a[y] = (uint8_t)x;
            b[y] = (uint8_t)y;
        }
        li(a, b, c, 256);
        for (int y = 0; y < 256; y++)
            EXPECT_EQ_U(c[y], ref_int_div((int8_t)x, (int8_t)y, 8));
        lu(a, b, c, 256);
        for (int y = 0; y < 256; y++)
            EXPECT_EQ_U(c[y], ref_int_div(x, y, 8));
    }
}
END_TEST

static void check_i16(void *ctx, const uint16_t *a, const uint16_t *b,
                      const uint16_t *c, uint32_t n)
{
    (void)ctx;
    for (uint32_t i = 0; i < n; i++)
        EXPECT_EQ_U(c[i], ref_int_div((int16_t)a[i], (int16_t)b[i], 16));
}

static void check_u16(void *ctx, const uint16_t *a, const uint16_t *b,
                      const uint16_t *c, uint32_t n)
{
    (void)ctx;
    for (uint32_t i = 0; i < n; i++)
        EXPECT_EQ_U(c[i], ref_int_div(a[i], b[i], 16));
}

START_TEST(int16_rows_and_random)
{
    sct_kernel_loop li = sct_kernel_contiguous("Div", SONNX_DT_INT16, SONNX_DT_INT16);
    sct_kernel_loop lu = sct_kernel_contiguous("Div", SONNX_DT_UINT16, SONNX_DT_UINT16);
    if (sweep16_exhaustive()) {
        sweep16_all(li, 2, check_i16, NULL);
        sweep16_all(lu, 2, check_u16, NULL);
        return;
    }
    /* Large dividends stress the binary32 quotient argument. */
    const uint16_t rows[] = {0x0000, 0x0001, 0xffff, 0x7fff, 0x8000, 0x7ffe,
                             0x8001, 0xfffe, 0x4000, 0xc000, 0x1234, 0xff00,
                             0x00ff, 0x5555, 0xaaaa, 0x7f7f};
    sweep16_rows(li, rows, N(rows), rows, N(rows), 2, check_i16, NULL);
    sweep16_rows(lu, rows, N(rows), rows, N(rows), 2, check_u16, NULL);
    sweep16_random(li, 1u << 22, 777u, 2, check_i16, NULL);
    sweep16_random(lu, 1u << 22, 778u, 2, check_u16, NULL);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("div");
    TCase *tc = tcase_create("div");
    tcase_set_timeout(tc, sweep16_exhaustive() ? 36000 : 300);
    tcase_add_test(tc, float_special_cases);
    tcase_add_test(tc, f16_against_reference);
    tcase_add_test(tc, f16_portable_against_reference);
    tcase_add_test(tc, bf16_against_reference);
    tcase_add_test(tc, int_edge_cases);
    tcase_add_test(tc, int8_exhaustive);
    tcase_add_test(tc, int16_rows_and_random);
    suite_add_tcase(s, tc);
    return sct_check_run_suite(s);
}
