/*
 * test_classify.c — table-driven sct_classify: one row per deviation class
 * (and the near misses that must NOT get it).  Every expected value is
 * derived by hand in the row's comment from the IEEE 754 encodings or
 * integer arithmetic.
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>

#include "elem_ctx_of.h"
#include "sct/check/compare.h"
#include "sct_check_main.h"

#define F32 SONNX_DT_FLOAT
#define F64 SONNX_DT_DOUBLE
#define F16 SONNX_DT_FLOAT16
#define BF16 SONNX_DT_BFLOAT16
#define I8 SONNX_DT_INT8
#define I32 SONNX_DT_INT32
#define I64 SONNX_DT_INT64
#define U8 SONNX_DT_UINT8
#define I4 SONNX_DT_INT4
#define BOOL SONNX_DT_BOOL
#define NONE SONNX_DT_UNDEFINED /* no second input: a unary op */

typedef struct {
    const char *what;
    sct_op_id op;
    int32_t out;
    int32_t t0; uint64_t b0;
    int32_t t1; uint64_t b1;
    uint64_t e, a;
    sct_deviation want;
} cls_row;

static const cls_row k_rows[] = {
    /* 1*0 = +0, got -0 */
    {"zero sign", SCT_OP_ID_MUL, F32, F32, 0x3f800000, F32, 0x00000000,
     0x00000000, 0x80000000, SCT_DEV_ZERO_SIGN},
    /* golden subnormal 16*2^-149, got +0 */
    {"subnormal result flushed", SCT_OP_ID_DIV, F32, F32, 0x00000020, F32, 0x40000000,
     0x00000010, 0x00000000, SCT_DEV_SUBNORMAL_FLUSHED},
    /* 2^-127 (0x00400000) * 2 = 2^-126 (normal), DAZ reads 0*2 = +0 */
    {"subnormal input read as zero (Mul)", SCT_OP_ID_MUL, F32, F32, 0x00400000, F32, 0x40000000,
     0x00800000, 0x00000000, SCT_DEV_SUBNORMAL_FLUSHED},
    /* minsub / minsub = 1, DAZ reads 0/0 = NaN */
    {"subnormal inputs read as zero (Div NaN)", SCT_OP_ID_DIV, F32, F32, 0x00000001, F32, 0x00000001,
     0x3f800000, 0x7fc00000, SCT_DEV_SUBNORMAL_FLUSHED},
    /* 1 / 2^-127 = 2^127 (0x7f000000), DAZ reads 1/0 = +inf */
    {"subnormal divisor read as zero", SCT_OP_ID_DIV, F32, F32, 0x3f800000, F32, 0x00400000,
     0x7f000000, 0x7f800000, SCT_DEV_SUBNORMAL_FLUSHED},
    /* (-2^-149)^(-(2^63-1)) = -inf exactly (odd exponent); +inf got is a
     * sign flip.  A double pow gives +inf with or without flushing (the
     * exponent rounds to the even 2^63), so flushing explains nothing. */
    {"lost exponent parity is not a flush", SCT_OP_ID_POW, F32, F32, 0x80000001, I64,
     UINT64_C(0x8000000000000001), 0xff800000, 0x7f800000, SCT_DEV_SIGN_FLIP},
    /* same but got -inf: not what DAZ gives, so a sign flip of an inf? no:
       golden finite, got inf -> overflow */
    {"-inf for finite is overflow, not flush", SCT_OP_ID_DIV, F32, F32, 0x3f800000, F32, 0x00400000,
     0x7f000000, 0xff800000, SCT_DEV_OVERFLOW},
    /* 0/0 golden NaN, got 0 */
    {"nan expected", SCT_OP_ID_DIV, F32, F32, 0, F32, 0,
     0x7fc00000, 0x00000000, SCT_DEV_NAN_EXPECTED},
    /* 1/3 golden 0x3eaaaaab, got NaN */
    {"unexpected nan", SCT_OP_ID_DIV, F32, F32, 0x3f800000, F32, 0x40400000,
     0x3eaaaaab, 0x7fc00000, SCT_DEV_UNEXPECTED_NAN},
    /* strict NaN: sign differs */
    {"nan payload", SCT_OP_ID_DIV, F32, F32, 0, F32, 0,
     0x7fc00000, 0xffc00000, SCT_DEV_NAN_PAYLOAD},
    /* max*2 overflows to +inf in the golden; got max */
    {"inf expected got finite", SCT_OP_ID_MUL, F32, F32, 0x7f7fffff, F32, 0x40000000,
     0x7f800000, 0x7f7fffff, SCT_DEV_INF_EXPECTED_GOT_FINITE},
    /* +inf golden, -inf got */
    {"inf sign flip", SCT_OP_ID_MUL, F32, F32, 0x7f7fffff, F32, 0x40000000,
     0x7f800000, 0xff800000, SCT_DEV_SIGN_FLIP},
    /* max*1 = max, got +inf */
    {"overflow", SCT_OP_ID_MUL, F32, F32, 0x7f7fffff, F32, 0x3f800000,
     0x7f7fffff, 0x7f800000, SCT_DEV_OVERFLOW},
    /* 1*2 = 2, got -2 */
    {"sign flip", SCT_OP_ID_MUL, F32, F32, 0x3f800000, F32, 0x40000000,
     0x40000000, 0xc0000000, SCT_DEV_SIGN_FLIP},
    /* 1/3 = 0x3eaaaaab (RNE rounds up), truncation gives 0x3eaaaaaa */
    {"f32 div truncated", SCT_OP_ID_DIV, F32, F32, 0x3f800000, F32, 0x40400000,
     0x3eaaaaab, 0x3eaaaaaa, SCT_DEV_ROUNDED_TOWARD_ZERO},
    /* -1/3: same magnitude, negative */
    {"f32 div truncated negative", SCT_OP_ID_DIV, F32, F32, 0xbf800000, F32, 0x40400000,
     0xbeaaaaab, 0xbeaaaaaa, SCT_DEV_ROUNDED_TOWARD_ZERO},
    /* 3*(1+2^-23) = 3 + 1.5 ulp (ulp 2^-22 in [2,4)): tie, even -> 0x40400002;
       truncation 0x40400001 */
    {"f32 mul truncated (tie)", SCT_OP_ID_MUL, F32, F32, 0x40400000, F32, 0x3f800001,
     0x40400002, 0x40400001, SCT_DEV_ROUNDED_TOWARD_ZERO},
    /* 5*(1+2^-23) = 5 + 1.25 ulp (ulp 2^-21 in [4,8)): RNE 0x40a00001,
       rounding away gives 0x40a00002 */
    {"f32 mul rounded away", SCT_OP_ID_MUL, F32, F32, 0x40a00000, F32, 0x3f800001,
     0x40a00001, 0x40a00002, SCT_DEV_ROUNDED_AWAY_FROM_ZERO},
    /* 5 + 1.25 ulp, got 5 + 0 ulp: 1 ulp off but exact is NOT in between
       (5 < 5+ulp < 5+1.25ulp) -> plain off-by-n-ulp */
    {"f32 mul 1 ulp the wrong side", SCT_OP_ID_MUL, F32, F32, 0x40a00000, F32, 0x3f800001,
     0x40a00001, 0x40a00000, SCT_DEV_OFF_BY_ULP},
    /* bf16: (1+2^-7)*3 = 3 + 1.5 ulp (ulp 2^-6): tie -> even 0x4042,
       truncation 0x4041 */
    {"bf16 mul truncated", SCT_OP_ID_MUL, BF16, BF16, 0x3f81, BF16, 0x4040,
     0x4042, 0x4041, SCT_DEV_ROUNDED_TOWARD_ZERO},
    /* f16 1/3: 0x3555 is RNE (1/3 = 0x3555.55..: below the half), got 0x3556
       -> away from zero */
    {"f16 div rounded away", SCT_OP_ID_DIV, F16, F16, 0x3c00, F16, 0x4200,
     0x3555, 0x3556, SCT_DEV_ROUNDED_AWAY_FROM_ZERO},
    /* f64: direction not inferred */
    {"f64 1 ulp", SCT_OP_ID_DIV, F64, F64, UINT64_C(0x3ff0000000000000), F64, UINT64_C(0x4008000000000000),
     UINT64_C(0x3fd5555555555555), UINT64_C(0x3fd5555555555554), SCT_DEV_OFF_BY_ULP},
    {"f32 3 ulp", SCT_OP_ID_MUL, F32, F32, 0x3f800000, F32, 0x3f800000,
     0x3f800000, 0x3f800003, SCT_DEV_OFF_BY_ULP},
    {"f16 pow 1 ulp", SCT_OP_ID_POW, F16, F16, 0x4000, F16, 0x3800,
     0x3da8, 0x3da9, SCT_DEV_OFF_BY_ULP},
    /* Div int32 -7/2: trunc -3 (0xfffffffd), floor -4 (0xfffffffc) */
    {"int floor", SCT_OP_ID_DIV, I32, I32, 0xfffffff9, I32, 2,
     0xfffffffd, 0xfffffffc, SCT_DEV_INT_FLOOR},
    {"int truncated", SCT_OP_ID_DIV, I32, I32, 0xfffffff9, I32, 2,
     0xfffffffc, 0xfffffffd, SCT_DEV_INT_TRUNCATED},
    /* 7/2 = 3 both ways: got 4 is just wrong */
    {"int div wrong", SCT_OP_ID_DIV, I32, I32, 7, I32, 2,
     3, 4, SCT_DEV_INT_WRONG},
    /* int8 100*2 = 200 wraps to -56 (0xc8); got 127 */
    {"int8 mul saturated", SCT_OP_ID_MUL, I8, I8, 100, I8, 2,
     0xc8, 0x7f, SCT_DEV_INT_SATURATED},
    {"int8 mul wrong", SCT_OP_ID_MUL, I8, I8, 100, I8, 2,
     0xc8, 0x00, SCT_DEV_INT_WRONG},
    /* int8 -100*2 = -200 wraps to 56 (0x38); got -128 */
    {"int8 mul saturated low", SCT_OP_ID_MUL, I8, I8, 0x9c, I8, 2,
     0x38, 0x80, SCT_DEV_INT_SATURATED},
    /* int32 -65536*65536 = -2^32 wraps to 0; got INT32_MIN */
    {"int32 mul saturated", SCT_OP_ID_MUL, I32, I32, 0xffff0000, I32, 0x00010000,
     0x00000000, 0x80000000, SCT_DEV_INT_SATURATED},
    /* int64 MAX*2 wraps to -2 (0xff..fe); got MAX */
    {"int64 mul saturated", SCT_OP_ID_MUL, I64, I64, UINT64_C(0x7fffffffffffffff), I64, 2,
     UINT64_C(0xfffffffffffffffe), UINT64_C(0x7fffffffffffffff), SCT_DEV_INT_SATURATED},
    /* int8 -128 / -1 = 128 wraps to -128; got 127 */
    {"int8 div MIN/-1 saturated", SCT_OP_ID_DIV, I8, I8, 0x80, I8, 0xff,
     0x80, 0x7f, SCT_DEV_INT_SATURATED},
    /* uint8 200*2 = 400 wraps to 144 (0x90); got 255 */
    {"uint8 mul saturated", SCT_OP_ID_MUL, U8, U8, 200, U8, 2,
     0x90, 0xff, SCT_DEV_INT_SATURATED},
    /* int32 2^31 wraps to INT32_MIN; got INT32_MAX */
    {"int32 pow saturated", SCT_OP_ID_POW, I32, I32, 2, I32, 31,
     0x80000000, 0x7fffffff, SCT_DEV_INT_SATURATED},
    /* int32 (-2)^31 = INT32_MIN is in range: any other value is wrong */
    {"int32 pow in range", SCT_OP_ID_POW, I32, I32, 0xfffffffe, I32, 31,
     0x80000000, 0x7fffffff, SCT_DEV_INT_WRONG},
    /* int64 3^40 = 12157665459056928801 > 2^63: wraps (to 0xa8b8b452291fe821);
       got INT64_MAX */
    {"int64 pow saturated", SCT_OP_ID_POW, I64, I64, 3, I64, 40,
     UINT64_C(0xa8b8b452291fe821), UINT64_C(0x7fffffffffffffff), SCT_DEV_INT_SATURATED},
    /* int4 7*2 = 14 wraps to -2 (nibble 0xe); got 7 */
    {"int4 mul saturated", SCT_OP_ID_MUL, I4, I4, 0x7, I4, 0x2,
     0xe, 0x7, SCT_DEV_INT_SATURATED},
    /* Less(NaN, 1) must be false; got true */
    {"less nan compare", SCT_OP_ID_LESS, BOOL, F32, 0x7fc00000, F32, 0x3f800000,
     0, 1, SCT_DEV_BOOL_NAN_COMPARE},
    {"less nan compare (B)", SCT_OP_ID_LESS, BOOL, F16, 0x3c00, F16, 0x7e00,
     0, 1, SCT_DEV_BOOL_NAN_COMPARE},
    /* Less(-0, +0) must be false; got true */
    {"less zero sign", SCT_OP_ID_LESS, BOOL, F32, 0x80000000, F32, 0x00000000,
     0, 1, SCT_DEV_ZERO_SIGN},
    /* Less(-minsub, 0) is true; DAZ sees -0 < 0: false */
    {"less subnormal flushed", SCT_OP_ID_LESS, BOOL, F32, 0x80000001, F32, 0x00000000,
     1, 0, SCT_DEV_SUBNORMAL_FLUSHED},
    /* Less(1, 2) true; got false */
    {"less wrong", SCT_OP_ID_LESS, BOOL, F32, 0x3f800000, F32, 0x40000000,
     1, 0, SCT_DEV_BOOL_WRONG},
    {"less int wrong", SCT_OP_ID_LESS, BOOL, I32, 1, I32, 2,
     1, 0, SCT_DEV_BOOL_WRONG},
    /* Sub, Add: 1 -/+ 2^-30 (0x30800000) is exact 1 -/+ 2^-30, nearest
     * float32 1.0; the neighbours are 1 - 2^-24 (0x3f7fffff) and
     * 1 + 2^-23 (0x3f800001). */
    {"f32 sub rounded toward zero", SCT_OP_ID_SUB, F32, F32, 0x3f800000, F32, 0x30800000,
     0x3f800000, 0x3f7fffff, SCT_DEV_ROUNDED_TOWARD_ZERO},
    {"f32 add rounded away", SCT_OP_ID_ADD, F32, F32, 0x3f800000, F32, 0x30800000,
     0x3f800000, 0x3f800001, SCT_DEV_ROUNDED_AWAY_FROM_ZERO},
    /* int8 100 + 100 = 200 wraps to -56 (0xc8); got 127 */
    {"int8 add saturated", SCT_OP_ID_ADD, I8, I8, 100, I8, 100, 0xc8, 0x7f, SCT_DEV_INT_SATURATED},
    /* int8 -100 - 100 = -200 wraps to 56; got -128 */
    {"int8 sub saturated", SCT_OP_ID_SUB, I8, I8, 0x9c, I8, 100, 0x38, 0x80, SCT_DEV_INT_SATURATED},
    /* uint8 3 - 5 wraps to 254; got 0 */
    {"uint8 sub saturated", SCT_OP_ID_SUB, U8, U8, 3, U8, 5, 0xfe, 0, SCT_DEV_INT_SATURATED},
    /* Sqrt(2): exact 1.41421356..., float32 0x3fb504f3 = 1.41421353...
     * below it, 0x3fb504f4 = 1.41421365... above: got the one above. */
    {"f32 sqrt rounded away", SCT_OP_ID_SQRT, F32, F32, 0x40000000, NONE, 0,
     0x3fb504f3, 0x3fb504f4, SCT_DEV_ROUNDED_AWAY_FROM_ZERO},
    /* Abs(-2^-149) = 2^-149 (0x00000001); DAZ reads the input as -0: +0 */
    {"f32 abs subnormal flushed", SCT_OP_ID_ABS, F32, F32, 0x80000001, NONE, 0,
     0x00000001, 0x00000000, SCT_DEV_SUBNORMAL_FLUSHED},
    /* Abs(-0) = +0; got -0 */
    {"f16 abs zero sign", SCT_OP_ID_ABS, F16, F16, 0x8000, NONE, 0, 0x0000, 0x8000, SCT_DEV_ZERO_SIGN},
    /* Abs(-5) = 5; got -5 */
    {"int8 abs wrong", SCT_OP_ID_ABS, I8, I8, 0xfb, NONE, 0, 5, 0xfb, SCT_DEV_INT_WRONG},
    /* Abs(-128) is undefined (sonnx-abs E_ABS_INT_CONSTR_X_020): 127 is
     * no saturation, only not the golden */
    {"int8 abs of MIN undefined", SCT_OP_ID_ABS, I8, I8, 0x80, NONE, 0, 0x80, 0x7f, SCT_DEV_INT_WRONG},
};

/* The registry's undefined-input rules (ops/operators.json
 * "undefined_rule"), element by element. */
static const struct {
    const char *what;
    sct_op_id op;
    int32_t t0; uint64_t b0;
    int32_t t1; uint64_t b1;
    bool undefined;
} k_undefined[] = {
    {"int32 div by 0 (sonnx-div:int:R2)", SCT_OP_ID_DIV, I32, 7, I32, 0, true},
    {"int32 div by 1", SCT_OP_ID_DIV, I32, 7, I32, 1, false},
    {"float div by 0 is defined (inf)", SCT_OP_ID_DIV, F32, 0x3f800000, F32, 0, false},
    {"int32 pow, exponent -1", SCT_OP_ID_POW, I32, 2, I32, 0xffffffff, true},
    {"int32 pow, exponent 1", SCT_OP_ID_POW, I32, 2, I32, 1, false},
    {"int8 abs of -128", SCT_OP_ID_ABS, I8, 0x80, NONE, 0, true},
    {"int8 abs of -127", SCT_OP_ID_ABS, I8, 0x81, NONE, 0, false},
    {"uint8 abs of 128", SCT_OP_ID_ABS, U8, 0x80, NONE, 0, false},
    {"int64 abs of MIN", SCT_OP_ID_ABS, I64, UINT64_C(0x8000000000000000), NONE, 0, true},
    {"int8 sub wraps, defined", SCT_OP_ID_SUB, I8, 0x80, I8, 1, false},
    {"int8 mul, no rule", SCT_OP_ID_MUL, I8, 0x80, I8, 0, false},
};

START_TEST(test_undefined_row)
{
    sct_elem_ctx ctx = sct_elem_ctx_of(k_undefined[_i].op, k_undefined[_i].t0,
                                       k_undefined[_i].t0, k_undefined[_i].b0,
                                       k_undefined[_i].t1, k_undefined[_i].b1, 0, 1);
    ck_assert_msg(sct_elem_input_undefined(&ctx) == k_undefined[_i].undefined, "%s",
                  k_undefined[_i].what);
}
END_TEST

START_TEST(test_classify_row)
{
    const cls_row *r = &k_rows[_i];
    sct_elem_ctx ctx = sct_elem_ctx_of(r->op, r->out, r->t0, r->b0, r->t1, r->b1, r->e, r->a);
    sct_deviation got = sct_classify(&ctx);
    ck_assert_msg(got == r->want, "%s: got %s want %s", r->what,
                  sct_deviation_name(got), sct_deviation_name(r->want));
    /* Every row is a mismatch under the strictest rule. */
    sct_compare_opts strict = {0, true};
    ck_assert_msg(!sct_elem_matches(&ctx, &strict), "%s must mismatch", r->what);
}
END_TEST

START_TEST(test_unknown_type_is_other)
{
    sct_elem_ctx ctx = {0};
    ctx.out_type = 99;
    ctx.expected_bits = 1;
    ctx.actual_bits = 2;
    ck_assert_int_eq(sct_classify(&ctx), SCT_DEV_OTHER);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("classify");
    TCase *tc = tcase_create("rows");
    tcase_add_loop_test(tc, test_classify_row, 0,
                        (int)(sizeof k_rows / sizeof k_rows[0]));
    tcase_add_loop_test(tc, test_undefined_row, 0,
                        (int)(sizeof k_undefined / sizeof k_undefined[0]));
    tcase_add_test(tc, test_unknown_type_is_other);
    suite_add_tcase(s, tc);
    return sct_check_run_suite(s);
}
