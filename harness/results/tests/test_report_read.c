/*
 * test_report_read.c — a JSON run report read back into the model case by
 * case (report_read.h through the streaming index, issue 6): writing what
 * was read gives the same bytes, 64-bit integers above 2^53 included; a
 * broken report is refused (strict) with the file and the reason.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sct/results/report_read.h"
#include "report_fixture.h"
#include "sct/writers/report_writers.h"

static void no_extra(sct_run_report *r) { (void)r; }

/* Values that cJSON's doubles would round: only exact reading keeps them. */
static void big_values(sct_run_report *r)
{
    sct_case_result *c = sct_run_report_add_case(r);
    c->id = sct_report_strdup("div/float64/big");
    c->op_type = sct_report_strdup("Div");
    c->opset = 14;
    c->n_inputs = 2;
    for (int k = 0; k < 2; k++) {
        c->inputs[k].elem_type = SONNX_DT_DOUBLE;
        c->inputs[k].rank = 1;
        c->inputs[k].dims[0] = 3;
    }
    c->output = c->inputs[0];
    c->expectation = sct_report_strdup("values");
    c->exec_status = sct_report_strdup("OK");
    c->message = sct_report_strdup("quote \" backslash \\ newline \n tab \t");
    c->verdict = SCT_VERDICT_FAIL;
    c->compared = true;
    c->stats.elements = UINT64_C(9007199254740993); /* 2^53 + 1 */
    c->stats.mismatches = 2;
    c->stats.max_ulp = UINT64_C(4607182418800017409);
    c->stats.deviation_counts[SCT_DEV_OFF_BY_ULP] = 2;
    c->ulp_hist[SCT_ULP_HIST_BINS - 2] = 2;
    c->samples = calloc(2, sizeof *c->samples);
    c->n_samples = 2;
    for (size_t i = 0; i < 2; i++) {
        sct_sample *s = &c->samples[i];
        s->index = i;
        s->rank = 1;
        s->coords[0] = (int64_t)i;
        s->n_inputs = 2;
        s->in_types[0] = s->in_types[1] = SONNX_DT_DOUBLE;
        s->in_bits[0] = UINT64_C(0x3ff0000000000001);
        s->in_bits[1] = UINT64_C(0xfff0000000000000);
        s->out_type = SONNX_DT_DOUBLE;
        s->expected_bits = UINT64_C(0x7ff8000000000001);
        s->actual_bits = UINT64_C(0x8000000000000000);
        s->ulp = i ? SCT_ULP_NONE : UINT64_C(4607182418800017409);
        s->deviation = SCT_DEV_OFF_BY_ULP;
        s->worst = i == 0;
    }
    c->seconds = 0.1 + 0.2;
}

static void many(sct_run_report *r)
{
    for (size_t i = 0; i < 3000; i++) {
        sct_case_result *c = sct_run_report_add_case(r);
        char id[48];
        snprintf(id, sizeof id, "mul/int8/case-%zu", i);
        c->id = sct_report_strdup(id);
        c->op_type = sct_report_strdup("Mul");
        c->opset = 14;
        c->output.elem_type = SONNX_DT_INT8;
        c->expectation = sct_report_strdup("no-crash");
        c->exec_status = sct_report_strdup(i % 2 ? "OK" : "");
        c->message = sct_report_strdup("");
        c->verdict = i % 2 ? SCT_VERDICT_PASS : SCT_VERDICT_UNSUPPORTED;
        c->seconds = (double)i / 7.0;
    }
    r->shard_total = r->n_cases;
}

typedef struct trip_row {
    const char *name;
    bool fixture;                      /* start from the five fixture cases */
    void (*extra)(sct_run_report *r);  /* then append these */
    size_t want_cases;
} trip_row;

static const trip_row k_trips[] = {
    {"fixture", true, no_extra, 5},
    {"big integers and escapes", true, big_values, 6},
    {"no case", false, no_extra, 0},
    {"3000 cases", false, many, 3000},
};

START_TEST(test_write_read_write_same_bytes)
{
    const trip_row *row = &k_trips[_i];
    sct_run_report r;
    if (row->fixture) {
        fixture_build(&r);
    } else {
        /* identity strings from the fixture, no case */
        fixture_build(&r);
        sct_run_report cases_free;
        sct_run_report_init(&cases_free);
        cases_free.identity = r.identity;
        cases_free.options = r.options;
        memset(&r.identity, 0, sizeof r.identity);
        memset(&r.options, 0, sizeof r.options);
        sct_run_report_free(&r);
        r = cases_free;
    }
    row->extra(&r);
    r.shard_total = r.n_cases;
    char err[1024], a[4096], b[4096];
    snprintf(a, sizeof a, "%s", fixture_path("merge-read-a.json"));
    snprintf(b, sizeof b, "%s", fixture_path("merge-read-b.json"));
    ck_assert_msg(sct_write_json_file(a, &r, err, sizeof err) == 0, "%s", err);
    sct_run_report back;
    ck_assert_msg(sct_report_read_all(a, &back, err, sizeof err) == 0, "%s: %s",
                  row->name, err);
    ck_assert_uint_eq(back.n_cases, row->want_cases);
    ck_assert_msg(sct_write_json_file(b, &back, err, sizeof err) == 0, "%s", err);
    char *ta = fixture_slurp(a), *tb = fixture_slurp(b);
    ck_assert_ptr_nonnull(ta);
    ck_assert_ptr_nonnull(tb);
    ck_assert_msg(strcmp(ta, tb) == 0, "%s: the report read back is written differently",
                  row->name);
    if (row->extra == big_values)
        ck_assert_ptr_nonnull(strstr(tb, "\"max_ulp\":\t4607182418800017409"));
    free(ta);
    free(tb);
    sct_run_report_free(&back);
    sct_run_report_free(&r);
}
END_TEST

typedef struct bad_row {
    const char *text;
    const char *want;   /* in the error, after the file name */
} bad_row;

static const bad_row k_bad[] = {
    {"{\"schema\": \"sonnx-cts-run\", \"cases\": [", "invalid JSON"},
    {"{\"schema\": \"other\", \"cases\": []}", "schema: not a sonnx-cts run report"},
    {"[1, 2]", "schema: not a sonnx-cts run report"},
    {"{\"schema\": \"sonnx-cts-run\", \"schema_version\": \"2.0\", \"cases\": []}",
     "schema_version: unsupported"},
    {"{\"schema\": \"sonnx-cts-run\", \"schema_version\": \"1.0\", \"identity\": {}}",
     "missing string \"harness_version\""},
};

START_TEST(test_broken_report_refused)
{
    const bad_row *row = &k_bad[_i];
    const char *p = fixture_path("merge-read-bad.json");
    FILE *f = fopen(p, "w");
    ck_assert_ptr_nonnull(f);
    fputs(row->text, f);
    fclose(f);
    sct_run_report r;
    char err[1024];
    ck_assert_int_ne(sct_report_read_all(p, &r, err, sizeof err), 0);
    ck_assert_msg(strncmp(err, p, strlen(p)) == 0, "no file name: %s", err);
    ck_assert_msg(strstr(err, row->want) != NULL, "%s", err);
    ck_assert_uint_eq(r.n_cases, 0); /* freed on failure */
}
END_TEST

int main(void)
{
    Suite *s = suite_create("report_read");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_loop_test(tc, test_write_read_write_same_bytes, 0,
                        (int)(sizeof k_trips / sizeof k_trips[0]));
    tcase_add_loop_test(tc, test_broken_report_refused, 0,
                        (int)(sizeof k_bad / sizeof k_bad[0]));
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
