/*
 * test_sweep_defects.c — the sweep engine must find and classify defects:
 * deliberately wrong test-only loops are injected as the implementation
 * (sct_sweep_impl_init_loop) and every expected count below is derived by
 * hand or by an independent counting loop over the defect's definition,
 * never from the sweep's own output.
 */
#include <check.h>
#include <float.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sct/sweep/sweep.h"
#include "sct_check_main.h"

static sct_kernel_loop reference(const char *op, int32_t t)
{
    sct_kernel_loop l = sct_kernel_contiguous(op, t, t);
    ck_assert(l != NULL);
    return l;
}

static int f16_is_nan(uint16_t h) { return (h & 0x7fffu) > 0x7c00u; }

/* Mul float16, wrong in the last bit whenever b == 1.0 and a is finite and
 * non-zero: 1 ULP off. */
static void mul_f16_lsb_flip(const void *a, const void *b, void *c, size_t n)
{
    reference("Mul", SONNX_DT_FLOAT16)(a, b, c, n);
    const uint16_t *x = a, *y = b;
    uint16_t *z = c;
    for (size_t i = 0; i < n; i++)
        if (y[i] == 0x3c00u && (x[i] & 0x7c00u) != 0x7c00u && (x[i] & 0x7fffu) != 0)
            z[i] ^= 1u;
}

/* Div float16 flushing subnormal results to zero (keeping the sign). */
static void div_f16_flush(const void *a, const void *b, void *c, size_t n)
{
    reference("Div", SONNX_DT_FLOAT16)(a, b, c, n);
    uint16_t *z = c;
    for (size_t i = 0; i < n; i++)
        if ((z[i] & 0x7c00u) == 0 && (z[i] & 0x03ffu) != 0)
            z[i] &= 0x8000u;
}

/* Div int16 rounding toward -inf (floor) instead of truncating (onnx-div). */
static void div_i16_floor(const void *a, const void *b, void *c, size_t n)
{
    const int16_t *x = a, *y = b;
    int16_t *z = c;
    for (size_t i = 0; i < n; i++) {
        int32_t p = x[i], q = y[i];
        if (q == 0 || (p == -32768 && q == -1)) {
            z[i] = 0;
            continue;
        }
        int32_t t = p / q;
        if (p % q != 0 && ((p < 0) != (q < 0)))
            t--;
        z[i] = (int16_t)t;
    }
}

/* Less float16 answering true whenever an operand is NaN. */
static void less_f16_nan_true(const void *a, const void *b, void *c, size_t n)
{
    reference("Less", SONNX_DT_FLOAT16)(a, b, c, n);
    const uint16_t *x = a, *y = b;
    uint8_t *z = c;
    for (size_t i = 0; i < n; i++)
        if (f16_is_nan(x[i]) || f16_is_nan(y[i]))
            z[i] = 1;
}

/* Mul int8 saturating instead of wrapping (sonnx-mul: wraparound). */
static void mul_i8_saturate(const void *a, const void *b, void *c, size_t n)
{
    const int8_t *x = a, *y = b;
    int8_t *z = c;
    for (size_t i = 0; i < n; i++) {
        int p = x[i] * y[i];
        z[i] = (int8_t)(p > 127 ? 127 : p < -128 ? -128 : p);
    }
}

static sct_sweep_result sweep(const char *op, int32_t type, sct_kernel_loop loop,
                              uint32_t shard, uint32_t of, uint32_t max_ulp,
                              unsigned threads)
{
    sct_sweep_spec spec = {0};
    spec.op_type = op;
    spec.a_type = spec.b_type = type;
    spec.shard_index = shard;
    spec.shard_count = of;
    spec.max_ulp = max_ulp;
    spec.threads = threads;
    spec.keep_mismatches = 10;
    sct_sweep_impl impl;
    sct_sweep_impl_init_loop(&impl, loop);
    sct_sweep_result r;
    char err[256];
    ck_assert_msg(sct_sweep_run(&spec, &impl, &r, err, sizeof err) == 0, "%s", err);
    sct_sweep_impl_destroy(&impl);
    ck_assert_uint_eq(r.not_run, 0);
    ck_assert_uint_eq(r.compared + r.undefined, r.n_pairs);
    ck_assert_uint_eq(r.exact + r.within_tolerance + r.mismatches, r.compared);
    return r;
}

/* Unary defects (b is NULL): Abs as "x < 0 ? -x : x" on float16 encodings
 * (-0 < 0 is false: -0 stays -0; a negative NaN keeps its sign, which the
 * NaN rule matches), Sqrt float32 with subnormal inputs flushed to +0
 * (DAZ), Abs int8 saturating MIN to MAX (the undefined input). */
static void abs_f16_negate_if_negative(const void *a, const void *b, void *c, size_t n)
{
    (void)b;
    const uint16_t *x = a;
    uint16_t *z = c;
    for (size_t i = 0; i < n; i++) {
        bool neg_number = (x[i] & 0x8000u) && x[i] != 0x8000u && (x[i] & 0x7fffu) <= 0x7c00u;
        z[i] = neg_number ? (uint16_t)(x[i] & 0x7fffu) : x[i];
    }
}

static void sqrt_f32_daz(const void *a, const void *b, void *c, size_t n)
{
    (void)b;
    const float *x = a;
    float *z = c;
    for (size_t i = 0; i < n; i++)
        z[i] = fabsf(x[i]) < FLT_MIN ? 0.0f * x[i] : sqrtf(x[i]);
}

static void abs_i8_saturate(const void *a, const void *b, void *c, size_t n)
{
    (void)b;
    const int8_t *x = a;
    int8_t *z = c;
    for (size_t i = 0; i < n; i++)
        z[i] = x[i] == INT8_MIN ? INT8_MAX : (int8_t)(x[i] < 0 ? -x[i] : x[i]);
}

static sct_sweep_result sweep1(const char *op, int32_t type, sct_kernel_loop loop,
                               uint32_t shard, uint32_t of)
{
    sct_sweep_spec spec = {0};
    spec.op_type = op;
    spec.a_type = type;
    spec.b_type = SONNX_DT_UNDEFINED;
    spec.shard_index = shard;
    spec.shard_count = of;
    spec.threads = 2;
    spec.keep_mismatches = 10;
    sct_sweep_impl impl;
    sct_sweep_impl_init_loop(&impl, loop);
    sct_sweep_result r;
    char err[256];
    ck_assert_msg(sct_sweep_run(&spec, &impl, &r, err, sizeof err) == 0, "%s", err);
    sct_sweep_impl_destroy(&impl);
    ck_assert_uint_eq(r.not_run, 0);
    ck_assert_uint_eq(r.compared + r.undefined, r.n_pairs);
    return r;
}

START_TEST(unary_defects_found)
{
    sct_sweep_result r = sweep1("Abs", SONNX_DT_FLOAT16, abs_f16_negate_if_negative, 0, 1);
    ck_assert_uint_eq(r.n_pairs, 65536);
    ck_assert_uint_eq(r.mismatches, 1); /* -0 only */
    ck_assert_uint_eq(r.n_first_mismatches, 1);
    ck_assert_uint_eq(r.first_mismatches[0].index, 0x8000);
    ck_assert_uint_eq(r.first_mismatches[0].n_inputs, 1);
    ck_assert_uint_eq(r.first_mismatches[0].in_bits[0], 0x8000);
    sct_sweep_result_free(&r);

    /* shard 1/256 of float32: encodings 0 .. 2^24-1, of which the
     * 2^23 - 1 positive subnormals have a normal square root */
    r = sweep1("Sqrt", SONNX_DT_FLOAT, sqrt_f32_daz, 0, 256);
    ck_assert_uint_eq(r.n_pairs, UINT64_C(1) << 24);
    ck_assert_uint_eq(r.mismatches, (UINT64_C(1) << 23) - 1);
    ck_assert_uint_eq(r.first_mismatches[0].index, 1);
    sct_sweep_result_free(&r);

    /* INT8_MIN's Abs is undefined: run, never compared */
    r = sweep1("Abs", SONNX_DT_INT8, abs_i8_saturate, 0, 1);
    ck_assert_uint_eq(r.n_pairs, 256);
    ck_assert_uint_eq(r.undefined, 1);
    ck_assert_uint_eq(r.mismatches, 0);
    ck_assert(sct_sweep_passed(&r));
    sct_sweep_result_free(&r);
}
END_TEST

static uint64_t sum_classes(const sct_sweep_result *r)
{
    uint64_t s = 0;
    for (int k = 0; k < SCT_DEV_COUNT; k++)
        s += r->deviation_counts[k];
    return s;
}

START_TEST(last_bit_errors_found_counted_and_listed_in_order)
{
    /* Library shard index 0 of 256 (CLI --shard 1/256): a = 0x0000..0x00ff;
     * finite non-zero a: 0x0001..0x00ff. */
    sct_sweep_result r = sweep("Mul", SONNX_DT_FLOAT16, mul_f16_lsb_flip, 0, 256, 0, 3);
    ck_assert_uint_eq(r.mismatches, 255);
    ck_assert_uint_eq(sum_classes(&r), 255);
    ck_assert_uint_eq(r.deviation_counts[SCT_DEV_NONE], 0);
    ck_assert(!sct_sweep_passed(&r));
    ck_assert(r.has_ulp);
    ck_assert_uint_eq(r.max_ulp_seen, 1);
    ck_assert_uint_eq(r.max_ulp_pair, 0x13c00u); /* lowest: a = 0x0001 */
    ck_assert_uint_eq(r.ulp_histogram[1], 255);
    ck_assert_uint_eq(r.ulp_histogram[0], r.compared - 255);
    /* First mismatches: a = 1, 2, 3, ... with b = 0x3c00, 1 ULP each. */
    ck_assert_uint_eq(r.n_first_mismatches, 10);
    for (size_t i = 0; i < 10; i++) {
        const sct_mismatch *m = &r.first_mismatches[i];
        ck_assert_uint_eq(m->index, ((i + 1) << 16) | 0x3c00u);
        ck_assert_uint_eq(m->in_bits[0], i + 1);
        ck_assert_uint_eq(m->in_bits[1], 0x3c00u);
        ck_assert_uint_eq(m->expected_bits, i + 1);          /* a * 1 = a */
        ck_assert_uint_eq(m->actual_bits, (i + 1) ^ 1u);
        ck_assert_uint_eq(m->ulp, 1);
        ck_assert_int_ne(m->deviation, SCT_DEV_NONE);
    }
    /* The same with one thread: identical counts and list. */
    sct_sweep_result r1 = sweep("Mul", SONNX_DT_FLOAT16, mul_f16_lsb_flip, 0, 256, 0, 1);
    ck_assert_uint_eq(r1.mismatches, r.mismatches);
    ck_assert_mem_eq(r1.deviation_counts, r.deviation_counts, sizeof r.deviation_counts);
    ck_assert_mem_eq(r1.first_mismatches, r.first_mismatches, 10 * sizeof(sct_mismatch));
    sct_sweep_result_free(&r1);
    sct_sweep_result_free(&r);
}
END_TEST

START_TEST(one_ulp_is_within_a_one_ulp_tolerance_not_a_pass_by_default)
{
    sct_sweep_result r = sweep("Mul", SONNX_DT_FLOAT16, mul_f16_lsb_flip, 0, 256, 1, 2);
    ck_assert_uint_eq(r.mismatches, 0);
    ck_assert_uint_eq(r.within_tolerance, 255);
    ck_assert_uint_eq(r.max_ulp_seen, 1);
    ck_assert(sct_sweep_passed(&r));
    sct_sweep_result_free(&r);
}
END_TEST

START_TEST(flushed_subnormals_classified)
{
    sct_sweep_result r = sweep("Div", SONNX_DT_FLOAT16, div_f16_flush, 0, 256, 0, 2);
    ck_assert_uint_gt(r.mismatches, 1000);
    ck_assert_uint_eq(r.deviation_counts[SCT_DEV_SUBNORMAL_FLUSHED], r.mismatches);
    ck_assert(!sct_sweep_passed(&r));
    sct_sweep_result_free(&r);
}
END_TEST

START_TEST(floor_division_classified_and_undefined_not_compared)
{
    /* Library shard index 128 of 256: a = -32768 .. -32513, every b. */
    uint64_t expect = 0;
    for (int32_t p = -32768; p <= -32513; p++)
        for (int32_t q = -32768; q <= 32767; q++)
            if (q != 0 && !(p == -32768 && q == -1) && p % q != 0 && q > 0)
                expect++; /* p < 0: floor != trunc iff inexact and q > 0 */
    sct_sweep_result r = sweep("Div", SONNX_DT_INT16, div_i16_floor, 128, 256, 0, 2);
    ck_assert_uint_eq(r.undefined, 256 + 1);
    ck_assert_uint_eq(r.mismatches, expect);
    /* The undefined pairs were taken out of the batches: the reported pair
     * index must still be the pair's own, (a << 16) | b.  First: a = -32768,
     * b = 3 (b = 1, 2 divide exactly; b = 0 is undefined). */
    ck_assert_uint_eq(r.n_first_mismatches, 10);
    ck_assert_uint_eq(r.first_mismatches[0].index, (UINT64_C(0x8000) << 16) | 3u);
    for (size_t i = 0; i < r.n_first_mismatches; i++) {
        const sct_mismatch *m = &r.first_mismatches[i];
        ck_assert_uint_eq(m->index, (m->in_bits[0] << 16) | m->in_bits[1]);
    }
    ck_assert_uint_eq(r.deviation_counts[SCT_DEV_INT_FLOOR], expect);
    ck_assert(!r.has_ulp);
    ck_assert_uint_eq(r.unmeasurable, expect);
    sct_sweep_result_free(&r);
}
END_TEST

START_TEST(nan_comparisons_classified)
{
    /* Library shard index 124 of 256: a = 0x7c00 (inf) .. 0x7cff (NaNs).  Wrong: every pair
     * with a NaN a (255 x 65536) and inf < NaN b (2 x 1023 NaN encodings). */
    sct_sweep_result r = sweep("Less", SONNX_DT_FLOAT16, less_f16_nan_true, 124, 256, 0, 2);
    ck_assert_uint_eq(r.mismatches, 255u * 65536u + 2046u);
    ck_assert_uint_eq(r.deviation_counts[SCT_DEV_BOOL_NAN_COMPARE], r.mismatches);
    sct_sweep_result_free(&r);
}
END_TEST

START_TEST(saturation_classified)
{
    uint64_t expect = 0;
    for (int p = -128; p < 128; p++)
        for (int q = -128; q < 128; q++) {
            int v = p * q, sat = v > 127 ? 127 : v < -128 ? -128 : v;
            int wrapped = ((v % 256) + 256 + 128) % 256 - 128; /* modulo 2^8 */
            expect += wrapped != sat; /* e.g. 3 * 127 = 381 wraps to 125 */
        }
    sct_sweep_result r = sweep("Mul", SONNX_DT_INT8, mul_i8_saturate, 0, 1, 0, 2);
    ck_assert_uint_eq(r.n_pairs, 65536);
    ck_assert_uint_eq(r.mismatches, expect);
    ck_assert_uint_eq(r.deviation_counts[SCT_DEV_INT_SATURATED], expect);
    sct_sweep_result_free(&r);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("sweep_defects");
    TCase *tc = tcase_create("defects");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, last_bit_errors_found_counted_and_listed_in_order);
    tcase_add_test(tc, one_ulp_is_within_a_one_ulp_tolerance_not_a_pass_by_default);
    tcase_add_test(tc, flushed_subnormals_classified);
    tcase_add_test(tc, floor_division_classified_and_undefined_not_compared);
    tcase_add_test(tc, nan_comparisons_classified);
    tcase_add_test(tc, saturation_classified);
    tcase_add_test(tc, unary_defects_found);
    suite_add_tcase(s, tc);
    return sct_check_run_suite(s);
}
