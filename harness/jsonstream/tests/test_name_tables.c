/*
 * test_name_tables.c — every enumeration whose names a report carries and
 * a reader reads back (exec status, expectation, verdict, overall
 * verdict, deviation class, ULP histogram bin, sweep histogram bucket):
 * each value's name, written into a JSON object and read back with the
 * field reader (json_fields.h), gives the value again; the names are the
 * documented ones (written out here by hand, docs/report-format.md,
 * docs/vector-format.md); an unknown or NULL name gives the table's size.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "sct/check/compare.h"
#include "sct/exec/backend.h"
#include "sct/jsonstream/json_exact.h"
#include "sct/jsonstream/json_fields.h"
#include "sct/model/case.h"
#include "sct/results/ulp_histogram.h"
#include "sct/results/verdict.h"
#include "sct/sweep/sweep.h"
#include "sct_check_main.h"

/* The enumerations under test, as int <-> name functions. */
static const char *exec_name(int v) { return sct_exec_status_name((sct_exec_status)v); }
static int exec_from(const char *s) { return (int)sct_exec_status_from_name(s); }
static const char *expect_name(int v) { return sct_expectation_name((sct_expectation)v); }
static int expect_from(const char *s) { return (int)sct_expectation_from_name(s); }
static const char *verdict_name(int v) { return sct_verdict_name((sct_verdict)v); }
static int verdict_from(const char *s) { return (int)sct_verdict_from_name(s); }
static const char *overall_name(int v) { return sct_overall_name((sct_overall)v); }
static int overall_from(const char *s) { return (int)sct_overall_from_name(s); }
static const char *dev_name(int v) { return sct_deviation_name((sct_deviation)v); }
static int dev_from(const char *s) { return (int)sct_deviation_from_name(s); }
static const char *bin_name(int v) { return sct_ulp_bin_defs()[v].label; }
static int bin_from(const char *s) { return s ? (int)sct_ulp_bin_by_label(s) : SCT_ULP_HIST_BINS; }
static const char *bucket_name(int v) { return sct_sweep_hist_label((unsigned)v); }
static int bucket_from(const char *s) { return (int)sct_sweep_hist_bucket_of_label(s); }

static const char *const k_exec[] = {
    "OK", "UNSUPPORTED", "INVALID_ARGUMENT", "ERROR", "BAD_STATUS", "CRASH", "TIMEOUT",
    "WRITE_PAST_OUTPUT", "WRITE_TO_INPUT", "BAD_OUTPUT_META", "HARNESS_ERROR", "SANDBOX"};
static const char *const k_expect[] = {"values", "no-crash", "reject"};
static const char *const k_verdict[] = {
    "PASS", "FAIL", "CRASH", "TIMEOUT", "UNSUPPORTED", "ERROR", "DECLINED_AT_RUN",
    "NOT_ENFORCED", "OUT_OF_SCOPE", "WAIVED"};
static const char *const k_overall[] = {"CONFORMS", "NON-CONFORMANT", "ERROR",
                                        "NOTHING-PASSED", "PARTIAL"};
static const char *const k_dev[] = {
    "none", "zero-sign", "subnormal-flushed", "nan-expected", "unexpected-nan",
    "nan-payload", "inf-expected-got-finite", "overflow", "sign-flip",
    "rounded-toward-zero", "rounded-away-from-zero", "off-by-n-ulp", "int-saturated",
    "int-floor", "int-truncated", "int-wrong", "bool-nan-compare", "bool-wrong", "other"};
static const char *const k_bins[] = {"0", "1", "2", "3-4", "5-16", "17-256", "257-64K",
                                     ">64K", "n/a"};

static const struct {
    const char *what;
    const char *(*name)(int);
    int (*from)(const char *);
    int count;                      /* the enum's size (its COUNT) */
    const char *const *names;       /* the documented names, or NULL */
    size_t n_names;                 /* how many of them are listed */
    const char *unknown;            /* a near miss that must not be read */
} k_tables[] = {
    {"exec status", exec_name, exec_from, SCT_EXEC_STATUS_COUNT, k_exec, 12, "Ok"},
    {"expectation", expect_name, expect_from, SCT_EXPECT_COUNT, k_expect, 3, "no_crash"},
    {"verdict", verdict_name, verdict_from, SCT_VERDICT_COUNT, k_verdict, 10, "pass"},
    {"overall", overall_name, overall_from, SCT_OVERALL_COUNT, k_overall, 5,
     "NON_CONFORMANT"},
    {"deviation", dev_name, dev_from, SCT_DEV_COUNT, k_dev, 19, "zero_sign"},
    {"ULP bin", bin_name, bin_from, SCT_ULP_HIST_BINS, k_bins, 9, "3..4"},
    {"sweep bucket", bucket_name, bucket_from, SCT_SWEEP_HIST_BUCKETS, NULL, 0, "3 - 4"},
};

/* `name` as member "v" of a JSON object, read back by the strict reader. */
static const char *through_json(const char *name, char *buf, size_t cap)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "v", name);
    char *text = cJSON_PrintUnformatted(o);
    cJSON_Delete(o);
    char err[256] = "";
    cJSON *back = sct_json_parse_exact(text, strlen(text), err, sizeof err);
    cJSON_free(text);
    ck_assert_msg(back != NULL, "%s", err);
    sct_json_reader rd = {.file = "t.json", .err = err, .err_cap = sizeof err};
    const char *s = sct_json_read_str(&rd, back, "v", true);
    ck_assert_msg(s != NULL, "%s", err);
    snprintf(buf, cap, "%s", s);
    cJSON_Delete(back);
    return buf;
}

START_TEST(test_round_trip)
{
    char buf[128];
    const char *what = k_tables[_i].what;
    ck_assert_msg(k_tables[_i].names == NULL || (size_t)k_tables[_i].count ==
                  k_tables[_i].n_names, "%s: %d values, %zu documented names", what,
                  k_tables[_i].count, k_tables[_i].n_names);
    for (int v = 0; v < k_tables[_i].count; v++) {
        const char *name = k_tables[_i].name(v);
        if (k_tables[_i].names != NULL)
            ck_assert_msg(strcmp(name, k_tables[_i].names[v]) == 0, "%s %d: \"%s\", want \"%s\"",
                          what, v, name, k_tables[_i].names[v]);
        int back = k_tables[_i].from(through_json(name, buf, sizeof buf));
        ck_assert_msg(back == v, "%s %d: \"%s\" reads back as %d", what, v, name, back);
    }
    ck_assert_int_eq(k_tables[_i].from(k_tables[_i].unknown), k_tables[_i].count);
    ck_assert_int_eq(k_tables[_i].from(""), k_tables[_i].count);
    ck_assert_int_eq(k_tables[_i].from(NULL), k_tables[_i].count);
}
END_TEST

int main(void)
{
    return sct_check_run_rows("name_tables", test_round_trip,
                              sizeof k_tables / sizeof k_tables[0]);
}
