/*
 * test_sweep_exact.c — the reference of the sampled float32/float64 Div and
 * Mul sweeps checked EXACTLY (docs/sweeps.md, "The reference of the sampled
 * sweeps").  The argument: kernels/div and kernels/mul compute x / y and
 * x * y with the hardware's binary32/binary64 operations (SSE2 on x86-64,
 * correctly rounded by IEEE754-2019 §5.4.1, roundTiesToEven §4.3.1), built
 * with -ffp-contract=off and without fast-math/FTZ/DAZ.  This test does not
 * take that on trust: for 2^18 generated pairs per space (uniform, special,
 * near-midpoint, subnormal and overflow results, sweep_sample.h) it decides
 * with integer arithmetic (128-bit, no floating point) that the kernel's
 * result is the correctly rounded one: the exact value a*b, or a/b
 * (compared by cross-multiplication), lies in the result's rounding
 * interval [ (v(r-1)+v(r))/2, (v(r)+v(r+1))/2 ], its ends included only
 * for an even significand (ties to even); inf exactly when the value
 * reaches the overflow threshold 2^emax (2 - 2^-p) (§7.4); the sign is the
 * XOR of the operands' (§6.3).  It also requires ties, subnormal results
 * and overflows to have occurred, and checks that defective loops (flush
 * of subnormal results, x * (1/y), double rounding through x87 long
 * double) are rejected — the check can fail.
 */
#include <check.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exact_float.h"
#include "sct/kernels/kernels.h"
#include "sct/sweep/sweep_sample.h"
#include "sct_check_main.h"

/* sign(x 2^ex - y 2^ey) for x, y < 2^127. */
static int cmp(u128 x, int ex, u128 y, int ey)
{
    if (x == 0 || y == 0)
        return (x != 0) - (y != 0);
    int lx = (int)exact_bitlen(x) + ex, ly = (int)exact_bitlen(y) + ey;
    if (lx != ly)
        return lx < ly ? -1 : 1;
    if (ex > ey)
        x <<= (ex - ey);
    else
        y <<= (ey - ex);
    return (x > y) - (x < y);
}

/* (v(m1) + v(m2)) / 2 as M * 2^E. */
static void midpoint(const exact_fmt *f, uint64_t m1, uint64_t m2, u128 *m, int *e)
{
    u128 x, y;
    int ex, ey;
    exact_value(f, m1, &x, &ex);
    exact_value(f, m2, &y, &ey);
    int lo = ex < ey ? ex : ey;
    *m = (x << (ex - lo)) + (y << (ey - lo));
    *e = lo - 1;
}

typedef struct exact {
    bool div;
    u128 num; int num_e;   /* Mul: the product; Div: the dividend */
    u128 den; int den_e;   /* Div: the divisor */
} exact;

/* sign(exact - M 2^E) */
static int cmp_exact(const exact *x, u128 m, int e)
{
    if (!x->div)
        return cmp(x->num, x->num_e, m, e);
    return cmp(x->num, x->num_e, m * x->den, e + x->den_e);
}

typedef struct stats {
    uint64_t checked, wrong, ties, subnormal, overflow;
} stats;

/* Is r the correctly rounded |a op b| with the right sign? */
static bool check_pair(const exact_fmt *f, bool div, uint64_t a, uint64_t b,
                       uint64_t r, stats *st)
{
    uint64_t s = exact_sign_bit(f), inf = exact_inf_bits(f);
    uint64_t ma_bits = a & ~s, mb_bits = b & ~s, mag = r & ~s;
    if (ma_bits == 0 || mb_bits == 0 || ma_bits >= inf || mb_bits >= inf)
        return true; /* zeros, infinities, NaN: IEEE special rules, not rounding */
    st->checked++;
    if ((r & s) != ((a ^ b) & s) || mag > inf)
        return false;
    exact x;
    u128 ma, mb;
    int ea, eb;
    exact_value(f, ma_bits, &ma, &ea);
    exact_value(f, mb_bits, &mb, &eb);
    x.div = div;
    if (div) {
        x.num = ma, x.num_e = ea, x.den = mb, x.den_e = eb;
    } else {
        x.num = ma * mb, x.num_e = ea + eb, x.den = 1, x.den_e = 0;
    }
    bool even = (mag & 1u) == 0;
    u128 m;
    int e;
    if (mag == inf) { /* overflow: exact >= threshold (max finite is odd) */
        st->overflow++;
        midpoint(f, inf - 1u, inf, &m, &e);
        return cmp_exact(&x, m, e) >= 0;
    }
    if (mag > 0 && mag < (UINT64_C(1) << (f->p - 1)))
        st->subnormal++;
    if (mag > 0) {
        midpoint(f, mag - 1u, mag, &m, &e);
        int c = cmp_exact(&x, m, e);
        st->ties += c == 0;
        if (c < 0 || (c == 0 && !even))
            return false;
    }
    midpoint(f, mag, mag + 1u, &m, &e);
    int c = cmp_exact(&x, m, e);
    st->ties += c == 0;
    return c < 0 || (c == 0 && even);
}

static stats check_loop(const exact_fmt *f, const char *op, sct_kernel_loop loop,
                        size_t n)
{
    sct_sample_gen g;
    ck_assert_int_eq(sct_sample_gen_init(&g, op, f->type, f->type, 2026), 0);
    size_t sz = f->width / 8;
    unsigned char *a = malloc(n * sz), *b = malloc(n * sz), *c = malloc(n * sz);
    ck_assert(a && b && c);
    sct_sample_fill(&g, 0, n, a, b);
    loop(a, b, c, n);
    stats st = {0};
    bool div = strcmp(op, "Div") == 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t x = 0, y = 0, r = 0;
        memcpy(&x, a + i * sz, sz); /* little-endian host (x86-64, aarch64) */
        memcpy(&y, b + i * sz, sz);
        memcpy(&r, c + i * sz, sz);
        st.wrong += !check_pair(f, div, x, y, r, &st);
    }
    free(a);
    free(b);
    free(c);
    return st;
}

/* Defective loops the check must reject. */
static void flush_mul_f32(const void *a, const void *b, void *c, size_t n)
{
    const float *x = a, *y = b;
    float *z = c;
    for (size_t i = 0; i < n; i++) {
        z[i] = x[i] * y[i];
        if (fpclassify(z[i]) == FP_SUBNORMAL)
            z[i] = copysignf(0.0f, z[i]);
    }
}

static void reciprocal_div_f32(const void *a, const void *b, void *c, size_t n)
{
    const float *x = a, *y = b;
    float *z = c;
    for (size_t i = 0; i < n; i++)
        z[i] = x[i] * (1.0f / y[i]);
}

static void x87_mul_f64(const void *a, const void *b, void *c, size_t n)
{
    const double *x = a, *y = b;
    double *z = c;
    for (size_t i = 0; i < n; i++)
        z[i] = (double)((long double)x[i] * (long double)y[i]);
}

typedef struct row {
    const char *name;
    const exact_fmt *f;
    const char *op;
    sct_kernel_loop defect; /* 0: the reference kernel, must pass */
    bool expect_wrong;
} row;

static const row rows[] = {
    {"reference Mul float32", &exact_f32, "Mul", 0, false},
    {"reference Div float32", &exact_f32, "Div", 0, false},
    {"reference Mul float64", &exact_f64, "Mul", 0, false},
    {"reference Div float64", &exact_f64, "Div", 0, false},
    {"flush subnormal results", &exact_f32, "Mul", flush_mul_f32, true},
    {"x * (1/y)", &exact_f32, "Div", reciprocal_div_f32, true},
    /* double rounding 64 -> 53 bits: expected only where long double
     * arithmetic really is wider than binary64 and narrower than 106 bits
     * (x87; decided at run time: valgrind emulates x87 at 53 bits) */
    {"x87 double rounding", &exact_f64, "Mul", x87_mul_f64, true},
};

static bool long_double_double_rounds(void)
{
    volatile long double one = 1.0L, eps = LDBL_EPSILON;
    return LDBL_MANT_DIG < 106 && one + eps != one && (double)(one + eps) == 1.0;
}

START_TEST(reference_is_correctly_rounded_and_defects_are_caught)
{
    const row *t = &rows[_i];
    sct_kernel_loop loop = t->defect ? t->defect
                                     : sct_kernel_contiguous(t->op, t->f->type, t->f->type);
    ck_assert(loop != 0);
    stats st = check_loop(t->f, t->op, loop, (size_t)1 << 18);
    ck_assert_uint_gt(st.checked, 100000);
    if (t->defect == x87_mul_f64 && !long_double_double_rounds()) {
        printf("%s: long double is not wider than binary64 here: not expected "
               "to fail\n", t->name);
        return;
    }
    if (t->expect_wrong) {
        ck_assert_msg(st.wrong > 0, "%s: defect not detected", t->name);
        return;
    }
    printf("%s: %llu pairs checked exactly, %llu ties, %llu subnormal results, "
           "%llu overflows, %llu wrong\n", t->name, (unsigned long long)st.checked,
           (unsigned long long)st.ties, (unsigned long long)st.subnormal,
           (unsigned long long)st.overflow, (unsigned long long)st.wrong);
    ck_assert_msg(st.wrong == 0, "%s: %llu of %llu pairs not correctly rounded",
                  t->name, (unsigned long long)st.wrong,
                  (unsigned long long)st.checked);
    ck_assert_uint_gt(st.subnormal, 1000);
    ck_assert_uint_gt(st.overflow, 1000);
    if (strcmp(t->op, "Mul") == 0)
        ck_assert_uint_gt(st.ties, 100); /* exact ties: ties-to-even seen */
}
END_TEST

int main(void)
{
    Suite *s = suite_create("sweep_exact");
    TCase *tc = tcase_create("exact");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, reference_is_correctly_rounded_and_defects_are_caught,
                        0, (int)(sizeof rows / sizeof rows[0]));
    suite_add_tcase(s, tc);
    return sct_check_run_suite(s);
}
