/*
 * test_sweep_arbiter.c — sampled Pow sweeps with a float64 operand, whose
 * reference (glibc pow) is not always correctly rounded, judge the pairs
 * where an implementation differs from it against MPFR (sweep_arbiter.h):
 * - a correctly rounded implementation PASSES, every pair exact, and the
 *   pairs judged are exactly those where the reference is not correctly
 *   rounded;
 * - an implementation 1 ULP from the reference but 2 ULP from the correctly
 *   rounded result on those pairs FAILS with exactly that many mismatches
 *   (judged against the reference alone it would pass a 1-ULP tolerance).
 * Expected counts come from this file's own loop over the samples: the
 * reference kernel against this file's MPFR evaluation (its own code: a
 * mpfr_pow in the format's exponent range, then mpfr_subnormalize).
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <mpfr.h>

#include "sct/sweep/sweep.h"
#include "sct/sweep/sweep_sample.h"
#include "sct_check_main.h"

#define N_SAMPLES 200000u
#define SEED 21u

static int32_t g_b_type; /* the exponent type of the space under test */

static double b_value(const void *b, size_t i)
{
    switch (g_b_type) {
    case SONNX_DT_FLOAT: return ((const float *)b)[i];
    case SONNX_DT_DOUBLE: return ((const double *)b)[i];
    default: return 0.0;
    }
}

/* The correctly rounded binary64 x^y (y as the space's exponent). */
static uint64_t cr_pow(double x, const void *b, size_t i)
{
    mpfr_t a, e, r;
    mpfr_set_emin(-1073); /* binary64: x = 0.1f * 2^E, E in [-1073, 1024] */
    mpfr_set_emax(1024);
    mpfr_init2(a, 53);
    mpfr_init2(e, 64);
    mpfr_init2(r, 53);
    mpfr_set_d(a, x, MPFR_RNDN);
    if (g_b_type == SONNX_DT_INT64)
        mpfr_set_sj(e, ((const int64_t *)b)[i], MPFR_RNDN);
    else
        mpfr_set_d(e, b_value(b, i), MPFR_RNDN);
    int t = mpfr_pow(r, a, e, MPFR_RNDN);
    t = mpfr_check_range(r, t, MPFR_RNDN);
    mpfr_subnormalize(r, t, MPFR_RNDN);
    double d = mpfr_get_d(r, MPFR_RNDN);
    mpfr_clears(a, e, r, (mpfr_ptr)0);
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    return u;
}

static int is_nan64(uint64_t u)
{
    return (u & ~(UINT64_C(1) << 63)) > UINT64_C(0x7ff0000000000000);
}

static int64_t ordered(uint64_t u)
{
    return (u >> 63) ? -(int64_t)(u & ~(UINT64_C(1) << 63)) : (int64_t)u;
}

static uint64_t from_ordered(int64_t o)
{
    return o < 0 ? (UINT64_C(1) << 63) | (uint64_t)-o : (uint64_t)o;
}

/* ref moved one step away from cr (ordered encodings, crossing zero as
 * -0 = +0); ref itself when that would leave the encodings (beyond inf). */
static uint64_t away_from(uint64_t ref, uint64_t cr)
{
    int64_t o = ordered(ref) + (ordered(ref) > ordered(cr) ? 1 : -1);
    uint64_t u = from_ordered(o);
    return is_nan64(u) ? ref : u;
}

static void reference(const void *a, const void *b, void *c, size_t n)
{
    sct_kernel_contiguous("Pow", SONNX_DT_DOUBLE, g_b_type)(a, b, c, n);
}

/* Correctly rounded everywhere. */
static void pow_cr(const void *a, const void *b, void *c, size_t n)
{
    const double *x = a;
    uint64_t *z = c;
    reference(a, b, c, n);
    for (size_t i = 0; i < n; i++)
        if (!is_nan64(z[i]))
            z[i] = cr_pow(x[i], b, i);
}

/* Where the reference is not correctly rounded: one ULP further away from
 * the correctly rounded value (2 ULP from it, 1 from the reference). */
static void pow_away(const void *a, const void *b, void *c, size_t n)
{
    const double *x = a;
    uint64_t *z = c;
    reference(a, b, c, n);
    for (size_t i = 0; i < n; i++) {
        if (is_nan64(z[i]))
            continue;
        uint64_t cr = cr_pow(x[i], b, i);
        if (cr != z[i])
            z[i] = away_from(z[i], cr);
    }
}

/* float64^int64 with |n| > 2^53 and a finite non-zero reference: the
 * reference's powl path, which the arbiter judges whatever the
 * implementation returned (sweep_arbiter.h). */
static int powl_path(const void *b, size_t i, uint64_t ref)
{
    if (g_b_type != SONNX_DT_INT64)
        return 0;
    int64_t n = ((const int64_t *)b)[i];
    uint64_t m = n < 0 ? 0u - (uint64_t)n : (uint64_t)n;
    uint64_t mag = ref & ~(UINT64_C(1) << 63);
    return m > (UINT64_C(1) << 53) && mag != 0 && mag < UINT64_C(0x7ff0000000000000);
}

typedef struct counts {
    uint64_t wrong;   /* reference != correctly rounded */
    uint64_t movable; /* of those, where pow_away differs from the reference */
    uint64_t forced;  /* powl-path pairs */
    uint64_t forced_wrong;   /* powl-path pairs with a wrong reference */
    uint64_t movable_forced; /* movable and powl-path */
} counts;

/* What the sweep must find, counted here. */
static counts reference_wrong(void)
{
    sct_sample_gen g;
    ck_assert_int_eq(sct_sample_gen_init(&g, "Pow", SONNX_DT_DOUBLE, g_b_type, SEED), 0);
    double *a = malloc(N_SAMPLES * sizeof *a);
    uint64_t *b = malloc(N_SAMPLES * sizeof *b), *z = malloc(N_SAMPLES * sizeof *z);
    ck_assert(a && b && z);
    sct_sample_fill(&g, 0, N_SAMPLES, a, b);
    reference(a, b, z, N_SAMPLES);
    counts c = {0, 0, 0, 0, 0};
    for (size_t i = 0; i < N_SAMPLES; i++) {
        uint64_t cr = is_nan64(z[i]) ? z[i] : cr_pow(a[i], b, i);
        int forced = powl_path(b, i, z[i]);
        int movable = cr != z[i] && away_from(z[i], cr) != z[i];
        c.wrong += cr != z[i];
        c.movable += movable;
        c.forced += forced;
        c.forced_wrong += forced && cr != z[i];
        c.movable_forced += movable && forced;
    }
    free(a);
    free(b);
    free(z);
    mpfr_free_cache();
    return c;
}

static sct_sweep_result sweep(sct_kernel_loop impl_loop)
{
    sct_sweep_spec spec;
    memset(&spec, 0, sizeof spec);
    spec.op_type = "Pow";
    spec.a_type = SONNX_DT_DOUBLE;
    spec.b_type = g_b_type;
    spec.samples = N_SAMPLES;
    spec.seed = SEED;
    spec.shard_count = 1;
    spec.max_ulp = 1;
    spec.threads = 2;
    spec.keep_mismatches = 4;
    ck_assert(!sct_sweep_reference_exact(&spec));
    ck_assert(sct_sweep_arbitrated(&spec));
    sct_sweep_impl impl;
    sct_sweep_impl_init_loop(&impl, impl_loop);
    sct_sweep_result r;
    char err[256];
    ck_assert_msg(sct_sweep_run(&spec, &impl, &r, err, sizeof err) == 0, "%s", err);
    sct_sweep_impl_destroy(&impl);
    return r;
}

static const int32_t k_exponents[] = {SONNX_DT_DOUBLE, SONNX_DT_FLOAT, SONNX_DT_INT64};

START_TEST(correctly_rounded_implementation_passes)
{
    g_b_type = k_exponents[_i];
    counts c = reference_wrong();
    ck_assert_uint_gt(c.wrong, 0); /* else this test could not fail */
    sct_sweep_result r = sweep(pow_cr);
    ck_assert(sct_sweep_passed(&r));
    ck_assert_uint_eq(r.exact, N_SAMPLES);
    /* judged: every pair where it differs from the reference (all within
     * reach), and the powl-path pairs where it does not */
    ck_assert_uint_eq(r.arbitrated, c.wrong + c.forced - c.forced_wrong);
    ck_assert_uint_eq(r.reference_corrected, c.wrong);
    sct_sweep_result_free(&r);
}
END_TEST

START_TEST(two_ulp_from_correct_fails_though_one_from_reference)
{
    g_b_type = k_exponents[_i];
    counts c = reference_wrong();
    ck_assert_uint_gt(c.movable, 0);
    ck_assert_uint_le(c.movable, c.wrong);
    sct_sweep_result r = sweep(pow_away);
    ck_assert(!sct_sweep_passed(&r));
    ck_assert_uint_eq(r.mismatches, c.movable);
    ck_assert_uint_eq(r.arbitrated, c.movable + c.forced - c.movable_forced);
    ck_assert_uint_eq(r.reference_corrected, c.movable + c.forced_wrong - c.movable_forced);
    /* 2 on a real CPU; more under valgrind, whose binary64 emulation of the
     * x87 long double leaves the powl path's reference far off (those
     * pairs are judged against MPFR anyway) */
    ck_assert_uint_ge(r.max_ulp_seen, 2);
    ck_assert_uint_le(r.max_ulp_seen, c.forced_wrong ? UINT64_MAX : 2);
    sct_sweep_result_free(&r);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("sweep_arbiter");
    TCase *tc = tcase_create("arbiter");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, correctly_rounded_implementation_passes, 0, 3);
    tcase_add_loop_test(tc, two_ulp_from_correct_fails_though_one_from_reference, 0, 3);
    suite_add_tcase(s, tc);
    return sct_check_run_suite(s);
}
