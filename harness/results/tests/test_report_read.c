/*
 * test_report_read.c — a JSON run report read back into the model case by
 * case (report_read.h through the streaming index): writing what
 * was read gives the same bytes, 64-bit integers above 2^53 included; a
 * broken report is refused (strict) with the file and the reason.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sct/jsonstream/json_exact.h"
#include "sct/results/attributes_text.h"
#include "sct/results/report_read.h"
#include "report_fixture.h"
#include "sct/writers/report_writers.h"
#include "sct_check_main.h"

static void no_extra(sct_run_report *r) { (void)r; }

/* Values that cJSON's doubles would round: only exact reading keeps them. */
static void big_values(sct_run_report *r)
{
    sct_case_result *c = sct_run_report_add_case(r);
    c->id = sct_strdup("div/float64/big");
    c->op_type = sct_strdup("Div");
    c->opset = 14;
    c->n_inputs = 2;
    for (int k = 0; k < 2; k++) {
        c->inputs[k].elem_type = SONNX_DT_DOUBLE;
        c->inputs[k].rank = 1;
        c->inputs[k].dims[0] = 3;
    }
    c->output = c->inputs[0];
    c->expectation = sct_strdup("values");
    c->exec_status = sct_strdup("OK");
    c->message = sct_strdup("quote \" backslash \\ newline \n tab \t");
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
        c->id = sct_strdup(id);
        c->op_type = sct_strdup("Mul");
        c->opset = 14;
        c->output.elem_type = SONNX_DT_INT8;
        c->expectation = sct_strdup("no-crash");
        c->exec_status = sct_strdup(i % 2 ? "OK" : "");
        c->message = sct_strdup("");
        c->verdict = i % 2 ? SCT_VERDICT_PASS : SCT_VERDICT_UNSUPPORTED;
        c->seconds = (double)i / 7.0;
    }
    r->shard_total = r->n_cases;
}

/* A case with attributes (docs/report-format.md): every kind, the float
 * extremes of "%.9g" (-0, a 9-digit value, an exponent), int64's ends and
 * a string that needs escapes. */
static const int64_t k_attr_ints[2] = {INT64_MIN, INT64_MAX};
static const float k_attr_floats[3] = {-0.0f, 0.1f, 1e10f};
static const sonnx_attribute k_attrs[5] = {
    {"fmod", SONNX_ATTR_INT, 0, -7, 0.0f, 0, NULL, 0, NULL, NULL},
    {"alpha", SONNX_ATTR_FLOAT, 0, 0, 1.5f, 0, NULL, 0, NULL, NULL},
    {"mode", SONNX_ATTR_STRING, 0, 0, 0.0f, 0, "a \"b\"\n", 0, NULL, NULL},
    {"axes", SONNX_ATTR_INTS, 0, 0, 0.0f, 0, NULL, 2, k_attr_ints, NULL},
    {"scales", SONNX_ATTR_FLOATS, 0, 0, 0.0f, 0, NULL, 3, NULL, k_attr_floats},
};
/* Written by hand from the rule of attributes_text.h. */
static const char k_attrs_text[] =
    "{\"fmod\":-7,\"alpha\":1.5,\"mode\":\"a \\\"b\\\"\\n\","
    "\"axes\":[-9223372036854775808,9223372036854775807],"
    "\"scales\":[-0,0.100000001,1e+10]}";

static void with_attributes(sct_run_report *r)
{
    sct_case_result *c = sct_run_report_add_case(r);
    c->id = sct_strdup("div/float32/with_attributes");
    c->op_type = sct_strdup("Div");
    c->opset = 14;
    c->output.elem_type = SONNX_DT_FLOAT;
    c->expectation = sct_strdup("values");
    c->exec_status = sct_strdup("OK");
    c->message = sct_strdup("");
    c->verdict = SCT_VERDICT_PASS;
    c->attributes = sct_attributes_text(k_attrs, 5, NULL);
}

START_TEST(test_attributes_text)
{
    char *t = sct_attributes_text(k_attrs, 5, NULL);
    ck_assert_str_eq(t, k_attrs_text);
    /* read back from the report's object: the same bytes */
    char why[200];
    cJSON *o = sct_json_parse_exact(t, strlen(t), why, sizeof why);
    ck_assert_ptr_nonnull(o);
    char *back = sct_attributes_text_from_json(o, why, sizeof why);
    ck_assert_msg(back != NULL, "%s", why);
    ck_assert_str_eq(back, k_attrs_text);
    free(back);
    cJSON_Delete(o);
    free(t);
    ck_assert_ptr_null(sct_attributes_text(k_attrs, 0, NULL));
    /* what is not an attributes object is refused */
    const char *bad = "{\"a\": [\"x\"]}";
    o = sct_json_parse_exact(bad, strlen(bad), why, sizeof why);
    ck_assert_ptr_nonnull(o);
    ck_assert_ptr_null(sct_attributes_text_from_json(o, why, sizeof why));
    ck_assert_str_eq(why, "attribute \"a\": must be a number, a string or an array of numbers");
    cJSON_Delete(o);
}
END_TEST

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
    {"attributes", true, with_attributes, 6},
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
    if (row->extra == with_attributes) {
        char want[512];
        snprintf(want, sizeof want, "\"attributes\":\t%s,", k_attrs_text);
        ck_assert_msg(strstr(tb, want) != NULL, "no %s in the report", want);
        /* only that case has the member */
        ck_assert_ptr_null(strstr(strstr(tb, want) + 1, "\"attributes\""));
        ck_assert_ptr_eq(strstr(tb, "\"attributes\""), strstr(tb, want));
    }
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

/* A run report of three hand-written cases around a middle element. */
static const char k_head[] =
    "{\"schema\": \"sonnx-cts-run\", \"schema_version\": \"1.0\", \"identity\": "
    "{\"profile\": \"sonnx\"}, \"cases\": [\n";
static const char k_first[] =
    "{\"id\": \"first\", \"op\": \"Div\", \"input_types\": [\"float32\", \"float32\"], "
    "\"output_type\": \"float32\", \"verdict\": \"PASS\", \"elements\": 4, \"max_ulp\": 0}";
static const char k_last[] =
    "{\"id\": \"last\", \"op\": \"Mul\", \"verdict\": \"FAIL\"}";

static const char *write_run(const char *name, const char *middle)
{
    const char *p = fixture_path(name);
    FILE *f = fopen(p, "w");
    ck_assert_ptr_nonnull(f);
    fprintf(f, "%s%s,\n%s,\n%s\n]}\n", k_head, k_first, middle, k_last);
    ck_assert_int_eq(fclose(f), 0);
    return p;
}

typedef struct warnings {
    size_t n;
    char first[512];
} warnings;

static void collect(void *user, const char *message)
{
    warnings *w = user;
    if (w->n++ == 0)
        snprintf(w->first, sizeof w->first, "%s", message);
}

/* The middle element, what the tolerant reader makes of it, and the
 * strict reader's error. */
static const struct {
    const char *element;
    int tolerant_rc;          /* 1: a stand-in */
    const char *id;
    sct_verdict verdict;
    const char *warning;      /* the first warning ("" none) */
    const char *strict_error; /* after the file name */
} k_middle[] = {
    {"42", 1, "(case 1)", SCT_VERDICT_ERROR,
     "case 1 of the JSON report cannot be shown: it is a number, not an object",
     "case \"(no id)\": missing string \"id\""},
    {"{\"id\": \"m\", \"op\": \"Div\"}", 0, "m", SCT_VERDICT_ERROR,
     "case 1 (m) has no verdict; shown as ERROR", "case \"m\": missing or non-integer \"opset\""},
    {"{\"op\": \"Div\", \"verdict\": \"PASS\"}", 0, "", SCT_VERDICT_PASS,
     "case 1 has no id", "case \"(no id)\": missing string \"id\""},
    {"{\"id\": \"m\", \"verdict\": \"MAYBE\"}", 0, "m", SCT_VERDICT_ERROR,
     "case 1 (m) has an unknown verdict \"MAYBE\"; shown as ERROR",
     "case \"m\": missing string \"op\""},
    {"{\"id\": \"m\", \"verdict\": \"PASS\", \"elements\": \"many\"}", 0, "m",
     SCT_VERDICT_PASS, "case 1 (m): missing or non-integer \"elements\"",
     "case \"m\": missing string \"op\""},
};

START_TEST(test_tolerant_and_strict_cases)
{
    const char *p = write_run("read-middle.json", k_middle[_i].element);
    char err[1024] = "";
    sct_report_file *f = NULL;
    sct_report_read_opts tol = {.mode = SCT_READ_TOLERANT};
    ck_assert_msg(sct_report_open(p, &tol, &f, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(sct_report_n_cases(f), 3);
    warnings w = {0, ""};
    sct_case_result c;
    int rc = sct_report_read_case(f, 1, false, &c, collect, &w, err, sizeof err);
    ck_assert_int_eq(rc, k_middle[_i].tolerant_rc);
    ck_assert_str_eq(c.id, k_middle[_i].id);
    ck_assert_int_eq(c.verdict, k_middle[_i].verdict);
    ck_assert_msg(w.n > 0 && strcmp(w.first, k_middle[_i].warning) == 0, "%zu: %s", w.n,
                  w.first);
    sct_case_result_free(&c);
    /* The others read whole, without a warning. */
    w.n = 0;
    ck_assert_int_eq(sct_report_read_case(f, 0, false, &c, collect, &w, err, sizeof err), 0);
    ck_assert_str_eq(c.id, "first");
    ck_assert(c.compared && c.stats.elements == 4);
    sct_case_result_free(&c);
    ck_assert_int_eq(sct_report_read_case(f, 2, false, &c, collect, &w, err, sizeof err), 0);
    ck_assert_int_eq(c.verdict, SCT_VERDICT_FAIL);
    ck_assert_uint_eq(w.n, 0);
    char *id = sct_report_case_id(f, 2);
    ck_assert_str_eq(id, "last");
    free(id);
    sct_case_result_free(&c);
    sct_report_close(f);
    /* Strict: the first broken field, naming the file and the case. */
    sct_report_read_opts strict = {.mode = SCT_READ_STRICT};
    ck_assert_int_eq(sct_report_open(p, &strict, &f, err, sizeof err), 0);
    ck_assert_int_ne(sct_report_read_case(f, 1, false, &c, NULL, NULL, err, sizeof err), 0);
    ck_assert_msg(strncmp(err, p, strlen(p)) == 0 &&
                  strstr(err, k_middle[_i].strict_error) != NULL, "%s", err);
    sct_report_close(f);
    remove(p);
}
END_TEST

/* A case element changed after the file was opened: a stand-in saying so
 * (tolerant), an error (strict); the id is not read from changed bytes. */
START_TEST(test_changed_file_detected)
{
    const char *p = write_run("read-changed.json", "{\"id\": \"middle\", \"op\": \"Div\"}");
    char err[1024] = "";
    sct_report_file *f = NULL;
    sct_report_read_opts tol = {.mode = SCT_READ_TOLERANT};
    ck_assert_int_eq(sct_report_open(p, &tol, &f, err, sizeof err), 0);
    sct_case_result c;
    ck_assert_int_eq(sct_report_read_case(f, 1, true, &c, NULL, NULL, err, sizeof err), 0);
    sct_case_result_free(&c);
    char *text = fixture_slurp(p);
    char *at = strstr(text, "middle");
    memcpy(at, "MIDDLE", 6);
    FILE *out = fopen(p, "w");
    fputs(text, out);
    fclose(out);
    free(text);
    ck_assert_ptr_null(sct_report_case_id(f, 1));
    ck_assert_int_eq(sct_report_read_case(f, 1, false, &c, NULL, NULL, err, sizeof err), 1);
    ck_assert_int_eq(c.verdict, SCT_VERDICT_ERROR);
    ck_assert_ptr_nonnull(strstr(c.message, "case 1 of the JSON report cannot be shown: "
                                            "element 1 changed since the file was indexed"));
    sct_case_result_free(&c);
    sct_report_close(f);
    remove(p);
}
END_TEST

/* A conformance record: the run of the profile asked, "sonnx" by default;
 * a profile it lacks is refused naming what it has. */
START_TEST(test_conformance_record)
{
    const char *p = fixture_path("read-record.json");
    FILE *fp = fopen(p, "w");
    ck_assert_ptr_nonnull(fp);
    fputs("{\"schema\": \"sonnx-cts-conformance\", \"runs\": {"
          "\"onnx\": {\"schema\": \"sonnx-cts-run\", \"schema_version\": \"1.0\", "
          "\"cases\": [{\"id\": \"o\"}]}, "
          "\"sonnx\": {\"schema\": \"sonnx-cts-run\", \"schema_version\": \"1.0\", "
          "\"cases\": [{\"id\": \"s1\"}, {\"id\": \"s2\", \"max_ulp\": 18446744073709551615}]}}}",
          fp);
    fclose(fp);
    char err[1024] = "";
    sct_report_file *f = NULL;
    sct_report_read_opts o = {.mode = SCT_READ_TOLERANT};
    ck_assert_msg(sct_report_open(p, &o, &f, err, sizeof err) == 0, "%s", err);
    ck_assert(sct_report_is_record(f));
    ck_assert_uint_eq(sct_report_n_cases(f), 2);
    sct_case_result c;
    sct_report_read_case(f, 1, false, &c, NULL, NULL, err, sizeof err);
    ck_assert_str_eq(c.id, "s2");
    ck_assert(c.stats.max_ulp == UINT64_MAX);
    sct_case_result_free(&c);
    /* The record's cases are indexed too: an id is located once read. */
    ck_assert_ptr_null(sct_report_case_id(f, 0));
    sct_report_read_case(f, 0, true, &c, NULL, NULL, err, sizeof err);
    sct_case_result_free(&c);
    char *id = sct_report_case_id(f, 0);
    ck_assert_str_eq(id, "s1");
    free(id);
    sct_report_close(f);
    o.profile = "onnx";
    ck_assert_int_eq(sct_report_open(p, &o, &f, err, sizeof err), 0);
    ck_assert_uint_eq(sct_report_n_cases(f), 1);
    sct_report_close(f);
    o.profile = "webnn";
    ck_assert_int_ne(sct_report_open(p, &o, &f, err, sizeof err), 0);
    ck_assert_msg(strstr(err, "no run for profile \"webnn\" (runs: onnx sonnx)") != NULL,
                  "%s", err);
    remove(p);
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
    tcase_add_loop_test(tc, test_tolerant_and_strict_cases, 0,
                        (int)(sizeof k_middle / sizeof k_middle[0]));
    tcase_add_test(tc, test_changed_file_detected);
    tcase_add_test(tc, test_attributes_text);
    tcase_add_test(tc, test_conformance_record);
    suite_add_tcase(s, tc);
    return sct_check_run_suite(s);
}
