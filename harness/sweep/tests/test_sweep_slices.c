/*
 * test_sweep_slices.c — a slice of every op x 16-bit type (one shard in
 * 256; the whole 2^16-pair space for the 8-bit types) swept with the
 * built-in kernels as the implementation: every pair must be run and
 * compared, all must agree bit for bit, and the undefined integer-Div pairs
 * must be counted (not compared, not passed).  Expected counts are written
 * by hand from the shard arithmetic (sweep.h) and sonnx-div:int B:C1.
 *
 * That this test can fail is shown by test_sweep_defects.c, which sweeps
 * deliberately wrong loops through the same engine.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "sct/exec/backend.h"
#include "sct/sweep/sweep.h"
#include "sct_check_main.h"

typedef struct slice {
    const char *op;
    int32_t type;
    uint32_t shard, of;     /* which shard */
    uint64_t pairs;         /* expected number of pairs */
    uint64_t undefined;     /* expected undefined pairs */
} slice;

/* Library shard indices (0-based; the CLI's --shard I/N is index + 1).
 * Float slices around 1.0 (f16 a = 0x3c00..0x3cff, bf16 0x3f00..0x3fff),
 * int16/uint16 slice 128 holds a = 0x8000..0x80ff (int16: INT_MIN..). */
static const slice slices[] = {
    {"Div", SONNX_DT_FLOAT16, 60, 256, 1u << 24, 0},
    {"Div", SONNX_DT_BFLOAT16, 63, 256, 1u << 24, 0},
    {"Div", SONNX_DT_INT16, 128, 256, 1u << 24, 256 + 1}, /* b == 0; -32768/-1 */
    {"Div", SONNX_DT_UINT16, 128, 256, 1u << 24, 256},    /* b == 0 */
    {"Div", SONNX_DT_INT8, 0, 1, 1u << 16, 256 + 1},      /* b == 0; -128/-1 */
    {"Div", SONNX_DT_UINT8, 0, 1, 1u << 16, 256},
    {"Mul", SONNX_DT_FLOAT16, 60, 256, 1u << 24, 0},
    {"Mul", SONNX_DT_BFLOAT16, 63, 256, 1u << 24, 0},
    {"Mul", SONNX_DT_INT16, 128, 256, 1u << 24, 0},
    {"Mul", SONNX_DT_UINT16, 128, 256, 1u << 24, 0},
    {"Mul", SONNX_DT_INT8, 0, 1, 1u << 16, 0},
    {"Mul", SONNX_DT_UINT8, 0, 1, 1u << 16, 0},
    {"Less", SONNX_DT_FLOAT16, 60, 256, 1u << 24, 0},
    {"Less", SONNX_DT_BFLOAT16, 63, 256, 1u << 24, 0},
    {"Less", SONNX_DT_INT16, 128, 256, 1u << 24, 0},
    {"Less", SONNX_DT_UINT16, 128, 256, 1u << 24, 0},
    {"Less", SONNX_DT_INT8, 0, 1, 1u << 16, 0},
    {"Less", SONNX_DT_UINT8, 0, 1, 1u << 16, 0},
    {"Pow", SONNX_DT_FLOAT16, 60, 256, 1u << 24, 0},
    {"Pow", SONNX_DT_BFLOAT16, 63, 256, 1u << 24, 0},
};

static sct_sweep_spec spec_of(const slice *s)
{
    sct_sweep_spec spec = {0};
    spec.op_type = s->op;
    spec.a_type = spec.b_type = s->type;
    spec.shard_index = s->shard;
    spec.shard_count = s->of;
    spec.max_ulp = 0;
    spec.threads = 2;
    spec.keep_mismatches = 8;
    return spec;
}

static void check_clean(const slice *s, const sct_sweep_result *r)
{
    ck_assert_msg(r->n_pairs == s->pairs, "%s %d: %llu pairs", s->op, s->type,
                  (unsigned long long)r->n_pairs);
    ck_assert_uint_eq(r->first_pair, (uint64_t)s->shard * s->pairs);
    ck_assert_msg(r->undefined == s->undefined, "%s %d: %llu undefined", s->op,
                  s->type, (unsigned long long)r->undefined);
    ck_assert_uint_eq(r->compared, s->pairs - s->undefined);
    ck_assert_msg(r->mismatches == 0, "%s %d: %llu mismatches", s->op, s->type,
                  (unsigned long long)r->mismatches);
    ck_assert_uint_eq(r->exact, r->compared);
    ck_assert_uint_eq(r->not_run, 0);
    ck_assert_uint_eq(r->n_failures, 0);
    ck_assert_int_eq(r->undefined_status, SCT_EXEC_OK); /* ran, no trap */
    ck_assert_uint_eq(r->n_first_mismatches, 0);
    ck_assert(sct_sweep_passed(r));
}

START_TEST(builtin_slice_agrees_with_reference)
{
    const slice *s = &slices[_i];
    sct_sweep_spec spec = spec_of(s);
    sct_sweep_impl impl;
    sct_sweep_impl_init_loop(&impl, sct_kernel_contiguous(s->op, s->type, s->type));
    ck_assert(impl.loop != NULL);
    sct_sweep_result r;
    char err[256];
    ck_assert_msg(sct_sweep_run(&spec, &impl, &r, err, sizeof err) == 0, "%s", err);
    check_clean(s, &r);
    sct_sweep_result_free(&r);
    sct_sweep_impl_destroy(&impl);
}
END_TEST

/* The same through the backend interface (the built-in plugin table
 * in-process), in batches that do not divide the slice evenly. */
START_TEST(builtin_backend_slice_agrees_with_reference)
{
    slice s = {"Div", SONNX_DT_FLOAT16, 1000, 4096, 1u << 20, 0};
    sct_sweep_spec spec = spec_of(&s);
    spec.batch_pairs = 100000;
    char err[256];
    sct_backend *b = sct_backend_open_builtin(err, sizeof err);
    ck_assert_msg(b != NULL, "%s", err);
    sct_sweep_impl impl;
    sct_sweep_impl_init_backend(&impl, b, "Div", sct_sweep_default_opset("Div"));
    sct_exec_result q;
    ck_assert_int_eq(sct_sweep_impl_query(&impl, spec.a_type, spec.b_type, &q), SCT_EXEC_OK);
    sct_sweep_result r;
    ck_assert_msg(sct_sweep_run(&spec, &impl, &r, err, sizeof err) == 0, "%s", err);
    check_clean(&s, &r);
    sct_sweep_result_free(&r);
    sct_sweep_impl_destroy(&impl);
    sct_backend_close(b);
}
END_TEST

int main(void)
{
    Suite *su = suite_create("sweep_slices");
    TCase *tc = tcase_create("slices");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, builtin_slice_agrees_with_reference, 0,
                        (int)(sizeof slices / sizeof slices[0]));
    tcase_add_test(tc, builtin_backend_slice_agrees_with_reference);
    suite_add_tcase(su, tc);
    return sct_check_run_suite(su);
}
