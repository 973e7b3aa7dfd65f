/*
 * test_writers.c — text, JSON and JUnit reports of the fixture run:
 * the exact element line, summary counts, overall verdict, schema keys,
 * XML escaping.  Expected strings are written by hand.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "report_fixture.h"
#include "sct/writers/report_writers.h"
#include "sct_check_main.h"

START_TEST(test_text)
{
    sct_run_report r;
    fixture_build(&r);
    char err[256];
    const char *p = fixture_path("writers.txt");
    ck_assert_int_eq(sct_write_text_file(p, &r, err, sizeof err), 0);
    char *t = fixture_slurp(p);
    ck_assert_ptr_nonnull(t);
    ck_assert_msg(strstr(t, "  div/float32/b<&\">[2] (2) a=1 (0x3f800000) b=3 "
                            "(0x40400000) expected=0.333333343 (0x3eaaaaab) "
                            "actual=0.333333313 (0x3eaaaaaa) ulp=1 "
                            "class=rounded-toward-zero worst\n") != NULL, "%s", t);
    ck_assert_ptr_nonnull(strstr(t, "FAIL div/float32/b<&\">"));
    ck_assert_ptr_nonnull(strstr(t, "\n  requirements: sonnx-div/float/R1, ieee754/4.3.1\n"));
    ck_assert_ptr_nonnull(strstr(t, "UNSUPPORTED pow/int32/c [UNSUPPORTED]: no int32"));
    ck_assert_ptr_nonnull(strstr(t, "CRASH div/float32/e [CRASH]: killed by signal 11"));
    ck_assert_ptr_nonnull(strstr(t, "ERROR less/float32/d: output_0.pb: sha256 mismatch"));
    ck_assert_ptr_null(strstr(t, "PASS div/float32/a")); /* passes are not listed */
    ck_assert_ptr_nonnull(strstr(t, "not in profile sonnx"));
    ck_assert_ptr_nonnull(strstr(t, "overall: ERROR (exit 2)"));
    /* Div float32: 3 cases: 1 pass, 1 fail, 1 crash */
    ck_assert_msg(strstr(t, "Div    float32                 3      1      1      1") != NULL,
                  "%s", t);
    free(t);
    sct_run_report_free(&r);
}
END_TEST

/* Two integer Div groups added after the fixture's float32 one, int16
 * first: the table lists them in dtype.h order (int8 before int16), which a
 * string sort ("int16" < "int8") would not. */
static sct_case_result *add_int_case(sct_run_report *r, const char *id, int32_t t)
{
    sct_case_result *c = sct_run_report_add_case(r);
    c->id = sct_strdup(id);
    c->op_type = sct_strdup("Div");
    c->n_inputs = 2;
    c->inputs[0].elem_type = c->inputs[1].elem_type = c->output.elem_type = t;
    c->expectation = sct_strdup("values");
    c->verdict = SCT_VERDICT_UNSUPPORTED;
    c->exec_status = sct_strdup("UNSUPPORTED");
    c->message = sct_strdup("no integers");
    return c; /* the pending slot: valid until the next append or read */
}

static char *text_of(const sct_run_report *r, const sct_text_options *o)
{
    const char *p = fixture_path("writers-layout.txt");
    FILE *f = fopen(p, "w");
    ck_assert_ptr_nonnull(f);
    char err[256];
    ck_assert_int_eq(sct_write_text_with(f, r, o, err, sizeof err), 0);
    ck_assert_int_eq(fclose(f), 0);
    char *t = fixture_slurp(p);
    ck_assert_ptr_nonnull(t);
    return t;
}

START_TEST(test_text_layout)
{
    sct_run_report r;
    fixture_build(&r);
    add_int_case(&r, "div/int16/x", SONNX_DT_INT16);
    add_int_case(&r, "div/int16/y", SONNX_DT_INT16);
    add_int_case(&r, "div/int8/z", SONNX_DT_INT8);
    const char *const written[2] = {"out/r.json", "out/r.html"};
    sct_text_options o = {.reports = written, .n_reports = 2};
    char *t = text_of(&r, &o);
    /* Status words explained once, [STATUS] included. */
    ck_assert_ptr_nonnull(strstr(t, "\n  UNSUPPORTED  the implementation declined"));
    ck_assert_ptr_nonnull(strstr(t, "\n  [STATUS]     after a case id"));
    /* UNSUPPORTED folded per op x types, with the first one's reason. */
    ck_assert_ptr_nonnull(strstr(t, "\nUNSUPPORTED Div int16: 2 case(s): no integers\n"));
    ck_assert_ptr_null(strstr(t, "UNSUPPORTED div/int16/x"));
    char *i8 = strstr(t, "\nDiv    int8 "), *i16 = strstr(t, "\nDiv    int16 ");
    ck_assert_ptr_nonnull(i8);
    ck_assert_ptr_nonnull(i16);
    ck_assert_msg(i8 < i16, "int8 after int16:\n%s", t);
    /* The closing block, in this order, the verdict line last. */
    const char *tail[] = {
        "\ncases that do not conform (3):\n  FAIL    div/float32/b<&\">: 1 of 4 "
        "elements mismatch, max ulp 1\n          first: [2] (2) a=1 (0x3f800000)",
        "\n          re-run: sonnx-cts run --vectors /v --profile sonnx --case "
        "'div/float32/b<&\">'\n",
        "\n  ERROR   less/float32/d: output_0.pb: sha256 mismatch\n",
        "\n  CRASH   div/float32/e: killed by signal 11 (SIGSEGV)\n",
        "\nreports written: out/r.json, out/r.html\n",
        "\ntotals: 8 case(s): 1 PASS, 1 FAIL, 1 CRASH, 4 UNSUPPORTED, 1 ERROR; 8 "
        "elements compared, 1 mismatch\noverall: ERROR (exit 2)\n",
    };
    const char *at = t;
    for (size_t i = 0; i < sizeof tail / sizeof tail[0]; i++) {
        const char *hit = strstr(at, tail[i]);
        ck_assert_msg(hit != NULL, "missing, or out of order: %s\n---\n%s", tail[i], t);
        at = hit + 1;
    }
    ck_assert_str_eq(at + strlen(tail[5]) - 1, "");
    free(t);

    o.verbose = true;
    t = text_of(&r, &o);
    ck_assert_ptr_nonnull(strstr(t, "\nUNSUPPORTED div/int16/x [UNSUPPORTED]: no integers\n"));
    free(t);

    /* --quiet: exactly the ids that do not conform and the verdict line. */
    o.verbose = false;
    o.quiet = true;
    t = text_of(&r, &o);
    ck_assert_str_eq(t, "div/float32/b<&\">\nless/float32/d\ndiv/float32/e\n"
                        "overall: ERROR (exit 2)\n");
    free(t);
    sct_run_report_free(&r);
}
END_TEST

/* A failing integer case: its mismatch count, no ULP distance (exact type). */
START_TEST(test_text_integer_failure)
{
    sct_run_report r;
    fixture_build(&r);
    sct_case_result *c = add_int_case(&r, "div/int8/w", SONNX_DT_INT8);
    c->verdict = SCT_VERDICT_FAIL;
    c->compared = true;
    c->stats.elements = 4;
    c->stats.mismatches = 2;
    sct_text_options o = {0};
    char *t = text_of(&r, &o);
    ck_assert_msg(strstr(t, "\n  FAIL    div/int8/w: 2 of 4 elements mismatch\n") != NULL,
                  "%s", t);
    free(t);
    sct_run_report_free(&r);
}
END_TEST

static const cJSON *get(const cJSON *o, const char *k)
{
    const cJSON *it = cJSON_GetObjectItemCaseSensitive(o, k);
    ck_assert_msg(it != NULL, "missing key %s", k);
    return it;
}

START_TEST(test_json)
{
    sct_run_report r;
    fixture_build(&r);
    char err[256];
    const char *p = fixture_path("writers.json");
    ck_assert_int_eq(sct_write_json_file(p, &r, err, sizeof err), 0);
    char *t = fixture_slurp(p);
    cJSON *root = cJSON_Parse(t);
    ck_assert_ptr_nonnull(root);
    ck_assert_str_eq(get(root, "schema")->valuestring, "sonnx-cts-run");
    ck_assert_str_eq(get(root, "schema_version")->valuestring, "1.0");
    const cJSON *id = get(root, "identity");
    ck_assert_str_eq(get(id, "vector_set_sha256")->valuestring, "ab12");
    ck_assert_str_eq(get(get(id, "backend"), "plugin_path")->valuestring, "(built-in)");
    const cJSON *sum = get(root, "summary");
    ck_assert_int_eq(get(sum, "cases")->valueint, 5);
    ck_assert_int_eq(get(get(sum, "verdicts"), "PASS")->valueint, 1);
    ck_assert_int_eq(get(get(sum, "verdicts"), "UNSUPPORTED")->valueint, 1);
    ck_assert_str_eq(get(sum, "overall")->valuestring, "ERROR");
    ck_assert_int_eq(get(sum, "exit_code")->valueint, 2);
    ck_assert_int_eq(get(sum, "not_in_profile")->valueint, 7);
    const cJSON *groups = get(root, "groups");
    ck_assert_int_eq(cJSON_GetArraySize(groups), 3); /* Div f32, Pow i32, Less f32 */
    const cJSON *g0 = cJSON_GetArrayItem(groups, 0);
    ck_assert_str_eq(get(g0, "op")->valuestring, "Div");
    ck_assert_int_eq(get(g0, "failed")->valueint, 2); /* FAIL + CRASH */
    ck_assert_int_eq(get(g0, "max_ulp")->valueint, 1);
    const cJSON *cases = get(root, "cases");
    ck_assert_int_eq(cJSON_GetArraySize(cases), 5);
    const cJSON *c1 = cJSON_GetArrayItem(cases, 1);
    ck_assert_str_eq(get(c1, "id")->valuestring, "div/float32/b<&\">");
    ck_assert_str_eq(get(c1, "verdict")->valuestring, "FAIL");
    ck_assert_int_eq(get(get(c1, "deviation_counts"), "rounded-toward-zero")->valueint, 1);
    const cJSON *s0 = cJSON_GetArrayItem(get(c1, "samples"), 0);
    ck_assert_str_eq(get(s0, "expected_bits")->valuestring, "0x3eaaaaab");
    ck_assert_str_eq(get(s0, "actual")->valuestring, "0.333333313");
    ck_assert_str_eq(get(s0, "a_bits")->valuestring, "0x3f800000");
    ck_assert_str_eq(get(s0, "class")->valuestring, "rounded-toward-zero");
    ck_assert(cJSON_IsTrue(get(s0, "worst")));
    const cJSON *c3 = cJSON_GetArrayItem(cases, 3);
    ck_assert(cJSON_IsNull(get(c3, "exec_status")));
    ck_assert(cJSON_IsNull(get(c3, "max_ulp")));
    ck_assert(cJSON_IsNumber(get(get(root, "timing"), "seconds")));
    cJSON_Delete(root);
    free(t);
    sct_run_report_free(&r);
}
END_TEST

START_TEST(test_junit)
{
    sct_run_report r;
    fixture_build(&r);
    char err[256];
    const char *p = fixture_path("writers.xml");
    ck_assert_int_eq(sct_write_junit_file(p, &r, err, sizeof err), 0);
    char *t = fixture_slurp(p);
    ck_assert_ptr_nonnull(strstr(t, "<testsuites name=\"sonnx-cts\" tests=\"5\" "
                                    "failures=\"2\" errors=\"1\" skipped=\"1\""));
    ck_assert_ptr_nonnull(strstr(t, "<testsuite name=\"Div float32\" tests=\"3\""));
    ck_assert_ptr_nonnull(strstr(t, "name=\"div/float32/b&lt;&amp;&quot;&gt;\""));
    ck_assert_ptr_nonnull(strstr(t, "<skipped message=\"UNSUPPORTED [UNSUPPORTED]: "
                                    "no int32 &quot;Pow&quot; here\""));
    ck_assert_ptr_nonnull(strstr(t, "<error message=\"ERROR: output_0.pb"));
    ck_assert_ptr_nonnull(strstr(t, "<failure message=\"CRASH [CRASH]: killed"));
    /* The re-run command of a failing case (repro_command.h), escaped. */
    ck_assert_ptr_nonnull(strstr(t, "<system-out>re-run: sonnx-cts run --vectors /v "
                                    "--profile sonnx --case "
                                    "&apos;div/float32/b&lt;&amp;&quot;&gt;&apos;</system-out>"));
    ck_assert_ptr_null(strstr(t, "re-run: sonnx-cts run --vectors /v --profile sonnx "
                                 "--case pow/int32/c")); /* declined: nothing to replay */
    ck_assert_ptr_null(strstr(t, "b<&")); /* nothing unescaped */
    free(t);
    sct_run_report_free(&r);
}
END_TEST

/* Exactly one cJSON allocation fails: the g_alloc_left-th from now (a
 * transient failure, as under memory pressure; later ones succeed, so the
 * final cJSON_Print does not mask a dropped item). */
static long g_alloc_left;
static void *failing_malloc(size_t n)
{
    if (g_alloc_left > 0 && --g_alloc_left == 0)
        return NULL;
    return malloc(n);
}

/* Whatever allocation fails, the JSON writer either reports an error or
 * writes the whole report, byte for byte the report written without a
 * failure: a report that silently lacks a case, or a field of one, would
 * hide what the run found. */
START_TEST(test_json_alloc_failure_never_drops_cases)
{
    sct_run_report r;
    fixture_build(&r);
    char err[256];
    const char *p = fixture_path("writers-oom.json");
    ck_assert_int_eq(sct_write_json_file(p, &r, err, sizeof err), 0);
    char *reference = fixture_slurp(p);
    int errors = 0, written = 0;
    for (long k = 1; k < 5000 && written == 0; k++) {
        cJSON_Hooks failing = {failing_malloc, free};
        g_alloc_left = k;
        cJSON_InitHooks(&failing);
        int rc = sct_write_json_file(p, &r, err, sizeof err);
        cJSON_InitHooks(NULL);
        if (rc != 0) {
            ck_assert_msg(strstr(err, "out of memory") != NULL, "%s", err);
            errors++;
            continue;
        }
        if (g_alloc_left > 0)
            written = 1; /* the k-th allocation was never reached */
        char *t = fixture_slurp(p);
        ck_assert_msg(strcmp(t, reference) == 0,
                      "allocation %ld failed: the report differs from the reference", k);
        cJSON *root = cJSON_Parse(t);
        ck_assert_ptr_nonnull(root);
        ck_assert_msg(cJSON_GetArraySize(get(root, "cases")) == 5,
                      "allocation %ld failed: report written with %d of 5 cases", k,
                      cJSON_GetArraySize(get(root, "cases")));
        ck_assert_int_eq(cJSON_GetArraySize(get(root, "groups")), 3);
        get(root, "summary");
        get(root, "identity");
        get(root, "options");
        cJSON_Delete(root);
        free(t);
    }
    ck_assert_int_eq(written, 1);
    ck_assert_int_gt(errors, 0);
    free(reference);
    sct_run_report_free(&r);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("writers");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_text);
    tcase_add_test(tc, test_text_layout);
    tcase_add_test(tc, test_text_integer_failure);
    tcase_add_test(tc, test_json);
    tcase_add_test(tc, test_junit);
    suite_add_tcase(s, tc);
    /* One full write per allocation of the writer (some hundreds): allow
     * for sanitizer and valgrind builds beyond Check's 4 s default. */
    TCase *oom = tcase_create("allocation-failure");
    tcase_set_timeout(oom, 120);
    tcase_add_test(oom, test_json_alloc_failure_never_drops_cases);
    suite_add_tcase(s, oom);
    return sct_check_run_suite(s);
}
