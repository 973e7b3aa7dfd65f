/*
 * test_name_table.c — enumerator <-> stable name lookups (name_table.h),
 * and the two tables built on them: deviation classes and verdicts keep
 * their names both ways, out-of-range values and unknown names are caught.
 */
#include <check.h>

#include "sct/check/compare.h"
#include "sct/text/name_table.h"
#include "sct_check_main.h"

static const char *const k_colours[] = {"red", "green", "blue"};

START_TEST(test_lookups)
{
    static const struct {
        int value;
        const char *name;   /* sct_name_of(value) with fallback "?" */
    } of[] = {{0, "red"}, {2, "blue"}, {3, "?"}, {-1, "?"}, {1000, "?"}};
    for (size_t i = 0; i < sizeof of / sizeof of[0]; i++)
        ck_assert_str_eq(sct_name_of(k_colours, 3, of[i].value, "?"), of[i].name);
    static const struct {
        const char *name;
        size_t index;       /* sct_name_find: 3 = absent */
    } find[] = {{"red", 0}, {"blue", 2}, {"Blue", 3}, {"", 3}, {NULL, 3}};
    for (size_t i = 0; i < sizeof find / sizeof find[0]; i++)
        ck_assert_uint_eq(sct_name_find(k_colours, 3, find[i].name), find[i].index);
}
END_TEST

START_TEST(test_deviation_names)
{
    /* Stable names (docs/report-format.md "Deviation classes"): written by
     * hand, not taken from the table under test. */
    ck_assert_str_eq(sct_deviation_name(SCT_DEV_ZERO_SIGN), "zero-sign");
    ck_assert_str_eq(sct_deviation_name(SCT_DEV_OFF_BY_ULP), "off-by-n-ulp");
    ck_assert_str_eq(sct_deviation_name(SCT_DEV_COUNT), "other");
    for (int d = 0; d < (int)SCT_DEV_COUNT; d++)
        ck_assert_int_eq(sct_deviation_from_name(sct_deviation_name((sct_deviation)d)), d);
    ck_assert_int_eq(sct_deviation_from_name("zero_sign"), SCT_DEV_COUNT);
    ck_assert_int_eq(sct_deviation_from_name(NULL), SCT_DEV_COUNT);
}
END_TEST

int main(void)
{
    const TTest *const tests[] = {test_lookups, test_deviation_names};
    return SCT_CHECK_RUN("name_table", tests);
}
