/*
 * test_value_format.c — decimal and hex text of element values, written by
 * hand from the encodings.
 */
#include <check.h>
#include <stdlib.h>

#include "sct/results/value_format.h"
#include "sonnx_cts/plugin.h"
#include "sct_check_main.h"

typedef struct {
    int32_t type;
    uint64_t bits;
    const char *dec, *hex;
} row;

static const row k_rows[] = {
    {SONNX_DT_FLOAT, 0x3fc00000, "1.5", "0x3fc00000"},
    {SONNX_DT_FLOAT, 0x80000000, "-0", "0x80000000"},
    {SONNX_DT_FLOAT, 0x3eaaaaab, "0.333333343", "0x3eaaaaab"},
    {SONNX_DT_FLOAT, 0x00000001, "1.40129846e-45", "0x00000001"},
    {SONNX_DT_FLOAT, 0xff800000, "-inf", "0xff800000"},
    {SONNX_DT_FLOAT, 0x7fc00000, "nan", "0x7fc00000"},
    {SONNX_DT_FLOAT, 0xffc00000, "-nan", "0xffc00000"},
    {SONNX_DT_FLOAT16, 0x3555, "0.33325", "0x3555"},
    {SONNX_DT_FLOAT16, 0x7bff, "65504", "0x7bff"},
    {SONNX_DT_BFLOAT16, 0x3f81, "1.008", "0x3f81"},
    {SONNX_DT_DOUBLE, UINT64_C(0x3fd5555555555555), "0.33333333333333331",
     "0x3fd5555555555555"},
    {SONNX_DT_INT8, 0x80, "-128", "0x80"},
    {SONNX_DT_INT4, 0xe, "-2", "0xe"},
    {SONNX_DT_UINT4, 0xe, "14", "0xe"},
    {SONNX_DT_INT64, UINT64_C(0x8000000000000000), "-9223372036854775808",
     "0x8000000000000000"},
    {SONNX_DT_UINT64, UINT64_C(0xffffffffffffffff), "18446744073709551615",
     "0xffffffffffffffff"},
    {SONNX_DT_BOOL, 1, "true", "0x01"},
    {SONNX_DT_BOOL, 0, "false", "0x00"},
    {SONNX_DT_BOOL, 2, "invalid-bool(2)", "0x02"},
};

START_TEST(test_row)
{
    const row *r = &k_rows[_i];
    char dec[SCT_VALUE_TEXT_MAX], hex[SCT_VALUE_TEXT_MAX];
    sct_format_value(r->type, r->bits, dec, sizeof dec);
    sct_format_bits(r->type, r->bits, hex, sizeof hex);
    ck_assert_str_eq(dec, r->dec);
    ck_assert_str_eq(hex, r->hex);
}
END_TEST

int main(void)
{
    return sct_check_run_rows("value_format", test_row, sizeof k_rows / sizeof k_rows[0]);
}
