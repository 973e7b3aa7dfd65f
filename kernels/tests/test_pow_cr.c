/*
 * test_pow_cr.c — the built-in float32 Pow is correctly rounded on the
 * published hardest-to-round binary32 pow inputs (CORE-MATH worst cases,
 * generators/data/core_math_powf_worst.txt: x^y within 2^-44 .. 2^-51 ULP of a
 * rounding boundary).
 * - every listed (x, y) through the registry's float32^float32 loop equals
 *   x^y computed with 200-bit MPFR and rounded once to 24 bits (the
 *   expected value: MPFR here, independent of pow/pow_cr.c);
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

#include "pow/pow_cr.h"
#include "pow/pow_real.h"
#include "sct/kernels/kernels.h"
#include "sct_check_main.h"

#define MAX_CASES 4096

static float xs[MAX_CASES], ys[MAX_CASES];
static size_t n_cases;

static void load(void)
{
    FILE *fh = fopen(SCT_POW_WORST_CASES, "r");
    ck_assert_msg(fh != NULL, "cannot open %s", SCT_POW_WORST_CASES);
    char line[256];
    n_cases = 0;
    while (fgets(line, sizeof line, fh)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        char *comma = strchr(line, ',');
        ck_assert_msg(comma != NULL && n_cases < MAX_CASES, "%s: bad line '%s'",
                      SCT_POW_WORST_CASES, line);
        xs[n_cases] = strtof(line, NULL);
        ys[n_cases] = strtof(comma + 1, NULL);
        n_cases++;
    }
    fclose(fh);
    ck_assert_msg(n_cases >= 64, "%s: only %zu cases", SCT_POW_WORST_CASES, n_cases);
}

/* x^y rounded once to binary32 (normal results: checked). */
static float mpfr_ref(float x, float y)
{
    mpfr_t mx, my, r, r24;
    mpfr_inits2(200, mx, my, r, (mpfr_ptr)0);
    mpfr_init2(r24, 24);
    mpfr_set_flt(mx, x, MPFR_RNDN);
    mpfr_set_flt(my, y, MPFR_RNDN);
    mpfr_pow(r, mx, my, MPFR_RNDN);
    mpfr_set(r24, r, MPFR_RNDN); /* 200 bits, then 24: the worst case is 2^-51 ULP off */
    float out = mpfr_get_flt(r24, MPFR_RNDN);
    mpfr_clears(mx, my, r, r24, (mpfr_ptr)0);
    ck_assert_msg(isnormal(out), "pow(%a, %a) not a normal binary32 result", x, y);
    return out;
}

START_TEST(worst_cases_correctly_rounded)
{
    load();
    sct_kernel_loop loop = sct_kernel_contiguous("Pow", SONNX_DT_FLOAT, SONNX_DT_FLOAT);
    ck_assert_msg(loop != NULL, "no float32 Pow loop");
    float got[MAX_CASES];
    loop(xs, ys, got, n_cases);
    size_t wrong = 0;
    for (size_t i = 0; i < n_cases; i++) {
        float want = mpfr_ref(xs[i], ys[i]);
        if (memcmp(&got[i], &want, sizeof want) != 0) {
            fprintf(stderr, "pow(%a, %a) = %a, correctly rounded %a\n", xs[i], ys[i], got[i],
                    want);
            wrong++;
        }
    }
    ck_assert_msg(wrong == 0, "%zu of %zu worst cases not correctly rounded", wrong, n_cases);
}
END_TEST

START_TEST(worst_cases_need_the_fallback)
{
    load();
    size_t wrong = 0;
    for (size_t i = 0; i < n_cases; i++) {
        double d = sct_pow_real(xs[i], ys[i]);
        float plain = (float)sct_pow_cr_round(xs[i], ys[i], d, &sct_pow_fmt_f32, 0);
        if (plain != mpfr_ref(xs[i], ys[i]))
            wrong++;
    }
    printf("binary64 pow rounded to binary32: %zu of %zu worst cases off\n", wrong, n_cases);
    ck_assert_msg(wrong > 0, "no worst case needs the MPFR fallback: the list tests nothing");
}
END_TEST

int main(void)
{
    const TTest *const tests[] = {worst_cases_correctly_rounded,
                                  worst_cases_need_the_fallback};
    return SCT_CHECK_RUN("pow_correctly_rounded", tests);
}
