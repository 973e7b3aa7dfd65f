/*
 * test_sweep_vendor.c — sweeps through real plugins, isolated in a child
 * process by harness/exec, in large batches: the built-in plugin module
 * must agree everywhere; the mutant plugins of tests/mutants (one
 * realistic defect each) must be caught, counted and classified, and a
 * plugin crash must fail its batches (counted "not run", verdict CRASH),
 * never pass them.  Expected counts are derived from the defects'
 * definitions by hand.
 *
 *   test_sweep_vendor BUILTIN_PLUGIN MUTANT_DIR CRASH_ROW_PLUGIN
 * The mutant checks are left out (and say so) when MUTANT_DIR has no
 * mutant modules (tests/ module not built); crash_row_plugin.c is ours.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "sct/exec/backend.h"
#include "sct/sweep/sweep.h"
#include "sct/sweep/sweep_report.h"
#include "sct_check_main.h"

static const char *g_builtin, *g_mutants, *g_crash_row;

static sct_sweep_result sweep_plugin(const char *path, const char *op, int32_t type,
                                     uint32_t shard, uint32_t of, uint64_t batch)
{
    char err[512];
    sct_backend_options bo = {.isolate = true, .timeout_seconds = 60.0, .vendor_options = ""};
    sct_backend *b = sct_backend_open_plugin(path, &bo, err, sizeof err);
    ck_assert_msg(b != NULL, "%s", err);
    sct_sweep_impl impl;
    sct_sweep_impl_init_backend(&impl, b, op, sct_sweep_default_opset(op));
    sct_sweep_spec spec = {0};
    spec.op_type = op;
    spec.a_type = type;
    /* A unary op's second type is UNDEFINED (its space is one-dimensional). */
    spec.b_type = sct_sweep_unary(op) ? SONNX_DT_UNDEFINED : type;
    spec.shard_index = shard;
    spec.shard_count = of;
    spec.threads = 2;
    spec.keep_mismatches = 5;
    spec.batch_pairs = batch;
    sct_sweep_result r;
    ck_assert_msg(sct_sweep_run(&spec, &impl, &r, err, sizeof err) == 0, "%s", err);
    sct_sweep_impl_destroy(&impl);
    sct_backend_close(b);
    return r;
}

static char *mutant(const char *name)
{
    static char path[1024];
    snprintf(path, sizeof path, "%s/mutant_%s.so", g_mutants, name);
    return access(path, R_OK) == 0 ? path : NULL;
}

START_TEST(builtin_plugin_agrees_through_isolation)
{
    /* Shard 15/1024 of float16 Div: 2^22 pairs in 4 batches of 2^20. */
    sct_sweep_result r = sweep_plugin(g_builtin, "Div", SONNX_DT_FLOAT16, 15, 1024, 1u << 20);
    ck_assert_uint_eq(r.n_pairs, 1u << 22);
    ck_assert_uint_eq(r.compared, 1u << 22);
    ck_assert_uint_eq(r.mismatches, 0);
    ck_assert_uint_eq(r.not_run, 0);
    ck_assert(sct_sweep_passed(&r));
    ck_assert_int_eq(sct_sweep_verdict(&r), SCT_VERDICT_PASS);
    sct_sweep_result_free(&r);
}
END_TEST

START_TEST(unary_ops_through_isolation)
{
    /* Abs and Sqrt take one input: the plugin is asked and called with X
     * alone (registry arity 1), every one of the 2^16 float16 inputs. */
    static const char *const ops[] = {"Abs", "Sqrt"};
    for (size_t k = 0; k < 2; k++) {
        sct_sweep_result r = sweep_plugin(g_builtin, ops[k], SONNX_DT_FLOAT16, 0, 1, 1u << 14);
        ck_assert_msg(r.compared == 65536u, "%s float16: compared %llu", ops[k],
                      (unsigned long long)r.compared);
        ck_assert_uint_eq(r.mismatches, 0);
        ck_assert_uint_eq(r.not_run, 0);
        ck_assert_int_eq(sct_sweep_verdict(&r), SCT_VERDICT_PASS);
        sct_sweep_result_free(&r);
    }
    /* int8 Abs: |-128| is the one undefined input (run apart, not compared). */
    sct_sweep_result r = sweep_plugin(g_builtin, "Abs", SONNX_DT_INT8, 0, 1, 1u << 14);
    ck_assert_uint_eq(r.compared, 255);
    ck_assert_uint_eq(r.undefined, 1);
    ck_assert_uint_eq(r.mismatches, 0);
    ck_assert_int_eq(sct_sweep_verdict(&r), SCT_VERDICT_PASS);
    sct_sweep_result_free(&r);
}
END_TEST

START_TEST(nan_comparison_mutant_caught)
{
    const char *p = mutant("less_nan_true");
    if (p == NULL)
        return; /* tests/mutants not built: nothing to check */
    /* a = 0x7c00 (inf) .. 0x7cff: wrong for every NaN a (255 x 65536) and
     * for inf < NaN b (2 x 1023 NaN encodings). */
    sct_sweep_result r = sweep_plugin(p, "Less", SONNX_DT_FLOAT16, 124, 256, 1u << 20);
    ck_assert_uint_eq(r.mismatches, 255u * 65536u + 2046u);
    ck_assert_uint_eq(r.deviation_counts[SCT_DEV_BOOL_NAN_COMPARE], r.mismatches);
    ck_assert_int_eq(sct_sweep_verdict(&r), SCT_VERDICT_FAIL);
    sct_sweep_result_free(&r);
}
END_TEST

START_TEST(truncating_bf16_mutant_caught)
{
    const char *p = mutant("bf16_truncate");
    if (p == NULL)
        return;
    /* a = 0x3f00..0x3fff (0.5 .. 2): truncation is 1 ULP toward zero, and
     * where RNE overflows to inf (|a*b| >= (2 - 2^-8) * 2^127) truncation
     * keeps the largest finite value; a result rounding up to the smallest
     * subnormal truncates to zero: these three classes, nothing else. */
    sct_sweep_result r = sweep_plugin(p, "Mul", SONNX_DT_BFLOAT16, 63, 256, 1u << 20);
    ck_assert_uint_gt(r.deviation_counts[SCT_DEV_ROUNDED_TOWARD_ZERO], 0);
    ck_assert_uint_gt(r.deviation_counts[SCT_DEV_INF_EXPECTED_GOT_FINITE], 0);
    ck_assert_uint_eq(r.deviation_counts[SCT_DEV_ROUNDED_TOWARD_ZERO] +
                      r.deviation_counts[SCT_DEV_INF_EXPECTED_GOT_FINITE] +
                      r.deviation_counts[SCT_DEV_SUBNORMAL_FLUSHED], r.mismatches);
    ck_assert_uint_eq(r.max_ulp_seen, 1);
    ck_assert_int_eq(sct_sweep_verdict(&r), SCT_VERDICT_FAIL);
    sct_sweep_result_free(&r);
}
END_TEST

START_TEST(crash_in_a_compared_batch_fails_that_batch_only)
{
    /* Library shard index 60 of 256 (CLI --shard 61/256) of float16 Mul =
     * rows a = 0x3c00..0x3cff, one row per
     * batch; the plugin crashes on row 0x3c80 only. */
    sct_sweep_result r = sweep_plugin(g_crash_row, "Mul", SONNX_DT_FLOAT16, 60, 256, 65536);
    ck_assert_uint_eq(r.n_failures, 1);
    ck_assert_int_eq(r.failures[0].status, SCT_EXEC_CRASH);
    ck_assert_uint_eq(r.failures[0].first_pair, UINT64_C(0x3c800000));
    ck_assert_uint_eq(r.failures[0].n_pairs, 65536);
    ck_assert_uint_eq(r.not_run, 65536);
    ck_assert_uint_eq(r.compared, (1u << 24) - 65536);
    ck_assert_uint_eq(r.mismatches, 0);
    ck_assert(!sct_sweep_passed(&r));
    ck_assert_int_eq(sct_sweep_verdict(&r), SCT_VERDICT_CRASH);
    sct_sweep_result_free(&r);
}
END_TEST

START_TEST(crash_on_undefined_pairs_reported_apart)
{
    const char *p = mutant("int_div_zero_crash");
    if (p == NULL)
        return;
    /* int8 Div, 2^16 pairs in batches of 4096.  The 257 undefined pairs
     * (b == 0; -128 / -1) are taken out of the compared batches and run
     * in one separate call, which crashes: the defined pairs all compare
     * equal, the crash is reported against the undefined call. */
    sct_sweep_result r = sweep_plugin(p, "Div", SONNX_DT_INT8, 0, 1, 4096);
    ck_assert_uint_eq(r.n_failures, 0);
    ck_assert_uint_eq(r.undefined, 257);
    ck_assert_uint_eq(r.compared, 65536 - 257);
    ck_assert_uint_eq(r.mismatches, 0);
    ck_assert_int_eq(r.undefined_status, SCT_EXEC_CRASH);
    sct_sweep_result_free(&r);
    /* Mul has no division: the same plugin passes (the crash was tied to
     * its cause, and the child was restarted after each crash). */
    r = sweep_plugin(p, "Mul", SONNX_DT_INT8, 0, 1, 4096);
    ck_assert_int_eq(r.undefined_status, SCT_EXEC_OK);
    ck_assert(sct_sweep_passed(&r));
    sct_sweep_result_free(&r);
}
END_TEST

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: test_sweep_vendor BUILTIN_PLUGIN MUTANT_DIR CRASH_ROW_PLUGIN\n");
        return 2;
    }
    g_builtin = argv[1];
    g_mutants = argv[2];
    g_crash_row = argv[3];
    if (mutant("less_nan_true") == NULL)
        printf("note: no mutant plugins in %s: mutant sweeps not checked\n", g_mutants);
    Suite *s = suite_create("sweep_vendor");
    TCase *tc = tcase_create("vendor");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, builtin_plugin_agrees_through_isolation);
    tcase_add_test(tc, unary_ops_through_isolation);
    tcase_add_test(tc, nan_comparison_mutant_caught);
    tcase_add_test(tc, truncating_bf16_mutant_caught);
    tcase_add_test(tc, crash_in_a_compared_batch_fails_that_batch_only);
    tcase_add_test(tc, crash_on_undefined_pairs_reported_apart);
    suite_add_tcase(s, tc);
    return sct_check_run_suite(s);
}
