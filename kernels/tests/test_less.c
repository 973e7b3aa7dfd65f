/*
 * test_less.c — Less kernels: IEEE754-2019 §5.11 compareQuietLess for the
 * float types (NaN unordered -> false, -0 == +0), exact integer order;
 * output bytes 0/1.  Hand-written tables, plus float16/bfloat16 rows and
 * random pairs against a reference that decodes with ldexp() (libm) and
 * compares the real values; SCT_EXHAUSTIVE=1 runs all 2^32 pairs.
 */
#include <check.h>
#include <math.h>
#include <stdint.h>

#include "sct/kernels/kernels.h"
#include "op_table.h"
#include "sweep16.h"
#include "test_util.h"
#include "sct_check_main.h"

#define N(t) (sizeof(t) / sizeof((t)[0]))

static const op_case f16_cases[] = {
    {0x7e00, 0x3c00, 0, 0, "NaN < 1 is false"},
    {0x3c00, 0x7e00, 0, 0, "1 < NaN is false"},
    {0xfe00, 0x7e00, 0, 0, "NaN < NaN is false"},
    {0x8000, 0x0000, 0, 0, "-0 < +0 is false (equal)"},
    {0x0000, 0x8000, 0, 0, "+0 < -0 is false"},
    {0xfc00, 0x7c00, 1, 0, "-inf < +inf"},
    {0x7c00, 0x7c00, 0, 0, "inf < inf is false"},
    {0xbc00, 0xb800, 1, 0, "-1 < -0.5"},
    {0xb800, 0xbc00, 0, 0, "-0.5 < -1 is false"},
    {0x0001, 0x0002, 1, 0, "subnormals ordered"},
    {0x8001, 0x0000, 1, 0, "-2^-24 < +0"},
    {0x8000, 0x0001, 1, 0, "-0 < 2^-24"},
    {0x7bff, 0x7c00, 1, 0, "max < inf"},
    {0xfc00, 0x7d00, 0, 0, "-inf < sNaN is false"},
};
static const op_case bf16_cases[] = {
    {0x7fc0, 0x3f80, 0, 0, "NaN < 1 is false"},
    {0xff80, 0xffc1, 0, 0, "-inf < NaN is false"},
    {0x8000, 0x0000, 0, 0, "-0 < +0 is false"},
    {0xbf80, 0x3f80, 1, 0, "-1 < 1"},
    {0x0001, 0x0080, 1, 0, "subnormal < min normal"},
    {0x7f7f, 0x7f80, 1, 0, "max < inf"},
};
static const op_case f32_cases[] = {
    {0x7fc00000, 0x3f800000, 0, 0, "NaN < 1 is false"},
    {0x80000000, 0x00000000, 0, 0, "-0 < +0 is false"},
    {0x00000001, 0x00000002, 1, 0, "subnormals ordered (no DAZ)"},
    {0xff800000, 0x7f800000, 1, 0, "-inf < inf"},
};
static const op_case f64_cases[] = {
    {0x7ff8000000000000, 0x3ff0000000000000, 0, 0, "NaN < 1 is false"},
    {0x8000000000000000, 0x0000000000000000, 0, 0, "-0 < +0 is false"},
    {0x0000000000000001, 0x0000000000000002, 1, 0, "subnormals ordered"},
    {0x3ff0000000000000, 0x3ff0000000000001, 1, 0, "adjacent"},
};
static const op_case i32_cases[] = {
    {0x80000000, 0x7fffffff, 1, 0, "INT32_MIN < INT32_MAX"},
    {0xffffffff, 0x00000000, 1, 0, "-1 < 0"},
    {0x00000005, 0x00000005, 0, 0, "equal"},
};
static const op_case u32_cases[] = {
    {0xffffffff, 0x00000000, 0, 0, "UINT32_MAX < 0 is false (unsigned)"},
    {0x00000000, 0xffffffff, 1, 0, "0 < UINT32_MAX"},
};
static const op_case i64_cases[] = {
    {0xffffffffffffffff, 0x0000000000000000, 1, 0, "-1 < 0"},
    {0x8000000000000000, 0x8000000000000001, 1, 0, "INT64_MIN < INT64_MIN+1"},
};
static const op_case u64_cases[] = {
    {0xffffffffffffffff, 0x0000000000000000, 0, 0, "unsigned order"},
    {0x7fffffffffffffff, 0x8000000000000000, 1, 0, "2^63-1 < 2^63"},
};

START_TEST(tables)
{
    op_table_run("Less", SONNX_DT_FLOAT16, SONNX_DT_FLOAT16, f16_cases, N(f16_cases));
    op_table_run("Less", SONNX_DT_BFLOAT16, SONNX_DT_BFLOAT16, bf16_cases, N(bf16_cases));
    op_table_run("Less", SONNX_DT_FLOAT, SONNX_DT_FLOAT, f32_cases, N(f32_cases));
    op_table_run("Less", SONNX_DT_DOUBLE, SONNX_DT_DOUBLE, f64_cases, N(f64_cases));
    op_table_run("Less", SONNX_DT_INT32, SONNX_DT_INT32, i32_cases, N(i32_cases));
    op_table_run("Less", SONNX_DT_UINT32, SONNX_DT_UINT32, u32_cases, N(u32_cases));
    op_table_run("Less", SONNX_DT_INT64, SONNX_DT_INT64, i64_cases, N(i64_cases));
    op_table_run("Less", SONNX_DT_UINT64, SONNX_DT_UINT64, u64_cases, N(u64_cases));
}
END_TEST

/* Real value of a 16-bit encoding by ldexp (NaN for NaN encodings). */
static double value16(uint16_t h, int mant_bits)
{
    int exp_bits = 15 - mant_bits;
    unsigned field = (h >> mant_bits) & ((1u << exp_bits) - 1u);
    unsigned frac = h & ((1u << mant_bits) - 1u);
    int bias = (1 << (exp_bits - 1)) - 1;
    double v;
    if (field == (1u << exp_bits) - 1u)
        v = frac ? NAN : INFINITY;
    else if (field == 0)
        v = ldexp((double)frac, 1 - bias - mant_bits);
    else
        v = ldexp((double)(frac | (1u << mant_bits)), (int)field - bias - mant_bits);
    return (h & 0x8000u) ? -v : v;
}

static void check_less(void *ctx, const uint16_t *a, const uint16_t *b,
                       const uint16_t *c, uint32_t n)
{
    int mant_bits = *(const int *)ctx;
    for (uint32_t i = 0; i < n; i++) {
        double x = value16(a[i], mant_bits), y = value16(b[i], mant_bits);
        int want = !isnan(x) && !isnan(y) && x < y;
        if (c[i] != (uint16_t)want)
            ck_abort_msg("Less(0x%04x, 0x%04x) = %u, expected %d", a[i], b[i],
                         c[i], want);
    }
}

static void sweep_float(int32_t type, int mant_bits)
{
    sct_kernel_loop loop = sct_kernel_contiguous("Less", type, type);
    ck_assert(loop != NULL);
    if (sweep16_exhaustive()) {
        sweep16_all(loop, 1, check_less, &mant_bits);
        return;
    }
    uint16_t pick[2048], sub[512];
    uint32_t n = sweep16_interesting(mant_bits, pick, 2048), k = 0;
    for (uint32_t i = 0; i < n && k < 512; i += 4)
        sub[k++] = pick[i];
    sweep16_rows(loop, sub, k, sub, k, 1, check_less, &mant_bits);
    sweep16_random(loop, 1u << 22, 31337u, 1, check_less, &mant_bits);
}

START_TEST(f16_sweep) { sweep_float(SONNX_DT_FLOAT16, 10); }
END_TEST

START_TEST(bf16_sweep) { sweep_float(SONNX_DT_BFLOAT16, 7); }
END_TEST

START_TEST(small_ints_exhaustive)
{
    sct_kernel_loop li = sct_kernel_contiguous("Less", SONNX_DT_INT8, SONNX_DT_INT8);
    sct_kernel_loop lu = sct_kernel_contiguous("Less", SONNX_DT_UINT8, SONNX_DT_UINT8);
    uint8_t a[256], b[256], c[256];
    for (int x = 0; x < 256; x++) {
        for (int y = 0; y < 256; y++) {
            a[y] = (uint8_t)x;
            b[y] = (uint8_t)y;
        }
        li(a, b, c, 256);
        for (int y = 0; y < 256; y++)
            EXPECT_EQ_U(c[y], (int8_t)x < (int8_t)y);
        lu(a, b, c, 256);
        for (int y = 0; y < 256; y++)
            EXPECT_EQ_U(c[y], x < y);
    }
    /* int16 / uint16: a row of extremes against everything. */
    sct_kernel_loop l16 = sct_kernel_contiguous("Less", SONNX_DT_INT16, SONNX_DT_INT16);
    sct_kernel_loop lu16 = sct_kernel_contiguous("Less", SONNX_DT_UINT16, SONNX_DT_UINT16);
    static uint16_t xs[65536], ys[65536];
    uint8_t cs[65536];
    const uint16_t rows[] = {0x0000, 0x8000, 0x7fff, 0xffff, 0x0001};
    for (size_t r = 0; r < N(rows); r++) {
        for (uint32_t i = 0; i < 65536u; i++) {
            xs[i] = rows[r];
            ys[i] = (uint16_t)i;
        }
        l16(xs, ys, cs, 65536);
        for (uint32_t i = 0; i < 65536u; i++)
            EXPECT_EQ_U(cs[i], (int16_t)xs[i] < (int16_t)ys[i]);
        lu16(xs, ys, cs, 65536);
        for (uint32_t i = 0; i < 65536u; i++)
            EXPECT_EQ_U(cs[i], xs[i] < ys[i]);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("less");
    TCase *tc = tcase_create("less");
    tcase_set_timeout(tc, sweep16_exhaustive() ? 36000 : 300);
    tcase_add_test(tc, tables);
    tcase_add_test(tc, f16_sweep);
    tcase_add_test(tc, bf16_sweep);
    tcase_add_test(tc, small_ints_exhaustive);
    suite_add_tcase(s, tc);
    return sct_check_run_suite(s);
}
