/*
 * test_pow_cr.c — the built-in float32 Pow is correctly rounded (sonnx-pow
 * R3, IEEE754-2019 §9.2) on the published hardest-to-round binary32 pow
 * inputs of the CORE-MATH project, one row per list:
 * - generators/data/core_math_powf_worst.txt: the 91 worst cases the
 *   vectors carry (Pow float32_float32 case worst_cases);
 * - kernels/tests/data/core_math_powf_2022-03-21.wc.gz: CORE-MATH's whole
 *   y > 0 list (64 421 inputs, x^y within 2^-44 .. 2^-57 ULP of a rounding
 *   boundary), gzip-compressed, header lines '#'.
 * For every listed (x, y):
 * - the registry's float32^float32 loop equals x^y computed here with
 *   200-bit MPFR and rounded once more to binary32 (RNE, binary32's
 *   exponent range imposed, subnormals rounded from the ternary value):
 *   the expected value never comes from pow/pow_cr.c;
 * - the list is effective: with the MPFR recomputation of pow/pow_cr.c
 *   switched off, some of them come out wrong (binary64 pow rounded to
 *   binary32), so a kernel without the fallback fails this test.
 */
#include <check.h>
#include <math.h>
#include <mpfr.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

#include "pow/pow_cr.h"
#include "pow/pow_real.h"
#include "sct/kernels/kernels.h"
#include "sct_check_main.h"

typedef struct pow_list {
    const char *path;
    size_t n_expected; /* inputs in the file: a truncated copy fails */
} pow_list;

static const pow_list LISTS[] = {
    {SCT_POW_WORST_CASES, 91},
    {SCT_POW_WORST_CASES_FULL, 64421},
};

typedef struct cases {
    float *x, *y;
    size_t n, cap;
} cases;

/* Reads "x,y[ # k]" lines of hex floats (plain or gzip: gzgets reads both);
 * '#' lines and blank lines are skipped. */
static cases load(const char *path)
{
    gzFile fh = gzopen(path, "rb");
    ck_assert_msg(fh != NULL, "cannot open %s", path);
    cases c = {0};
    char line[256];
    size_t lineno = 0;
    while (gzgets(fh, line, sizeof line) != NULL) {
        lineno++;
        if (line[0] == '#' || line[0] == '\n')
            continue;
        char *end, *end_y;
        float x = strtof(line, &end);
        ck_assert_msg(end != line && *end == ',', "%s:%zu: no 'x,' in '%s'", path, lineno, line);
        float y = strtof(end + 1, &end_y);
        ck_assert_msg(end_y != end + 1 && (*end_y == '\n' || *end_y == ' ' || *end_y == '\0'),
                      "%s:%zu: no y after ',' in '%s'", path, lineno, line);
        if (c.n == c.cap) {
            c.cap = c.cap ? 2 * c.cap : 1024;
            c.x = realloc(c.x, c.cap * sizeof *c.x);
            c.y = realloc(c.y, c.cap * sizeof *c.y);
            ck_assert(c.x != NULL && c.y != NULL);
        }
        c.x[c.n] = x;
        c.y[c.n] = y;
        c.n++;
    }
    int err;
    const char *msg = gzerror(fh, &err);
    ck_assert_msg(err == Z_OK || err == Z_STREAM_END, "%s: read error: %s", path, msg);
    gzclose(fh);
    return c;
}

/* x^y rounded once to binary32: 200 bits (the hardest binary32 pow input
 * is far closer than 2^-150 ULP to no boundary, and exact results and
 * midpoints are exact at 200 bits), then 24 bits with binary32's exponent
 * range (MPFR's exponents are those of significands in [1/2, 1): normals
 * 2^-126 = 0.5 * 2^-125 .. < 2^128, smallest subnormal 2^-149 = 0.5 * 2^-148). */
static float mpfr_ref(float x, float y)
{
    mpfr_t mx, my, r, r24;
    mpfr_inits2(200, mx, my, r, (mpfr_ptr)0);
    mpfr_init2(r24, 24);
    mpfr_set_flt(mx, x, MPFR_RNDN);
    mpfr_set_flt(my, y, MPFR_RNDN);
    mpfr_pow(r, mx, my, MPFR_RNDN);
    mpfr_exp_t old_min = mpfr_get_emin(), old_max = mpfr_get_emax();
    mpfr_set_emin(-148);
    mpfr_set_emax(128);
    int t = mpfr_set(r24, r, MPFR_RNDN);
    t = mpfr_check_range(r24, t, MPFR_RNDN);
    (void)mpfr_subnormalize(r24, t, MPFR_RNDN);
    float out = mpfr_get_flt(r24, MPFR_RNDN);
    mpfr_set_emin(old_min);
    mpfr_set_emax(old_max);
    mpfr_clears(mx, my, r, r24, (mpfr_ptr)0);
    return out;
}

START_TEST(list_correctly_rounded)
{
    const pow_list *l = &LISTS[_i];
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    cases c = load(l->path);
    ck_assert_msg(c.n == l->n_expected, "%s: %zu inputs, expected %zu", l->path, c.n,
                  l->n_expected);
    sct_kernel_loop loop = sct_kernel_contiguous("Pow", SONNX_DT_FLOAT, SONNX_DT_FLOAT);
    ck_assert_msg(loop != NULL, "no float32 Pow loop");
    float *got = malloc(c.n * sizeof *got);
    ck_assert(got != NULL);
    loop(c.x, c.y, got, c.n);
    size_t wrong = 0, plain_wrong = 0;
    for (size_t i = 0; i < c.n; i++) {
        float want = mpfr_ref(c.x[i], c.y[i]);
        if (memcmp(&got[i], &want, sizeof want) != 0) {
            if (wrong < 20)
                fprintf(stderr, "%s: pow(%a, %a) = %a, correctly rounded %a\n", l->path,
                        c.x[i], c.y[i], got[i], want);
            wrong++;
        }
        /* The same input without the fallback: binary64 pow rounded. */
        double d = sct_pow_real(c.x[i], c.y[i]);
        float plain = (float)sct_pow_cr_round(c.x[i], c.y[i], d, &sct_pow_fmt_f32, 0);
        if (memcmp(&plain, &want, sizeof want) != 0)
            plain_wrong++;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    printf("%s: %zu inputs, %zu not correctly rounded; binary64 pow rounded to binary32: "
           "%zu off; %.2f s\n",
           l->path, c.n, wrong, plain_wrong,
           (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec));
    free(got);
    free(c.x);
    free(c.y);
    mpfr_free_cache(); /* MPFR's constant caches: no leak report under ASan */
    ck_assert_msg(wrong == 0, "%s: %zu of %zu inputs not correctly rounded", l->path, wrong,
                  c.n);
    ck_assert_msg(plain_wrong > 0, "%s: no input needs the MPFR fallback: the list tests nothing",
                  l->path);
}
END_TEST

int main(void)
{
    TCase *tc = tcase_create("lists");
    /* 64 421 MPFR evaluations twice (kernel fallback, reference): seconds
     * on a quiet machine, more on a loaded one; Check's default is 4 s. */
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, list_correctly_rounded, 0, (int)(sizeof LISTS / sizeof LISTS[0]));
    return sct_check_run_tcase("pow_correctly_rounded", tc);
}
