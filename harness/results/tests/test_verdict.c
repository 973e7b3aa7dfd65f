/*
 * test_verdict.c — verdict names and the overall rule: UNSUPPORTED never
 * counts as passed, ERROR dominates, nothing passed is not conformance.
 */
#include <check.h>
#include <stdlib.h>

#include "sct/results/run_tier.h"
#include "sct/results/verdict.h"
#include "sct_check_main.h"

START_TEST(test_names)
{
    ck_assert_str_eq(sct_verdict_name(SCT_VERDICT_PASS), "PASS");
    ck_assert_str_eq(sct_verdict_name(SCT_VERDICT_UNSUPPORTED), "UNSUPPORTED");
    ck_assert_int_eq(sct_verdict_from_name("TIMEOUT"), SCT_VERDICT_TIMEOUT);
    ck_assert_int_eq(sct_verdict_from_name("pass"), SCT_VERDICT_COUNT);
    ck_assert_int_eq(sct_verdict_from_name(NULL), SCT_VERDICT_COUNT);
    /* A value outside the enum (a corrupt spool) is no verdict: ERROR. */
    ck_assert_str_eq(sct_verdict_name(SCT_VERDICT_COUNT), "ERROR");
}
END_TEST

START_TEST(test_overall)
{
    size_t c[SCT_VERDICT_COUNT] = {0};
    ck_assert_int_eq(sct_overall_from_counts(c), SCT_OVERALL_NOTHING_PASSED);
    ck_assert_int_eq(sct_overall_exit_code(SCT_OVERALL_NOTHING_PASSED), 1);
    c[SCT_VERDICT_UNSUPPORTED] = 5;
    ck_assert_int_eq(sct_overall_from_counts(c), SCT_OVERALL_NOTHING_PASSED);
    c[SCT_VERDICT_PASS] = 3;
    /* Passed what ran, declined the rest: only what ran conforms. */
    ck_assert_int_eq(sct_overall_from_counts(c), SCT_OVERALL_PARTIAL);
    ck_assert_int_eq(sct_overall_exit_code(SCT_OVERALL_PARTIAL), 3);
    ck_assert_str_eq(sct_overall_name(SCT_OVERALL_PARTIAL), "PARTIAL");
    c[SCT_VERDICT_UNSUPPORTED] = 0;
    ck_assert_int_eq(sct_overall_from_counts(c), SCT_OVERALL_CONFORMS);
    ck_assert_int_eq(sct_overall_exit_code(SCT_OVERALL_CONFORMS), 0);
    /* Declining at run time what query() accepted is a failure. */
    c[SCT_VERDICT_DECLINED_AT_RUN] = 1;
    ck_assert_int_eq(sct_overall_from_counts(c), SCT_OVERALL_NON_CONFORMANT);
    c[SCT_VERDICT_DECLINED_AT_RUN] = 0;
    c[SCT_VERDICT_UNSUPPORTED] = 5;
    c[SCT_VERDICT_TIMEOUT] = 1;
    ck_assert_int_eq(sct_overall_from_counts(c), SCT_OVERALL_NON_CONFORMANT);
    ck_assert_int_eq(sct_overall_exit_code(SCT_OVERALL_NON_CONFORMANT), 1);
    c[SCT_VERDICT_ERROR] = 1;
    ck_assert_int_eq(sct_overall_from_counts(c), SCT_OVERALL_ERROR);
    ck_assert_int_eq(sct_overall_exit_code(SCT_OVERALL_ERROR), 2);
    ck_assert_str_eq(sct_overall_name(SCT_OVERALL_NON_CONFORMANT), "NON-CONFORMANT");
    ck_assert_int_eq(sct_overall_from_name("PARTIAL"), SCT_OVERALL_PARTIAL);
    ck_assert_int_eq(sct_overall_from_name("MIXED"), SCT_OVERALL_COUNT);
}
END_TEST

/* The tier rule (run_tier.h), row by row: what was looked at, and whether a
 * certificate can rest on it. */
typedef struct tier_row {
    const char *what;
    sct_tier_facts facts;
    const char *filters;
    const char *claim;
    size_t excluded;
    uint32_t shard_index, shard_count;
    sct_tier_kind kind;
    bool certifiable;
} tier_row;

static const tier_row k_tiers[] = {
    {"whole profile", {779, 0, 0, 0, 0}, "", NULL, 0, 1, 1, SCT_TIER_FULL_PROFILE, true},
    {"--op", {13, 0, 0, 0, 0}, "--op Div", NULL, 766, 1, 1, SCT_TIER_SUBSET, false},
    {"filter matching all", {779, 0, 0, 0, 0}, "--tag x", NULL, 0, 1, 1, SCT_TIER_SUBSET, false},
    {"shard", {390, 0, 0, 0, 0}, "", NULL, 0, 1, 2, SCT_TIER_SHARD, false},
    {"exhaustive sweep", {1, 1, 0, 1ull << 32, 1ull << 32}, "sweep", NULL, 0, 1, 1,
     SCT_TIER_SWEEP_EXHAUSTIVE, true},
    {"sweep --limit", {1, 1, 0, 500000, 1ull << 32}, "sweep", NULL, 0, 1, 1,
     SCT_TIER_SWEEP_SLICE, false},
    {"sweep --shard", {1, 1, 0, 4294968, 1ull << 32}, "sweep", NULL, 0, 301, 1000,
     SCT_TIER_SWEEP_SLICE, false},
    {"claim", {300, 0, 0, 0, 0}, "", "Pow float32 (correctly rounded)", 0, 1, 1,
     SCT_TIER_CLAIMED_SCOPE, true},
    {"claim, one shard", {150, 0, 0, 0, 0}, "", "Pow float32", 0, 1, 2, SCT_TIER_SHARD, false},
    {"sampled sweep", {1, 1, 1, 1000000, 0}, "sweep --samples 1000000 --seed 7", NULL, 0, 1, 1,
     SCT_TIER_SWEEP_SAMPLED, false},
};

START_TEST(test_tiers)
{
    const tier_row *t = &k_tiers[_i];
    sct_run_tier got;
    sct_tier_decide(&t->facts, t->filters, t->claim, t->excluded, t->shard_index, t->shard_count,
                    t->facts.cases, &got);
    ck_assert_msg(got.kind == t->kind, "%s: tier %s, want %s", t->what,
                  sct_tier_name(got.kind), sct_tier_name(t->kind));
    ck_assert_msg(got.certifiable == t->certifiable, "%s: certifiable %d", t->what,
                  got.certifiable);
}
END_TEST

/* The tier names a report carries (docs/cli.md "Tiers"), read back, and
 * which of them are sweeps (a sweep's report has no vector set). */
static const struct {
    const char *name;
    sct_tier_kind kind;
    bool sweep;
} k_tier_names[] = {
    {"full profile", SCT_TIER_FULL_PROFILE, false},
    {"subset", SCT_TIER_SUBSET, false},
    {"shard", SCT_TIER_SHARD, false},
    {"claimed scope", SCT_TIER_CLAIMED_SCOPE, false},
    {"exhaustive sweep", SCT_TIER_SWEEP_EXHAUSTIVE, true},
    {"sweep slice", SCT_TIER_SWEEP_SLICE, true},
    {"sampled sweep", SCT_TIER_SWEEP_SAMPLED, true},
};

START_TEST(test_tier_names_both_ways)
{
    ck_assert_int_eq(sizeof k_tier_names / sizeof k_tier_names[0], SCT_TIER_COUNT);
    for (size_t i = 0; i < SCT_TIER_COUNT; i++) {
        sct_tier_kind k = SCT_TIER_COUNT;
        ck_assert_str_eq(sct_tier_name(k_tier_names[i].kind), k_tier_names[i].name);
        ck_assert_msg(sct_tier_from_name(k_tier_names[i].name, &k) && k == k_tier_names[i].kind,
                      "%s not read back", k_tier_names[i].name);
        ck_assert_msg(sct_tier_is_sweep(k) == k_tier_names[i].sweep, "%s: sweep %d",
                      k_tier_names[i].name, sct_tier_is_sweep(k));
    }
    sct_tier_kind k;
    ck_assert(!sct_tier_from_name("sweep", &k));
    ck_assert(!sct_tier_from_name("", &k));
    ck_assert(!sct_tier_from_name(NULL, &k));
    ck_assert(!sct_tier_from_name("Full profile", &k));
}
END_TEST

int main(void)
{
    const TTest *const tests[] = {test_names, test_overall, test_tier_names_both_ways};
    Suite *s = suite_create("verdict");
    TCase *tc = tcase_create("core");
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++)
        tcase_add_test(tc, tests[i]);
    tcase_add_loop_test(tc, test_tiers, 0, (int)(sizeof k_tiers / sizeof k_tiers[0]));
    suite_add_tcase(s, tc);
    return sct_check_run_suite(s);
}
