/*
 * test_ulp_distance.c — sct_ulp_distance on hand-written encodings of
 * every float type: zero crossing, subnormals, inf, NaN, float64 extremes.
 * Expected distances are counted by hand from the IEEE 754 bit layouts.
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>

#include "sct/check/compare.h"
#include "sct_check_main.h"

typedef struct {
    const char *what;
    int32_t type;
    uint64_t e, a;
    uint64_t want;
} ulp_row;

static const ulp_row k_rows[] = {
    /* float32 */
    {"f32 1.0 vs next up", SONNX_DT_FLOAT, 0x3f800000, 0x3f800001, 1},
    {"f32 next up vs 1.0 (symmetric)", SONNX_DT_FLOAT, 0x3f800001, 0x3f800000, 1},
    {"f32 1.0 vs prev down (crosses exponent)", SONNX_DT_FLOAT, 0x3f800000, 0x3f7fffff, 1},
    {"f32 +0 vs -0", SONNX_DT_FLOAT, 0x00000000, 0x80000000, 0},
    {"f32 +minsub vs -minsub", SONNX_DT_FLOAT, 0x00000001, 0x80000001, 2},
    {"f32 +minsub vs -0", SONNX_DT_FLOAT, 0x00000001, 0x80000000, 1},
    {"f32 -1.0 vs +1.0", SONNX_DT_FLOAT, 0xbf800000, 0x3f800000, 2u * 0x3f800000u},
    {"f32 maxsub vs minnormal", SONNX_DT_FLOAT, 0x007fffff, 0x00800000, 1},
    {"f32 max vs +inf", SONNX_DT_FLOAT, 0x7f7fffff, 0x7f800000, 1},
    {"f32 -inf vs +inf", SONNX_DT_FLOAT, 0xff800000, 0x7f800000, 0xff000000},
    {"f32 NaN vs other NaN", SONNX_DT_FLOAT, 0x7fc00000, 0xffc00001, 0},
    {"f32 NaN vs 1.0", SONNX_DT_FLOAT, 0x7fc00000, 0x3f800000, SCT_ULP_NONE},
    {"f32 1.0 vs sNaN", SONNX_DT_FLOAT, 0x3f800000, 0x7f800001, SCT_ULP_NONE},
    {"f32 -2.0 vs -2.0-3ulp", SONNX_DT_FLOAT, 0xc0000000, 0xc0000003, 3},
    /* float64 extremes: these overflow a signed 64-bit difference */
    {"f64 -inf vs +inf", SONNX_DT_DOUBLE, UINT64_C(0xfff0000000000000),
     UINT64_C(0x7ff0000000000000), UINT64_C(0xffe0000000000000)},
    {"f64 -max vs +max", SONNX_DT_DOUBLE, UINT64_C(0xffefffffffffffff),
     UINT64_C(0x7fefffffffffffff), UINT64_C(0xffdffffffffffffe)},
    {"f64 1.0 vs next", SONNX_DT_DOUBLE, UINT64_C(0x3ff0000000000000),
     UINT64_C(0x3ff0000000000001), 1},
    {"f64 +minsub vs -minsub", SONNX_DT_DOUBLE, UINT64_C(0x0000000000000001),
     UINT64_C(0x8000000000000001), 2},
    {"f64 +0 vs -0", SONNX_DT_DOUBLE, 0, UINT64_C(0x8000000000000000), 0},
    {"f64 NaN vs NaN", SONNX_DT_DOUBLE, UINT64_C(0x7ff8000000000000),
     UINT64_C(0xfff0000000000001), 0},
    {"f64 NaN vs inf", SONNX_DT_DOUBLE, UINT64_C(0x7ff8000000000000),
     UINT64_C(0x7ff0000000000000), SCT_ULP_NONE},
    /* float16 */
    {"f16 1.0 vs next", SONNX_DT_FLOAT16, 0x3c00, 0x3c01, 1},
    {"f16 65504 vs +inf", SONNX_DT_FLOAT16, 0x7bff, 0x7c00, 1},
    {"f16 -inf vs +inf", SONNX_DT_FLOAT16, 0xfc00, 0x7c00, 0xf800},
    {"f16 +minsub vs -minsub", SONNX_DT_FLOAT16, 0x0001, 0x8001, 2},
    {"f16 maxsub vs minnormal", SONNX_DT_FLOAT16, 0x03ff, 0x0400, 1},
    {"f16 NaN vs 0", SONNX_DT_FLOAT16, 0x7e00, 0x0000, SCT_ULP_NONE},
    {"f16 +0 vs -0", SONNX_DT_FLOAT16, 0x0000, 0x8000, 0},
    /* bfloat16 */
    {"bf16 1.0 vs next", SONNX_DT_BFLOAT16, 0x3f80, 0x3f81, 1},
    {"bf16 -inf vs +inf", SONNX_DT_BFLOAT16, 0xff80, 0x7f80, 0xff00},
    {"bf16 +minsub vs -minsub", SONNX_DT_BFLOAT16, 0x0001, 0x8001, 2},
    {"bf16 max vs inf", SONNX_DT_BFLOAT16, 0x7f7f, 0x7f80, 1},
    {"bf16 NaN vs NaN", SONNX_DT_BFLOAT16, 0x7fc0, 0xffc1, 0},
    /* not a float type */
    {"int32 has no ULP", SONNX_DT_INT32, 1, 2, SCT_ULP_NONE},
    {"bool has no ULP", SONNX_DT_BOOL, 0, 1, SCT_ULP_NONE},
};

START_TEST(test_ulp_row)
{
    const ulp_row *r = &k_rows[_i];
    uint64_t got = sct_ulp_distance(r->type, r->e, r->a);
    ck_assert_msg(got == r->want, "%s: got %llu want %llu", r->what,
                  (unsigned long long)got, (unsigned long long)r->want);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("ulp_distance");
    TCase *tc = tcase_create("rows");
    tcase_add_loop_test(tc, test_ulp_row, 0,
                        (int)(sizeof k_rows / sizeof k_rows[0]));
    suite_add_tcase(s, tc);
    return sct_check_run_suite(s);
}
