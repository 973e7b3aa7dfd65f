/*
 * test_elem_match.c — the match rule (docs/architecture.md tolerance
 * policy): NaN/NaN, strict NaN, signed zeros, tolerance on same-sign finite
 * values only, inf vs finite, exact integers and bools.
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>

#include "elem_ctx_of.h"
#include "sct/check/compare.h"
#include "sct_check_main.h"

typedef struct {
    const char *what;
    int32_t type;
    uint64_t e, a;
    uint32_t max_ulp;
    bool strict_nan;
    bool want;
} match_row;

static const match_row k_rows[] = {
    {"f32 identical", SONNX_DT_FLOAT, 0x3f800000, 0x3f800000, 0, false, true},
    {"f32 1ulp at tol 0", SONNX_DT_FLOAT, 0x3f800000, 0x3f800001, 0, false, false},
    {"f32 1ulp at tol 1", SONNX_DT_FLOAT, 0x3f800000, 0x3f800001, 1, false, true},
    {"f32 2ulp at tol 1", SONNX_DT_FLOAT, 0x3f800000, 0x3f800002, 1, false, false},
    {"f32 +0 vs -0 even at tol 10", SONNX_DT_FLOAT, 0x00000000, 0x80000000, 10, false, false},
    {"f32 +minsub vs -minsub at tol 10", SONNX_DT_FLOAT, 0x00000001, 0x80000001, 10, false, false},
    {"f32 +0 vs +minsub at tol 1", SONNX_DT_FLOAT, 0x00000000, 0x00000001, 1, false, true},
    {"f32 max vs inf at tol 5", SONNX_DT_FLOAT, 0x7f7fffff, 0x7f800000, 5, false, false},
    {"f32 inf vs max at tol 5", SONNX_DT_FLOAT, 0x7f800000, 0x7f7fffff, 5, false, false},
    {"f32 NaN vs other NaN", SONNX_DT_FLOAT, 0x7fc00000, 0xffc00001, 0, false, true},
    {"f32 NaN vs other NaN strict", SONNX_DT_FLOAT, 0x7fc00000, 0xffc00001, 0, true, false},
    {"f32 qNaN vs sNaN strict", SONNX_DT_FLOAT, 0x7fc00000, 0x7f800001, 0, true, false},
    {"f32 NaN same bits strict", SONNX_DT_FLOAT, 0x7fc00000, 0x7fc00000, 0, true, true},
    {"f32 NaN vs number at huge tol", SONNX_DT_FLOAT, 0x7fc00000, 0x3f800000, 0xffffffffu, false, false},
    {"f32 number vs NaN at huge tol", SONNX_DT_FLOAT, 0x3f800000, 0x7fc00000, 0xffffffffu, false, false},
    {"f16 1ulp tol 1", SONNX_DT_FLOAT16, 0x3c00, 0x3bff, 1, false, true},
    {"bf16 -0 vs +0", SONNX_DT_BFLOAT16, 0x8000, 0x0000, 3, false, false},
    {"f64 1ulp tol 0", SONNX_DT_DOUBLE, UINT64_C(0x3ff0000000000000), UINT64_C(0x3ff0000000000001), 0, false, false},
    {"int32 equal", SONNX_DT_INT32, 7, 7, 0, false, true},
    {"int32 off by one ignores tolerance", SONNX_DT_INT32, 7, 8, 5, false, false},
    {"int4 nibble equal", SONNX_DT_INT4, 0xe, 0xe, 0, false, true},
    {"bool equal", SONNX_DT_BOOL, 1, 1, 0, false, true},
    {"bool 1 vs 2 (non-canonical true)", SONNX_DT_BOOL, 1, 2, 0, false, false},
};

START_TEST(test_match_row)
{
    const match_row *r = &k_rows[_i];
    sct_elem_ctx ctx = {0};
    ctx.out_type = r->type;
    ctx.expected_bits = r->e;
    ctx.actual_bits = r->a;
    sct_compare_opts o = {r->max_ulp, r->strict_nan};
    ck_assert_msg(sct_elem_matches(&ctx, &o) == r->want, "%s", r->what);
    sct_elem_result res = sct_compare_elem(&ctx, &o);
    ck_assert_msg(res.match == r->want, "%s (compare_elem)", r->what);
    ck_assert_msg(res.match == (res.deviation == SCT_DEV_NONE),
                  "%s: deviation none iff match", r->what);
}
END_TEST

START_TEST(test_names_round_trip)
{
    for (int d = 0; d < (int)SCT_DEV_COUNT; d++) {
        const char *n = sct_deviation_name((sct_deviation)d);
        ck_assert_int_eq(sct_deviation_from_name(n), d);
    }
    ck_assert_str_eq(sct_deviation_name(SCT_DEV_ZERO_SIGN), "zero-sign");
    ck_assert_str_eq(sct_deviation_name(SCT_DEV_OFF_BY_ULP), "off-by-n-ulp");
    ck_assert_str_eq(sct_deviation_name(SCT_DEV_BOOL_NAN_COMPARE), "bool-nan-compare");
    ck_assert_int_eq(sct_deviation_from_name("no-such-class"), SCT_DEV_COUNT);
}
END_TEST

/* Pow's two-way elements (spec-notes SN-24): pow(sNaN, ±0) and
 * pow(+1, sNaN) with a float base accept 1 and any NaN, nothing else; a
 * quiet NaN operand, another op, another base or exponent, and integer
 * bases keep the one value.  Bits written by hand. */
typedef struct {
    const char *what;
    sct_op_id op;
    int32_t ta, tb, tout;
    uint64_t a, b, e, got;
    bool want;
} pow_row;

#define F32 SONNX_DT_FLOAT
#define F16 SONNX_DT_FLOAT16
#define BF16 SONNX_DT_BFLOAT16
#define F64 SONNX_DT_DOUBLE
#define I32 SONNX_DT_INT32
static const pow_row k_pow_rows[] = {
    {"f32 sNaN^+0 -> NaN", SCT_OP_ID_POW, F32, F32, F32, 0x7f800001, 0x00000000, 0x3f800000, 0x7fc00001, true},
    {"f32 sNaN^-0 -> NaN", SCT_OP_ID_POW, F32, F32, F32, 0xff800123, 0x80000000, 0x3f800000, 0xffc00123, true},
    {"f32 sNaN^0 -> 1", SCT_OP_ID_POW, F32, F32, F32, 0x7f800001, 0x00000000, 0x3f800000, 0x3f800000, true},
    {"f32 sNaN^0 -> 0 (neither)", SCT_OP_ID_POW, F32, F32, F32, 0x7f800001, 0x00000000, 0x3f800000, 0x00000000, false},
    {"f32 sNaN^0 -> 1+ulp (the 1-ULP tolerance)", SCT_OP_ID_POW, F32, F32, F32, 0x7f800001, 0x00000000, 0x3f800000, 0x3f800001, true},
    {"f32 sNaN^0 -> 1+2ulp (neither)", SCT_OP_ID_POW, F32, F32, F32, 0x7f800001, 0x00000000, 0x3f800000, 0x3f800002, false},
    {"f32 qNaN^0 -> NaN (IEEE: 1)", SCT_OP_ID_POW, F32, F32, F32, 0x7fc00000, 0x00000000, 0x3f800000, 0x7fc00000, false},
    {"f32 1^sNaN -> NaN", SCT_OP_ID_POW, F32, F32, F32, 0x3f800000, 0x7fa00000, 0x3f800000, 0x7fe00000, true},
    {"f32 1^qNaN -> NaN (IEEE: 1)", SCT_OP_ID_POW, F32, F32, F32, 0x3f800000, 0x7fc00000, 0x3f800000, 0x7fc00000, false},
    {"f32 -1^sNaN -> NaN (not base +1)", SCT_OP_ID_POW, F32, F32, F32, 0xbf800000, 0x7fa00000, 0x7fe00000, 0x7fe00000, true},
    {"f32 -1^sNaN expected NaN -> 1", SCT_OP_ID_POW, F32, F32, F32, 0xbf800000, 0x7fa00000, 0x7fe00000, 0x3f800000, false},
    {"f32 sNaN^1 -> 1 (exponent not 0)", SCT_OP_ID_POW, F32, F32, F32, 0x7f800001, 0x3f800000, 0x7fc00001, 0x3f800000, false},
    {"Mul: expected 1, NaN (only Pow has two values)", SCT_OP_ID_MUL, F32, F32, F32, 0x7f800001, 0x00000000, 0x3f800000, 0x7fc00001, false},
    {"f16 sNaN^int32 0 -> NaN", SCT_OP_ID_POW, F16, I32, F16, 0x7c01, 0, 0x3c00, 0x7e01, true},
    {"f16 sNaN^int32 0 -> 2 (neither)", SCT_OP_ID_POW, F16, I32, F16, 0x7c01, 0, 0x3c00, 0x4000, false},
    {"bf16 1^f64 sNaN -> NaN", SCT_OP_ID_POW, BF16, F64, BF16, 0x3f80, UINT64_C(0x7ff0000000000001), 0x3f80, 0x7fc0, true},
    {"f64 sNaN^f16 -0 -> NaN", SCT_OP_ID_POW, F64, F16, F64, UINT64_C(0xfff4000000000000), 0x8000, UINT64_C(0x3ff0000000000000), UINT64_C(0xfffc000000000000), true},
    {"int32 base 1 ^ f32 sNaN -> anything but 1 (SN-16)", SCT_OP_ID_POW, I32, F32, I32, 1, 0x7f800001, 1, 0, false},
};

START_TEST(test_pow_row)
{
    const pow_row *r = &k_pow_rows[_i];
    sct_elem_ctx ctx = sct_elem_ctx_of(r->op, r->tout, r->ta, r->a, r->tb, r->b, r->e, r->got);
    sct_compare_opts o = {1, false};
    ck_assert_msg(sct_elem_matches(&ctx, &o) == r->want, "%s", r->what);
}
END_TEST

int main(void)
{
    TCase *tc = tcase_create("rows");
    tcase_add_loop_test(tc, test_match_row, 0,
                        (int)(sizeof k_rows / sizeof k_rows[0]));
    tcase_add_loop_test(tc, test_pow_row, 0,
                        (int)(sizeof k_pow_rows / sizeof k_pow_rows[0]));
    tcase_add_test(tc, test_names_round_trip);
    return sct_check_run_tcase("elem_match", tc);
}
