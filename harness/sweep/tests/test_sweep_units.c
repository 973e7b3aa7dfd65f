/*
 * test_sweep_units.c — the small pieces of the sweep engine: shard ranges,
 * histogram buckets, the undefined-pair rule, sweepable spaces, case ids.
 * Expected values written by hand from the definitions in sweep.h and the
 * spec clauses cited there.
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>

#include "sct/sweep/sweep.h"
#include "sct/sweep/sweep_report.h"
#include "sweep_space.h"
#include "sweep_undefined.h"
#include "sct_check_main.h"

START_TEST(shard_ranges_tile_the_space)
{
    uint64_t first, count, next = 0;
    for (uint32_t i = 0; i < 7; i++) { /* 2^16 is not a multiple of 7 */
        sct_sweep_shard_range(16, i, 7, &first, &count);
        ck_assert_uint_eq(first, next);
        ck_assert(count == 9362 || count == 9363);
        next = first + count;
    }
    ck_assert_uint_eq(next, 65536);
    sct_sweep_shard_range(32, 255, 256, &first, &count);
    ck_assert_uint_eq(first, UINT64_C(0xff000000));
    ck_assert_uint_eq(count, UINT64_C(0x01000000));
    sct_sweep_shard_range(32, 0, 1, &first, &count);
    ck_assert_uint_eq(count, UINT64_C(4294967296));
}
END_TEST

START_TEST(inputs_follow_the_pair_index_across_rows)
{
    /* p = (a << 16) | b: from p = 2*65536 - 6, 20 pairs cross one row. */
    sct_sweep_space s16 = {SONNX_DT_FLOAT16, SONNX_DT_FLOAT16, SONNX_DT_FLOAT16,
                           2, 2, 2, 16, 16, NULL};
    uint16_t a[20], b[20];
    sct_sweep_space_fill(&s16, 2 * 65536 - 6, 20, a, b);
    for (unsigned i = 0; i < 20; i++) {
        ck_assert_uint_eq(a[i], i < 6 ? 1 : 2);
        ck_assert_uint_eq(b[i], i < 6 ? 65530 + i : i - 6);
    }
    /* 8 x 8: p = (a << 8) | b; 600 pairs from p = 250 span 4 rows. */
    sct_sweep_space s8 = {SONNX_DT_INT8, SONNX_DT_INT8, SONNX_DT_INT8, 1, 1, 1, 8, 8, NULL};
    uint8_t x[600], y[600];
    sct_sweep_space_fill(&s8, 250, 600, x, y);
    for (unsigned i = 0; i < 600; i++) {
        ck_assert_uint_eq(x[i], (250 + i) / 256);
        ck_assert_uint_eq(y[i], (250 + i) % 256);
    }
    /* 16 x 8 (e.g. Pow float16 ^ int8): p = (a << 8) | b. */
    sct_sweep_space s168 = {SONNX_DT_FLOAT16, SONNX_DT_INT8, SONNX_DT_FLOAT16,
                            2, 1, 2, 16, 8, NULL};
    sct_sweep_space_fill(&s168, 0xabcdff, 2, a, x);
    ck_assert_uint_eq(a[0], 0xabcd);
    ck_assert_uint_eq(x[0], 0xff);
    ck_assert_uint_eq(a[1], 0xabce);
    ck_assert_uint_eq(x[1], 0x00);
}
END_TEST

START_TEST(histogram_buckets)
{
    ck_assert_uint_eq(sct_sweep_hist_bucket(0), 0);
    ck_assert_uint_eq(sct_sweep_hist_bucket(1), 1);
    ck_assert_uint_eq(sct_sweep_hist_bucket(2), 2);
    ck_assert_uint_eq(sct_sweep_hist_bucket(3), 3);
    ck_assert_uint_eq(sct_sweep_hist_bucket(4), 3);
    ck_assert_uint_eq(sct_sweep_hist_bucket(5), 4);
    ck_assert_uint_eq(sct_sweep_hist_bucket(32768), 16);
    ck_assert_uint_eq(sct_sweep_hist_bucket(32769), 17);
    ck_assert_uint_eq(sct_sweep_hist_bucket(65536), 17);
    ck_assert_uint_eq(sct_sweep_hist_bucket(65537), 18);
    ck_assert_uint_eq(sct_sweep_hist_bucket(UINT64_C(1) << 40), 41);
    ck_assert_uint_eq(sct_sweep_hist_bucket((UINT64_C(1) << 40) + 1), 42);
    ck_assert_uint_eq(sct_sweep_hist_bucket(UINT64_MAX - 1), 65);
    ck_assert_uint_eq(sct_sweep_hist_bucket(SCT_ULP_NONE), SCT_SWEEP_HIST_NONE);
    ck_assert_str_eq(sct_sweep_hist_label(3), "3-4");
    ck_assert_str_eq(sct_sweep_hist_label(16), "16385-32768");
    ck_assert_str_eq(sct_sweep_hist_label(SCT_SWEEP_HIST_NONE), "n/a");
    /* 16-bit outputs keep the label of the 19-bucket histogram. */
    ck_assert_str_eq(sct_sweep_hist_label_for(17, 16), ">32768");
    ck_assert_str_eq(sct_sweep_hist_label_for(17, 32), "32769-65536");
    ck_assert_str_eq(sct_sweep_hist_label(41), "549755813889-1099511627776");
    ck_assert_str_eq(sct_sweep_hist_label(65), "9223372036854775809-18446744073709551616");
}
END_TEST

START_TEST(undefined_pairs_are_integer_div_by_zero_and_min_over_minus_one)
{
    /* sonnx-div:int B:C1: b == 0 is undefined for every integer type. */
    ck_assert(sct_sweep_pair_undefined(SCT_OP_ID_DIV, SONNX_DT_INT8, 5, 0));
    ck_assert(sct_sweep_pair_undefined(SCT_OP_ID_DIV, SONNX_DT_UINT16, 0xffff, 0));
    /* INT_MIN / -1: int8 0x80 / 0xff, int16 0x8000 / 0xffff. */
    ck_assert(sct_sweep_pair_undefined(SCT_OP_ID_DIV, SONNX_DT_INT8, 0x80, 0xff));
    ck_assert(sct_sweep_pair_undefined(SCT_OP_ID_DIV, SONNX_DT_INT16, 0x8000, 0xffff));
    ck_assert(!sct_sweep_pair_undefined(SCT_OP_ID_DIV, SONNX_DT_INT16, 0x8001, 0xffff));
    /* ... and int64 INT64_MIN / -1 (sampled sweeps draw it). */
    ck_assert(sct_sweep_pair_undefined(SCT_OP_ID_DIV, SONNX_DT_INT64, UINT64_C(1) << 63,
                                       UINT64_MAX));
    ck_assert(!sct_sweep_pair_undefined(SCT_OP_ID_DIV, SONNX_DT_INT64, UINT64_C(1) << 63,
                                        UINT64_MAX - 1u));
    ck_assert(!sct_sweep_pair_undefined(SCT_OP_ID_DIV, SONNX_DT_UINT64, UINT64_C(1) << 63,
                                        UINT64_MAX));
    /* Unsigned 0x80 / 0xff = 128 / 255 is defined. */
    ck_assert(!sct_sweep_pair_undefined(SCT_OP_ID_DIV, SONNX_DT_UINT8, 0x80, 0xff));
    /* Float division by zero is defined (IEEE754-2019 §7.3). */
    ck_assert(!sct_sweep_pair_undefined(SCT_OP_ID_DIV, SONNX_DT_FLOAT16, 0x3c00, 0));
    /* Mul and Less have no undefined pairs. */
    ck_assert(!sct_sweep_pair_undefined(SCT_OP_ID_MUL, SONNX_DT_INT8, 0x80, 0));
    ck_assert(!sct_sweep_pair_undefined(SCT_OP_ID_LESS, SONNX_DT_INT16, 1, 0));
}
END_TEST

START_TEST(sweepable_spaces)
{
    char why[256];
    ck_assert(sct_sweep_supported("Div", SONNX_DT_FLOAT16, SONNX_DT_FLOAT16, why, sizeof why));
    ck_assert(sct_sweep_supported("Pow", SONNX_DT_BFLOAT16, SONNX_DT_BFLOAT16, why, sizeof why));
    ck_assert(sct_sweep_supported("Less", SONNX_DT_UINT8, SONNX_DT_UINT8, why, sizeof why));
    ck_assert(!sct_sweep_supported("Div", SONNX_DT_FLOAT, SONNX_DT_FLOAT, why, sizeof why));
    ck_assert(!sct_sweep_supported("Div", SONNX_DT_INT4, SONNX_DT_INT4, why, sizeof why));
    ck_assert(!sct_sweep_supported("Div", SONNX_DT_BOOL, SONNX_DT_BOOL, why, sizeof why));
    ck_assert(!sct_sweep_supported("Tanh", SONNX_DT_FLOAT16, SONNX_DT_FLOAT16, why, sizeof why));
    /* Unary ops: one input of up to 32 bits, second type UNDEFINED. */
    ck_assert(sct_sweep_supported("Abs", SONNX_DT_FLOAT, SONNX_DT_UNDEFINED, why, sizeof why));
    ck_assert(sct_sweep_supported("Sqrt", SONNX_DT_BFLOAT16, SONNX_DT_UNDEFINED, why, sizeof why));
    ck_assert(!sct_sweep_supported("Sqrt", SONNX_DT_FLOAT16, SONNX_DT_FLOAT16, why, sizeof why));
    ck_assert(!sct_sweep_supported("Sqrt", SONNX_DT_DOUBLE, SONNX_DT_UNDEFINED, why, sizeof why));
    ck_assert(!sct_sweep_supported("Add", SONNX_DT_FLOAT, SONNX_DT_FLOAT, why, sizeof why));
    ck_assert(sct_sweep_supported("Add", SONNX_DT_BFLOAT16, SONNX_DT_BFLOAT16, why, sizeof why));
}
END_TEST

START_TEST(case_ids)
{
    sct_sweep_spec s = {0};
    char id[128];
    s.op_type = "Div";
    s.a_type = s.b_type = SONNX_DT_FLOAT16;
    s.shard_index = 3;
    s.shard_count = 256;
    ck_assert(sct_sweep_case_id(&s, id, sizeof id));
    ck_assert_str_eq(id, "sweep/div/float16/shard-4-of-256");
    s.op_type = "Pow";
    s.b_type = SONNX_DT_INT8;
    ck_assert(sct_sweep_case_id(&s, id, sizeof id));
    ck_assert_str_eq(id, "sweep/pow/float16xint8/shard-4-of-256");
    ck_assert(!sct_sweep_case_id(&s, id, 8));
}
END_TEST

int main(void)
{
    const TTest *const tests[] = {
        shard_ranges_tile_the_space,
        inputs_follow_the_pair_index_across_rows,
        histogram_buckets,
        undefined_pairs_are_integer_div_by_zero_and_min_over_minus_one,
        sweepable_spaces,
        case_ids,
    };
    return SCT_CHECK_RUN("sweep_units", tests);
}
