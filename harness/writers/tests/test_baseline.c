/*
 * test_baseline.c — baseline round trip: identical run -> no difference;
 * a changed verdict and a new case are named; a profile mismatch and a
 * non-baseline file are refused.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "sct/writers/baseline.h"
#include "report_fixture.h"
#include "sct_check_main.h"

/* The error of the last compare_to_text. */
static char last_err[512];

static char *compare_to_text(const char *bl, const sct_run_report *r,
                             sct_baseline_diff *d, int *rc)
{
    char *err = last_err;
    const size_t err_cap = sizeof last_err;
    err[0] = '\0';
    const char *out_path = fixture_path("baseline.out");
    FILE *out = fopen(out_path, "w");
    ck_assert_ptr_nonnull(out);
    *rc = sct_baseline_compare(bl, r, out, d, err, err_cap);
    fclose(out);
    return fixture_slurp(out_path);
}

START_TEST(test_round_trip)
{
    sct_run_report r;
    fixture_build(&r);
    char err[256];
    char bl[4096];
    snprintf(bl, sizeof bl, "%s", fixture_path("baseline.json"));
    ck_assert_int_eq(sct_baseline_write(bl, &r, err, sizeof err), 0);

    sct_baseline_diff d;
    int rc;
    char *t = compare_to_text(bl, &r, &d, &rc);
    ck_assert_int_eq(rc, 0);
    ck_assert_uint_eq(d.compared, 5);
    ck_assert_uint_eq(d.changed, 0);
    ck_assert_uint_eq(d.unknown, 0);
    free(t);

    /* a run with --strict-nan against a baseline without it: noted */
    r.options.strict_nan = true;
    t = compare_to_text(bl, &r, &d, &rc);
    ck_assert_int_eq(rc, 0);
    ck_assert_int_eq(d.identity_notes, 1);
    ck_assert_ptr_nonnull(strstr(t, "--strict-nan differs: baseline off, this run on"));
    free(t);
    r.options.strict_nan = false;

    /* the failing case now passes, the passing one fails */
    sct_run_report_free(&r);
    static const sct_verdict swapped[5] = {SCT_VERDICT_FAIL, SCT_VERDICT_PASS,
                                           SCT_VERDICT_UNSUPPORTED, SCT_VERDICT_ERROR,
                                           SCT_VERDICT_CRASH};
    fixture_build_verdicts(&r, swapped);
    t = compare_to_text(bl, &r, &d, &rc);
    ck_assert_int_eq(rc, 0);
    ck_assert_uint_eq(d.changed, 2);
    ck_assert_uint_eq(d.now_passing, 1);
    ck_assert_uint_eq(d.new_failures, 1);
    ck_assert_ptr_nonnull(strstr(t, "CHANGED div/float32/a: PASS -> FAIL (new failure)"));
    ck_assert_ptr_nonnull(strstr(t, "CHANGED div/float32/b<&\">: FAIL -> PASS (now passes"));
    free(t);

    /* a case the baseline never saw */
    sct_case_result *c = sct_run_report_add_case(&r);
    c->id = sct_strdup("mul/float32/new");
    c->op_type = sct_strdup("Mul");
    c->expectation = sct_strdup("values");
    c->exec_status = sct_strdup("OK");
    c->message = sct_strdup("");
    c->verdict = SCT_VERDICT_PASS;
    t = compare_to_text(bl, &r, &d, &rc);
    ck_assert_uint_eq(d.unknown, 1);
    ck_assert_ptr_nonnull(strstr(t, "NEW CASE mul/float32/new"));
    free(t);
    sct_run_report_free(&r);
}
END_TEST

START_TEST(test_refusals)
{
    sct_run_report r;
    fixture_build(&r);
    char err[256];
    char bl[4096];
    snprintf(bl, sizeof bl, "%s", fixture_path("baseline_onnx.json"));
    free(r.identity.profile);
    r.identity.profile = sct_strdup("onnx");
    ck_assert_int_eq(sct_baseline_write(bl, &r, err, sizeof err), 0);
    free(r.identity.profile);
    r.identity.profile = sct_strdup("sonnx");
    sct_baseline_diff d;
    int rc;
    char *t = compare_to_text(bl, &r, &d, &rc);
    ck_assert_int_ne(rc, 0);
    char want[4600];
    snprintf(want, sizeof want, "%s: baseline recorded under profile onnx, this run uses "
             "profile sonnx", bl);
    ck_assert_str_eq(last_err, want);
    free(t);

    /* a baseline without its profile names the file and what is missing */
    char noprof[4096]; /* fixture_path's buffer is reused */
    snprintf(noprof, sizeof noprof, "%s", fixture_path("baseline_no_profile.json"));
    FILE *np = fopen(noprof, "w");
    ck_assert_ptr_nonnull(np);
    fputs("{\"schema\": \"sonnx-cts-baseline\", \"schema_version\": \"1.0\", "
          "\"cases\": []}", np);
    fclose(np);
    t = compare_to_text(noprof, &r, &d, &rc);
    ck_assert_int_ne(rc, 0);
    snprintf(want, sizeof want, "%s: not a sonnx-cts-baseline file (schema, profile or "
             "cases missing)", noprof);
    ck_assert_str_eq(last_err, want);
    free(t);

    const char *junk = fixture_path("not_a_baseline.json");
    FILE *f = fopen(junk, "w");
    fputs("{\"schema\": \"sonnx-cts-run\"}", f);
    fclose(f);
    t = compare_to_text(junk, &r, &d, &rc);
    ck_assert_int_ne(rc, 0);
    free(t);
    t = compare_to_text(fixture_path("does/not/exist.json"), &r, &d, &rc);
    ck_assert_int_ne(rc, 0);
    free(t);
    sct_run_report_free(&r);
}
END_TEST

int main(void)
{
    const TTest *const tests[] = {test_round_trip, test_refusals};
    return SCT_CHECK_RUN("baseline", tests);
}
