/*
 * test_render.c — HTML and Markdown reports of a hand-written JSON run
 * (fixtures/run_mixed.json: a PASS, a FAIL with two samples, an int PASS, a
 * CRASH, an UNSUPPORTED; hostile text in ids, command line and notes).
 * The expected fragments are written from the fixture by hand: verdicts
 * of the matrix cells, the gap, the uncatalogued citation, the exact
 * 64-bit ULP, escaping.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sct/jsonstream/json_exact.h"
#include "sct/render/render_outputs.h"
#include "sct/render/render_sources.h"
#include "sct/io/sha256.h"
#include "sct_check_main.h"

static char *g_html, *g_md;

static void render(void)
{
    static char html[512], md[512];
    const char *tmp = getenv("SCT_TEST_TMP") ? getenv("SCT_TEST_TMP") : "/tmp";
    snprintf(html, sizeof html, "%s/render_%ld.html", tmp, (long)getpid());
    snprintf(md, sizeof md, "%s/render_%ld.md", tmp, (long)getpid());
    sct_render_request req = {
        .json_path = SCT_FIXTURES "/run_mixed.json",
        .html_path = html,
        .md_path = md,
        .requirements_path = SCT_FIXTURES "/requirements.json",
        .spec_notes_path = SCT_FIXTURES "/spec-notes.md"};
    char err[512] = "";
    ck_assert_msg(sct_render_outputs(&req, err, sizeof err) == 0, "%s", err);
    g_html = sct_render_read_file(html, NULL);
    g_md = sct_render_read_file(md, NULL);
    ck_assert_ptr_nonnull(g_html);
    ck_assert_ptr_nonnull(g_md);
    remove(html);
    remove(md);
}

static void teardown(void)
{
    free(g_html);
    free(g_md);
    g_html = g_md = NULL;
}

#define HAS(text, frag) ck_assert_msg(strstr((text), (frag)) != NULL, "missing: %s", (frag))
#define HASNT(text, frag) ck_assert_msg(strstr((text), (frag)) == NULL, "unexpected: %s", (frag))

START_TEST(html_identity_and_verdict)
{
    HAS(g_html, "<!DOCTYPE html>");
    HAS(g_html, "Content-Security-Policy");
    HAS(g_html, "<div class=\"big\">NON-CONFORMANT</div>");
    HAS(g_html, "FakeRT 9.9 (vendor: Acme &amp; Co)");
    HAS(g_html, "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef");
    HAS(g_html, "--plugin ./libfake&lt;script&gt;.so");
    HASNT(g_html, "<script");
    HAS(g_html, "Review and sign-off");
    /* The report names the exact bytes it shows: the JSON, the catalogue and
     * the notes, by SHA-256 (sct_io's, checked against NIST vectors). */
    static const char *const inputs[3][2] = {
        {SCT_FIXTURES "/run_mixed.json", "<tr><th>JSON report sha256</th><td>"},
        {SCT_FIXTURES "/requirements.json", "/requirements.json (sha256 "},
        {SCT_FIXTURES "/spec-notes.md", "/spec-notes.md (sha256 "}};
    for (int i = 0; i < 3; i++) {
        size_t len = 0;
        char *bytes = sct_render_read_file(inputs[i][0], &len);
        ck_assert_ptr_nonnull(bytes);
        char hex[SCT_SHA256_HEX_CHARS + 1], want[256];
        sct_sha256_hex(bytes, len, hex);
        free(bytes);
        snprintf(want, sizeof want, "%s%s", inputs[i][1], hex);
        HAS(g_html, want);
    }
}
END_TEST

START_TEST(html_matrix_cells)
{
    HAS(g_html, "id=\"matrix\"");
    /* Div float32: 1 pass + 1 fail -> FAIL 1/2; Mul int8 PASS 1/1;
     * Pow float32 (base) CRASH 0/1; Less bfloat16 UNSUPPORTED 0/1. */
    HAS(g_html, "<b>FAIL</b>1/2");
    HAS(g_html, "<b>PASS</b>1/1");
    HAS(g_html, "<b>CRASH</b>0/1");
    HAS(g_html, "<b>UNSUPP.</b>0/1");
    HAS(g_html, "id=\"matrix-pow\"");
    HAS(g_html, "<b>NOT RUN</b>&ndash;");
}
END_TEST

START_TEST(html_traceability)
{
    HAS(g_html, "id=\"traceability\"");
    HAS(g_html, "7 requirements; 1 not exercised");
    /* The gap row, escaped statement. */
    HAS(g_html, "<tr class=\"gap\" id=\"r-sonnx-2Ddiv-3Aint-3AR2\">");
    HAS(g_html, "Gap: nobody tests &lt;this&gt;.");
    HAS(g_html, "no case exercises this requirement");
    /* A citation missing from the catalogue is listed, not dropped. */
    HAS(g_html, "Cited by cases but not in the catalogue (1)");
    HAS(g_html, "uncatalogued:X9");
    /* sonnx-div:float:R1 has a FAIL and a PASS: FAIL, failing case first. */
    const char *row = strstr(g_html, "id=\"r-sonnx-2Ddiv-3Afloat-3AR1\"");
    ck_assert_ptr_nonnull(row);
    const char *fail = strstr(row, "special&lt;b&gt;|pipe");
    const char *pass = strstr(row, "div/float32/basic");
    ck_assert(fail != NULL && pass != NULL && fail < pass);
    HAS(row, "badge v-fail\">FAIL");
    /* The profile's own requirements (sonnx-*) first, in catalogue order,
     * then the others: ieee754:nan, listed second in the catalogue, comes
     * after sonnx-div:int:R2, listed sixth. */
    const char *own = strstr(g_html, "id=\"r-sonnx-2Ddiv-3Aint-3AR2\"");
    const char *ieee = strstr(g_html, "id=\"r-ieee754-3Anan\"");
    ck_assert(own != NULL && ieee != NULL && own < ieee);
}
END_TEST

START_TEST(html_cases_and_samples)
{
    HAS(g_html, "Cases that did not pass (2)");
    /* Exact 64-bit ULP (beyond 2^53: a double would print ...408). */
    HAS(g_html, "4607182418800017409");
    HASNT(g_html, "4607182418800017408");
    HAS(g_html, "<tr class=\"worst\" title=\"worst element\">");
    HAS(g_html, "0.333333343 (0x3eaaaaab)");
    HAS(g_html, "A = 1 (0x3f800000); B = 3 (0x40400000)");
    HAS(g_html, "rounded-toward-zero");
    HAS(g_html, "killed by SIGSEGV");
    HAS(g_html, "bfloat16 not implemented");
    /* Histograms: inline SVG, derived float histogram labelled as such. */
    HAS(g_html, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"hist\"");
    /* Div float32 carries a per-element histogram: drawn from it. */
    HAS(g_html, "Div float32: elements by ULP distance");
    HAS(g_html, "<g><title>match: 6 elements</title><rect");
    HAS(g_html, "fill=\"#2e7d32\"");
    HAS(g_html, "<g><title>1: 1 elements</title>");
    HAS(g_html, "<g><title>n/a: 1 elements</title>");
    HAS(g_html, "Mul int8: elements, exact types");
    /* A chart of one bar is not drawn: the group is listed in one line. */
    HAS(g_html, "1 group with a single bar (every count in one bin), not drawn"
                "</summary><p>Mul int8: elements, exact types: exact &times; ");
}
END_TEST

START_TEST(html_notes_and_legend)
{
    HAS(g_html, "<article id=\"n-SN-2D1\"><h3>SN-1: SONNX Div int writes floor, ONNX truncates</h3>");
    HAS(g_html, "&lt;script&gt;alert(1)&lt;/script&gt;");
    HAS(g_html, "<article id=\"n-SN-2D2\">");
    HASNT(g_html, "Not a note.");
    HAS(g_html, "id=\"legend\"");
}
END_TEST

START_TEST(markdown_content)
{
    HAS(g_md, "# Conformance of FakeRT 9.9");
    HAS(g_md, "**Overall verdict: NON-CONFORMANT**");
    HAS(g_md, "| **Div** | – | FAIL 1/2 | – |");
    HAS(g_md, "| **GAP** | no case exercises this requirement |");
    HAS(g_md, "div/float32/special&lt;b&gt;\\|pipe (**FAIL**)");
    HAS(g_md, "| ★ 3 | \\[1, 1\\] |");
    HAS(g_md, "4607182418800017409");
    /* The notes kept as Markdown; markup in them shown as written, never
     * raw HTML (render_math.h). */
    HAS(g_md, "> (-7/2 = -3). &lt;script>");
    HASNT(g_md, "<svg");
    HAS(g_md, "## Legend");
    /* The order of the HTML report: verdict, failures, then the overview. */
    const char *fails = strstr(g_md, "## Cases that did not pass (2)");
    const char *matrix = strstr(g_md, "## Verdict by operator and type");
    ck_assert(fails != NULL && matrix != NULL && fails < matrix);
}
END_TEST

START_TEST(missing_inputs_are_reported)
{
    const char *tmp = getenv("SCT_TEST_TMP") ? getenv("SCT_TEST_TMP") : "/tmp";
    char html[512];
    snprintf(html, sizeof html, "%s/render_missing_%ld.html", tmp, (long)getpid());
    sct_render_request req = {
        .json_path = SCT_FIXTURES "/run_mixed.json", .html_path = html,
        .requirements_path = SCT_FIXTURES "/nope.json",
        .spec_notes_path = SCT_FIXTURES "/nope.md"};
    char err[512] = "";
    ck_assert_int_eq(sct_render_outputs(&req, err, sizeof err), 0);
    char *text = sct_render_read_file(html, NULL);
    ck_assert_ptr_nonnull(text);
    HAS(text, "Problems reading the report inputs");
    HAS(text, "nope.json: cannot read the requirement catalogue");
    HAS(text, "The requirement catalogue could not be read");
    free(text);
    remove(html);
    /* Not a run report: refused with a message, nothing written. */
    req.json_path = SCT_FIXTURES "/requirements.json";
    ck_assert_int_ne(sct_render_outputs(&req, err, sizeof err), 0);
    HAS(err, "not a sonnx-cts run report");
    ck_assert_int_ne(access(html, F_OK), 0);
}
END_TEST

START_TEST(exact_json_integers)
{
    char err[128];
    const char *text = "{\"a\": 18446744073709551615, \"b\": 9007199254740993,"
                       " \"c\": 12, \"d\": -5, \"e\": 1.5e300, \"s\": \"12345678901234567\"}";
    cJSON *j = sct_json_parse_exact(text, strlen(text), err, sizeof err);
    ck_assert_ptr_nonnull(j);
    uint64_t v;
    ck_assert(sct_json_get_u64(j, "a", &v));
    ck_assert(v == UINT64_MAX);
    ck_assert(sct_json_get_u64(j, "b", &v));
    ck_assert(v == 9007199254740993ull);
    ck_assert(sct_json_get_u64(j, "c", &v) && v == 12);
    ck_assert(!sct_json_get_u64(j, "d", &v));
    ck_assert(!sct_json_get_u64(j, "e", &v));
    ck_assert(!sct_json_get_u64(j, "s", &v));
    ck_assert_str_eq(sct_json_get_str(j, "s"), "12345678901234567");
    cJSON_Delete(j);
    ck_assert_ptr_null(sct_json_parse_exact("{\"a\": 1,", 8, err, sizeof err));
    HAS(err, "invalid JSON near byte");
}
END_TEST

START_TEST(conformance_record)
{
    const char *tmp = getenv("SCT_TEST_TMP") ? getenv("SCT_TEST_TMP") : "/tmp";
    char md[512];
    snprintf(md, sizeof md, "%s/render_record_%ld.md", tmp, (long)getpid());
    sct_render_request req = {
        .json_path = SCT_FIXTURES "/conformance_record.json", .md_path = md,
        .requirements_path = SCT_FIXTURES "/requirements.json",
        .spec_notes_path = SCT_FIXTURES "/spec-notes.md"};
    char err[512] = "";
    ck_assert_msg(sct_render_outputs(&req, err, sizeof err) == 0, "%s", err);
    char *text = sct_render_read_file(md, NULL);
    ck_assert_ptr_nonnull(text);
    HAS(text, "| Certified library | cache/libfake.so.1 |");
    HAS(text, "| Library source | npm fake@9.9 |");
    HAS(text, "**Overall verdict: NON-CONFORMANT**");
    HAS(text, "4607182418800017409");
    /* This embedded run has no per-element histogram: derived, and said so. */
    HAS(text, "| Div | float32 | 4607182418800017409 | 0 | cases (by worst element) | 0: 1 &gt;64K: 1 |");
    free(text);
    remove(md);
    /* A profile the record does not hold: refused, naming what it has. */
    req.profile = "onnx";
    ck_assert_int_ne(sct_render_outputs(&req, err, sizeof err), 0);
    HAS(err, "no run for profile \"onnx\" (runs: sonnx)");
    /* A run report of another profile than asked: refused. */
    req.json_path = SCT_FIXTURES "/run_mixed.json";
    ck_assert_int_ne(sct_render_outputs(&req, err, sizeof err), 0);
    HAS(err, "the run is of profile \"sonnx\", not \"onnx\"");
}
END_TEST

/* Removes the line holding `needle` (the JSON digest row, which differs
 * between two files by construction). */
static void drop_line(char *text, const char *needle)
{
    char *hit = strstr(text, needle);
    if (hit == NULL)
        return;
    char *start = hit;
    while (start > text && start[-1] != '\n')
        start--;
    char *end = strchr(hit, '\n');
    end = end ? end + 1 : hit + strlen(hit);
    memmove(start, end, strlen(end) + 1);
}

START_TEST(key_order_does_not_matter)
{
    /* The same run with every object's keys sorted (as Python's
     * json.dump(sort_keys=True) writes a record): identical reports. */
    const char *tmp = getenv("SCT_TEST_TMP") ? getenv("SCT_TEST_TMP") : "/tmp";
    char md[2][512], html[2][512];
    const char *json[2] = {SCT_FIXTURES "/run_mixed.json",
                           SCT_FIXTURES "/run_mixed_sorted_keys.json"};
    for (int k = 0; k < 2; k++) {
        snprintf(md[k], sizeof md[k], "%s/order_%d_%ld.md", tmp, k, (long)getpid());
        snprintf(html[k], sizeof html[k], "%s/order_%d_%ld.html", tmp, k, (long)getpid());
        sct_render_request req = {
            .json_path = json[k], .md_path = md[k], .html_path = html[k],
            .requirements_path = SCT_FIXTURES "/requirements.json",
            .spec_notes_path = SCT_FIXTURES "/spec-notes.md"};
        char err[512] = "";
        ck_assert_msg(sct_render_outputs(&req, err, sizeof err) == 0, "%s", err);
    }
    for (int f = 0; f < 2; f++) {
        char *a = sct_render_read_file(f ? html[0] : md[0], NULL);
        char *b = sct_render_read_file(f ? html[1] : md[1], NULL);
        ck_assert_ptr_nonnull(a);
        ck_assert_ptr_nonnull(b);
        ck_assert(strstr(a, "JSON report sha256") != NULL);
        drop_line(a, "JSON report sha256");
        drop_line(b, "JSON report sha256");
        ck_assert_msg(strcmp(a, b) == 0, "%s differs with sorted keys", f ? "HTML" : "Markdown");
        if (!f)
            HAS(a, "| Cases PASS | 2 |\n| Cases FAIL | 1 |\n| Cases CRASH | 1 |");
        free(a);
        free(b);
    }
    for (int k = 0; k < 2; k++) {
        remove(md[k]);
        remove(html[k]);
    }
}
END_TEST

START_TEST(markdown_summary)
{
    const char *tmp = getenv("SCT_TEST_TMP") ? getenv("SCT_TEST_TMP") : "/tmp";
    char md[512];
    snprintf(md, sizeof md, "%s/summary_%ld.md", tmp, (long)getpid());
    sct_render_request req = {
        .json_path = SCT_FIXTURES "/run_mixed.json", .md_summary_path = md,
        .requirements_path = SCT_FIXTURES "/requirements.json",
        .spec_notes_path = SCT_FIXTURES "/spec-notes.md"};
    char err[512] = "";
    ck_assert_msg(sct_render_outputs(&req, err, sizeof err) == 0, "%s", err);
    size_t len = 0;
    char *text = sct_render_read_file(md, &len);
    ck_assert_ptr_nonnull(text);
    HAS(text, "### Conformance of FakeRT 9.9: **NON-CONFORMANT**");
    HAS(text, "| **Div** | – | FAIL 1/2 | – |");
    /* 7 catalogue requirements: ieee754:nan and sonnx-div:float:R1 FAIL,
     * sonnx-pow:R1 CRASH, sonnx-less:R1 UNSUPPORTED, 2 PASS, 1 gap. */
    HAS(text, "**Requirements** (7 in the catalogue): 2 PASS, 2 FAIL, 1 CRASH, 0 ERROR, "
              "0 PARTIAL, 1 UNSUPPORTED, 1 GAP (no case); 1 cited ids not in the catalogue.");
    HAS(text, "- gaps: sonnx-div:int:R2\n");
    HAS(text, "sonnx-pow:R1 (CRASH)");
    HAS(text, "**Cases that did not pass: 2**");
    HAS(text, "| div/float32/special&lt;b&gt;\\|pipe | FAIL | 2 of 4 | 4607182418800017409 | 2 of 4 elements differ |");
    HASNT(text, "## Spec notes");
    ck_assert_uint_lt(len, 65536);
    free(text);
    remove(md);
}
END_TEST

/* No --spec-notes and none beside the vectors (the fixture's vectors_dir
 * "FIXTURE_DIR" has no ../docs): the caller's default is read; without
 * one, the report says where it looked.  An explicit path beats both. */
START_TEST(spec_notes_fallback)
{
    const char *tmp = getenv("SCT_TEST_TMP") ? getenv("SCT_TEST_TMP") : "/tmp";
    char md[512];
    snprintf(md, sizeof md, "%s/notes_%ld.md", tmp, (long)getpid());
    static const struct {
        const char *given, *fallback, *want;
    } rows[] = {
        {NULL, SCT_FIXTURES "/spec-notes.md", "| Spec notes | " SCT_FIXTURES},
        {NULL, NULL, "FIXTURE\\_DIR/../docs/spec-notes.md: cannot read the spec notes"},
        {SCT_FIXTURES "/spec-notes.md", SCT_FIXTURES "/nope.md",
         "| Spec notes | " SCT_FIXTURES "/spec-notes.md"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        sct_render_request req = {
            .json_path = SCT_FIXTURES "/run_mixed.json", .md_path = md,
            .requirements_path = SCT_FIXTURES "/requirements.json",
            .spec_notes_path = rows[i].given,
            .default_spec_notes_path = rows[i].fallback};
        char err[512] = "";
        ck_assert_msg(sct_render_outputs(&req, err, sizeof err) == 0, "%s", err);
        char *text = sct_render_read_file(md, NULL);
        ck_assert_ptr_nonnull(text);
        HAS(text, rows[i].want);
        free(text);
        remove(md);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("render");
    TCase *tc = tcase_create("fixture");
    tcase_add_checked_fixture(tc, render, teardown);
    tcase_add_test(tc, html_identity_and_verdict);
    tcase_add_test(tc, html_matrix_cells);
    tcase_add_test(tc, html_traceability);
    tcase_add_test(tc, html_cases_and_samples);
    tcase_add_test(tc, html_notes_and_legend);
    tcase_add_test(tc, markdown_content);
    suite_add_tcase(s, tc);
    TCase *tc2 = tcase_create("inputs");
    tcase_add_test(tc2, missing_inputs_are_reported);
    tcase_add_test(tc2, exact_json_integers);
    tcase_add_test(tc2, conformance_record);
    tcase_add_test(tc2, key_order_does_not_matter);
    tcase_add_test(tc2, markdown_summary);
    tcase_add_test(tc2, spec_notes_fallback);
    suite_add_tcase(s, tc2);
    return sct_check_run_suite(s);
}
