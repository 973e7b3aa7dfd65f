/*
 * test_sample_keeper.c — first N mismatches kept, the worst always shown
 * (appended when not among the first N), coordinates from the index.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "sct/results/sample_keeper.h"
#include "sct_check_main.h"

static sct_mismatch mm(uint64_t index, uint64_t ulp)
{
    sct_mismatch m;
    memset(&m, 0, sizeof m);
    m.index = index;
    m.ulp = ulp;
    m.out_type = SONNX_DT_FLOAT;
    m.deviation = SCT_DEV_OFF_BY_ULP;
    return m;
}

START_TEST(test_worst_appended)
{
    int64_t dims[2] = {4, 5};
    sct_sample_keeper k;
    ck_assert_int_eq(sct_sample_keeper_init(&k, 2, 2, dims), 0);
    sct_mismatch a = mm(1, 1), b = mm(3, 2), c = mm(13, 9), d = mm(17, 9);
    sct_sample_keeper_add(&k, &a);
    sct_sample_keeper_add(&k, &b);
    sct_sample_keeper_add(&k, &c);
    sct_sample_keeper_add(&k, &d); /* tie: the first worst (13) stays */
    size_t n;
    sct_sample *s = sct_sample_keeper_take(&k, &n);
    ck_assert_uint_eq(n, 3);
    ck_assert_uint_eq(s[0].index, 1);
    ck_assert_uint_eq(s[1].index, 3);
    ck_assert_uint_eq(s[2].index, 13);
    ck_assert(!s[0].worst && !s[1].worst && s[2].worst);
    ck_assert_int_eq(s[2].rank, 2);
    ck_assert(s[2].coords[0] == 2 && s[2].coords[1] == 3); /* 13 = 2*5 + 3 */
    free(s);
    sct_sample_keeper_free(&k);
}
END_TEST

START_TEST(test_worst_among_first)
{
    int64_t dims[1] = {10};
    sct_sample_keeper k;
    ck_assert_int_eq(sct_sample_keeper_init(&k, 3, 1, dims), 0);
    sct_mismatch a = mm(0, 5), b = mm(1, SCT_ULP_NONE), c = mm(2, 7), d = mm(9, 8);
    sct_sample_keeper_add(&k, &a);
    sct_sample_keeper_add(&k, &b); /* unmeasurable (NaN): worst of all */
    sct_sample_keeper_add(&k, &c);
    sct_sample_keeper_add(&k, &d);
    size_t n;
    sct_sample *s = sct_sample_keeper_take(&k, &n);
    ck_assert_uint_eq(n, 3);
    ck_assert(s[1].worst);
    ck_assert(!s[0].worst && !s[2].worst);
    free(s);
    sct_sample_keeper_free(&k);
}
END_TEST

START_TEST(test_zero_cap_shows_worst_only)
{
    int64_t dims[1] = {10};
    sct_sample_keeper k;
    ck_assert_int_eq(sct_sample_keeper_init(&k, 0, 1, dims), 0);
    sct_mismatch a = mm(4, 1), b = mm(6, 3);
    sct_sample_keeper_add(&k, &a);
    sct_sample_keeper_add(&k, &b);
    size_t n;
    sct_sample *s = sct_sample_keeper_take(&k, &n);
    ck_assert_uint_eq(n, 1);
    ck_assert_uint_eq(s[0].index, 6);
    ck_assert(s[0].worst);
    free(s);
    sct_sample_keeper_free(&k);
}
END_TEST

START_TEST(test_no_mismatch)
{
    sct_sample_keeper k;
    ck_assert_int_eq(sct_sample_keeper_init(&k, 20, 0, NULL), 0);
    size_t n = 99;
    sct_sample *s = sct_sample_keeper_take(&k, &n);
    ck_assert_uint_eq(n, 0);
    ck_assert_ptr_null(s);
    sct_sample_keeper_free(&k);
}
END_TEST

START_TEST(test_huge_cap_grows)
{
    /* --max-errors 4000000000: nothing is reserved up front; 100
     * mismatches keep 100 samples, the worst (ulp 100 at index 99) flagged. */
    int64_t dims[1] = {1000};
    sct_sample_keeper k;
    ck_assert_int_eq(sct_sample_keeper_init(&k, 4000000000u, 1, dims), 0);
    for (uint64_t i = 0; i < 100; i++) {
        sct_mismatch m = mm(i, i + 1);
        sct_sample_keeper_add(&k, &m);
    }
    size_t n;
    sct_sample *s = sct_sample_keeper_take(&k, &n);
    ck_assert_uint_eq(n, 100);
    for (size_t i = 0; i < 100; i++)
        ck_assert_uint_eq(s[i].index, i);
    ck_assert(s[99].worst && !s[98].worst);
    free(s);
    sct_sample_keeper_free(&k);
}
END_TEST

int main(void)
{
    const TTest *const tests[] = {test_worst_appended, test_worst_among_first, test_zero_cap_shows_worst_only, test_no_mismatch, test_huge_cap_grows};
    return SCT_CHECK_RUN("sample_keeper", tests);
}
