/*
 * test_mul.c — Mul kernels.
 * - float16/bfloat16/float32/float64 special cases and ties, expected
 *   encodings derived by hand (IEEE754 §6.3 signs, §7.2 0*inf, §7.4
 *   overflow, §4.3.1 ties to even, gradual underflow).
 * - float16/bfloat16 against the integer reference (exact product, one
 *   RNE rounding): interesting operands x all encodings, random pairs;
 *   SCT_EXHAUSTIVE=1 runs all 2^32 pairs.
 * - Integers: wraparound modulo 2^n (sonnx-mul:int), including the spec's
 *   own UINT8/INT8 examples, and int16 rows against 64-bit products.
 */
#include <check.h>
#include <stdint.h>

#include "sct/kernels/kernels.h"
#include "loops.h"
#include "op_table.h"
#include "ref_binop16.h"
#include "sweep16.h"
#include "test_util.h"
#include "sct_check_main.h"

#define N(t) (sizeof(t) / sizeof((t)[0]))

static const op_case f16_cases[] = {
    {0x0000, 0x7c00, 0, 1, "0*inf = NaN (§7.2)"},
    {0x8000, 0x3c00, 0x8000, 0, "-0*1 = -0 (§6.3)"},
    {0x8000, 0x8000, 0x0000, 0, "-0*-0 = +0"},
    {0xfc00, 0xbc00, 0x7c00, 0, "-inf*-1 = +inf"},
    {0x5c00, 0x5c00, 0x7c00, 0, "256*256 = 65536 overflows"},
    {0x5bff, 0x5c00, 0x7bff, 0, "255.875*256 = 65504 = max"},
    {0x0001, 0x3800, 0x0000, 0, "2^-24*0.5: tie to even 0"},
    {0x0003, 0x3800, 0x0002, 0, "3*2^-25: tie to even 2"},
    {0x0400, 0x3800, 0x0200, 0, "min normal*0.5 subnormal"},
    {0x3c01, 0x3c01, 0x3c02, 0, "(1+2^-10)^2 rounds down"},
    {0x3e00, 0x3e00, 0x4080, 0, "1.5*1.5 = 2.25"},
    {0x3c01, 0x3e00, 0x3e02, 0, "1.5+3*2^-11: tie, odd -> even up"},
    {0x7e00, 0x0000, 0, 1, "NaN*0 = NaN"},
};

static const op_case bf16_cases[] = {
    {0x3f81, 0x3fc0, 0x3fc2, 0, "(1+2^-7)*1.5: tie to even up"},
    {0x0d80, 0x0d80, 0x0000, 0, "2^-100*2^-100 = 2^-200 -> 0"},
    {0x7180, 0x7180, 0x7f80, 0, "2^100*2^100 overflows"},
    {0x1c80, 0x2180, 0x0008, 0, "2^-70*2^-60 = 2^-130 subnormal"},
    {0x0000, 0xff80, 0, 1, "0*-inf = NaN"},
    {0x8000, 0x3f80, 0x8000, 0, "-0*1 = -0"},
};

static const op_case f32_cases[] = {
    {0x3f800001, 0x3f800001, 0x3f800002, 0, "(1+2^-23)^2"},
    {0x00000001, 0x3f000000, 0x00000000, 0, "tie to even 0"},
    {0x00000003, 0x3f000000, 0x00000002, 0, "tie to even 2"},
    {0x7f7fffff, 0x40000000, 0x7f800000, 0, "overflow"},
    {0x00000000, 0xff800000, 0, 1, "0*-inf"},
    {0x80000000, 0x00000000, 0x80000000, 0, "-0*+0 = -0"},
};

static const op_case f64_cases[] = {
    {0x3ff0000000000001, 0x3ff0000000000001, 0x3ff0000000000002, 0, "(1+2^-52)^2"},
    {0x0000000000000001, 0x3fe0000000000000, 0, 0, "tie to even 0"},
    {0x8000000000000000, 0x7ff0000000000000, 0, 1, "-0*inf"},
    {0x7fefffffffffffff, 0x4000000000000000, 0x7ff0000000000000, 0, "overflow"},
};

START_TEST(float_special_cases)
{
    op_table_run("Mul", SONNX_DT_FLOAT16, SONNX_DT_FLOAT16, f16_cases, N(f16_cases));
    op_table_run("Mul", SONNX_DT_BFLOAT16, SONNX_DT_BFLOAT16, bf16_cases, N(bf16_cases));
    op_table_run("Mul", SONNX_DT_FLOAT, SONNX_DT_FLOAT, f32_cases, N(f32_cases));
    op_table_run("Mul", SONNX_DT_DOUBLE, SONNX_DT_DOUBLE, f64_cases, N(f64_cases));
}
END_TEST

typedef struct ref_ctx { const char *what; const ref_format *f; } ref_ctx;

static void check_ref(void *ctx, const uint16_t *a, const uint16_t *b,
                      const uint16_t *c, uint32_t n)
{
    const ref_ctx *r = ctx;
    ref_check_pairs(r->what, r->f, ref_mul16, a, b, c, n);
}

static void sweep_against_ref(const char *what, sct_kernel_loop loop,
                              const ref_format *f, int mant_bits)
{
    ck_assert(loop != NULL);
    ref_ctx ctx = {what, f};
    if (sweep16_exhaustive()) {
        sweep16_all(loop, 2, check_ref, &ctx);
        return;
    }
    uint16_t pick[2048], sub[512];
    uint32_t n = sweep16_interesting(mant_bits, pick, 2048), k = 0;
    for (uint32_t i = 0; i < n && k < 512; i += 4)
        sub[k++] = pick[i];
    sweep16_rows(loop, sub, k, sub, k, 2, check_ref, &ctx);
    sweep16_random(loop, 1u << 22, 999u, 2, check_ref, &ctx);
}

START_TEST(f16_against_reference)
{
    /* the dispatched loop (F16C fast path on capable x86-64 CPUs) */
    sweep_against_ref("Mul float16",
                      sct_kernel_contiguous("Mul", SONNX_DT_FLOAT16, SONNX_DT_FLOAT16),
                      &REF_F16, 10);
}
END_TEST

START_TEST(f16_portable_against_reference)
{
    /* the portable loop, whatever the CPU */
    sweep_against_ref("Mul float16 (portable)", sct_mul_f16_portable, &REF_F16, 10);
}
END_TEST

START_TEST(bf16_against_reference)
{
    sweep_against_ref("Mul bfloat16",
                      sct_kernel_contiguous("Mul", SONNX_DT_BFLOAT16, SONNX_DT_BFLOAT16),
                      &REF_BF16, 7);
}
END_TEST

static const op_case i8_cases[] = {
    {0xfa, 0xfd, 0x12, 0, "-6*-3 = 18 (sonnx-mul:int example)"},
    {0xf7, 0x64, 0x7c, 0, "-9*100 = -900 -> 124 (spec example)"},
    {0xf7, 0x9c, 0x84, 0, "-9*-100 = 900 -> -124 (spec example)"},
    {0x09, 0x64, 0x84, 0, "9*100 = 900 -> -124 (spec example)"},
    {0x80, 0xff, 0x80, 0, "-128*-1 = 128 -> -128"},
    {0x64, 0x03, 0x2c, 0, "100*3 = 300 -> 44"},
};
static const op_case u8_cases[] = {
    {0x06, 0x03, 0x12, 0, "6*3 = 18 (spec example)"},
    {0x09, 0x64, 0x84, 0, "9*100 = 900 -> 132 (spec example)"},
    {0x23, 0x05, 0xaf, 0, "35*5 = 175 (spec example)"},
    {0xff, 0xff, 0x01, 0, "255*255 = 65025 -> 1"},
};
static const op_case i16_cases[] = {
    {0x8000, 0xffff, 0x8000, 0, "INT16_MIN*-1 wraps"},
    {0x0100, 0x0100, 0x0000, 0, "256*256 = 2^16 -> 0"},
    {0x7fff, 0x7fff, 0x0001, 0, "32767^2 = 0x3fff0001 -> 1"},
};
static const op_case u16_cases[] = {
    {0xffff, 0xffff, 0x0001, 0, "65535^2 (no int overflow UB)"},
};
static const op_case i32_cases[] = {
    {0x7fffffff, 0x00000002, 0xfffffffe, 0, "INT32_MAX*2 -> -2"},
    {0x80000000, 0xffffffff, 0x80000000, 0, "INT32_MIN*-1 wraps"},
    {0x00010000, 0x00010000, 0x00000000, 0, "2^16*2^16 -> 0"},
};
static const op_case u32_cases[] = {
    {0xffffffff, 0xffffffff, 0x00000001, 0, "wraps"},
};
static const op_case i64_cases[] = {
    {0x8000000000000000, 0xffffffffffffffff, 0x8000000000000000, 0, "INT64_MIN*-1"},
    {0x7fffffffffffffff, 0x0000000000000002, 0xfffffffffffffffe, 0, "INT64_MAX*2"},
};
static const op_case u64_cases[] = {
    {0x0000000100000000, 0x0000000100000000, 0, 0, "2^32*2^32 -> 0"},
    {0xffffffffffffffff, 0xffffffffffffffff, 1, 0, "wraps"},
};

START_TEST(int_wraparound)
{
    op_table_run("Mul", SONNX_DT_INT8, SONNX_DT_INT8, i8_cases, N(i8_cases));
    op_table_run("Mul", SONNX_DT_UINT8, SONNX_DT_UINT8, u8_cases, N(u8_cases));
    op_table_run("Mul", SONNX_DT_INT16, SONNX_DT_INT16, i16_cases, N(i16_cases));
    op_table_run("Mul", SONNX_DT_UINT16, SONNX_DT_UINT16, u16_cases, N(u16_cases));
    op_table_run("Mul", SONNX_DT_INT32, SONNX_DT_INT32, i32_cases, N(i32_cases));
    op_table_run("Mul", SONNX_DT_UINT32, SONNX_DT_UINT32, u32_cases, N(u32_cases));
    op_table_run("Mul", SONNX_DT_INT64, SONNX_DT_INT64, i64_cases, N(i64_cases));
    op_table_run("Mul", SONNX_DT_UINT64, SONNX_DT_UINT64, u64_cases, N(u64_cases));
}
END_TEST

static void check_i16(void *ctx, const uint16_t *a, const uint16_t *b,
                      const uint16_t *c, uint32_t n)
{
    (void)ctx;
    for (uint32_t i = 0; i < n; i++) {
        int64_t p = (int64_t)(int16_t)a[i] * (int64_t)(int16_t)b[i];
        EXPECT_EQ_U(c[i], (uint64_t)p & 0xffffu);
    }
}

START_TEST(int16_rows)
{
    sct_kernel_loop li = sct_kernel_contiguous("Mul", SONNX_DT_INT16, SONNX_DT_INT16);
    const uint16_t rows[] = {0x0000, 0x0001, 0xffff, 0x7fff, 0x8000, 0x0100,
                             0x1234, 0xfedc, 0x00ff, 0x5555};
    sweep16_rows(li, rows, N(rows), rows, N(rows), 2, check_i16, NULL);
    sweep16_random(li, 1u << 20, 4242u, 2, check_i16, NULL);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("mul");
    TCase *tc = tcase_create("mul");
    tcase_set_timeout(tc, sweep16_exhaustive() ? 36000 : 300);
    tcase_add_test(tc, float_special_cases);
    tcase_add_test(tc, f16_against_reference);
    tcase_add_test(tc, f16_portable_against_reference);
    tcase_add_test(tc, bf16_against_reference);
    tcase_add_test(tc, int_wraparound);
    tcase_add_test(tc, int16_rows);
    suite_add_tcase(s, tc);
    return sct_check_run_suite(s);
}
