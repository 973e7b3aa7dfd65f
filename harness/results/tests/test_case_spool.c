/*
 * test_case_spool.c — the run report's case spool (report_model.h: memory flat in the case count):
 * every field of a case record survives the spool (table of records: all
 * verdicts, awkward and empty and NULL strings, many samples, extreme
 * values); 20000 cases cost the model no per-case heap beyond the offset;
 * the JSON writer holds one case's cJSON tree at a time; a spool that
 * cannot be created or written is reported by appends, reads, flush and
 * every writer, never ignored.
 */
#include <check.h>
#include <errno.h>
#include <inttypes.h>
#include <malloc.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include <cjson/cJSON.h>

#include "sct/jsonstream/json_index.h"
#include "report_fixture.h"
#include "sct/writers/report_writers.h"
#include "sct/results/run_summary.h"
#include "sct_check_main.h"

#if defined(__SANITIZE_ADDRESS__)
/* ASan replaces malloc: mallinfo2 would not see its heap.  Declared here
 * (libasan exports it; its header is not installed everywhere). */
size_t __sanitizer_get_current_allocated_bytes(void);
static size_t heap_in_use(void) { return __sanitizer_get_current_allocated_bytes(); }
#else
static size_t heap_in_use(void)
{
    struct mallinfo2 m = mallinfo2();
    return m.uordblks + m.hblkhd;
}
#endif

/* ---- round trip of every field ------------------------------------------ */

typedef struct record_row {
    const char *id;              /* NULL: a NULL string in the record */
    const char *message;
    const char *exec_status;
    sct_verdict verdict;
    size_t n_tags;               /* tags "t0", "t1", ... (one of them empty) */
    size_t n_samples;
    int32_t rank;                /* output rank (and sample coords rank) */
    bool compared;
    uint64_t big;                /* a value spread over the 64-bit fields */
    double seconds;
} record_row;

static const record_row k_records[] = {
    {"div/float32/a", "", "OK", SCT_VERDICT_PASS, 1, 0, 1, true, 4, 0.001},
    {"div/float32/\"quoted\" \\ back\nslash", "say \"no\"\t{}", "OK",
     SCT_VERDICT_FAIL, 2, 1, 2, true, UINT64_MAX, -0.0},
    {"", "", "", SCT_VERDICT_ERROR, 0, 0, 0, false, 0, 0.0},
    {NULL, NULL, NULL, SCT_VERDICT_ERROR, 0, 0, 0, false, 1, 1e300},
    {"pow/int32/c", "no int32 \"Pow\" here", "UNSUPPORTED", SCT_VERDICT_UNSUPPORTED,
     3, 0, 8, false, 7, 5e-324},
    {"mul/float16/crash", "killed by signal 11 (SIGSEGV)", "CRASH", SCT_VERDICT_CRASH,
     1, 0, 3, false, 0x8000000000000000u, 2.5},
    {"mul/float16/hang", "timed out after 10 s", "TIMEOUT", SCT_VERDICT_TIMEOUT, 1, 0,
     1, false, 3, 10.0},
    {"div/bfloat16/many \xc3\xa9\xe2\x82\xac", "", "OK", SCT_VERDICT_FAIL, 4, 1001, 8,
     true, 0x3fc00000, 0.125},
    {"less/float64/nan-seconds", "", "OK", SCT_VERDICT_PASS, 1, 2, 1, true, 9, NAN},
};

static char *dup_or_null(const char *s) { return s ? sct_strdup(s) : NULL; }

/* The record of row `k`, deterministic: filled twice (into the report and
 * as the expectation), the two must read back equal. */
static void fill(sct_case_result *c, const record_row *row, size_t k)
{
    c->id = dup_or_null(row->id);
    c->op_type = dup_or_null(row->id ? "Div" : NULL);
    c->opset = (int32_t)(7 + k);
    c->n_inputs = k % 3;
    for (int i = 0; i < 2; i++) {
        c->inputs[i].elem_type = (int32_t)(1 + k + (size_t)i);
        c->inputs[i].rank = row->rank;
        for (int32_t d = 0; d < row->rank; d++)
            c->inputs[i].dims[d] = (int64_t)(d + 1) * (i ? -1 : 1) * (int64_t)(k + 1);
    }
    c->output.elem_type = 16;
    c->output.rank = row->rank;
    for (int32_t d = 0; d < row->rank; d++)
        c->output.dims[d] = INT64_MAX - d;
    if (row->n_tags > 0) {
        c->tags = calloc(row->n_tags, sizeof *c->tags);
        c->n_tags = row->n_tags;
        for (size_t t = 0; t < row->n_tags; t++) {
            char buf[24] = ""; /* tag 1 stays empty: an empty tag must round-trip */
            if (t != 1)
                snprintf(buf, sizeof buf, "t%zu", t);
            c->tags[t] = sct_strdup(buf);
        }
        c->requirements = sct_strvdup(c->tags, row->n_tags);
        c->n_requirements = row->n_tags;
    }
    c->expectation = dup_or_null(row->id ? "values" : NULL);
    c->tolerance_ulp = (uint32_t)(row->big >> 32);
    c->verdict = row->verdict;
    c->exec_status = dup_or_null(row->exec_status);
    c->signal_number = row->verdict == SCT_VERDICT_CRASH ? 11 : 0;
    c->exit_code = row->verdict == SCT_VERDICT_CRASH ? -1 : (int)(k % 5) - 2;
    c->message = dup_or_null(row->message);
    c->compared = row->compared;
    c->stats.elements = row->big;
    c->stats.mismatches = row->big / 3;
    c->stats.max_ulp = ~row->big;
    c->stats.unmeasurable = k;
    for (size_t d = 0; d < SCT_DEV_COUNT; d++)
        c->stats.deviation_counts[d] = row->big ^ d;
    for (size_t b = 0; b < SCT_ULP_HIST_BINS; b++)
        c->ulp_hist[b] = row->big + b;
    if (row->n_samples > 0) {
        c->samples = calloc(row->n_samples, sizeof *c->samples);
        c->n_samples = row->n_samples;
    }
    for (size_t i = 0; i < row->n_samples; i++) {
        sct_sample *s = &c->samples[i];
        s->index = row->big - i;
        s->rank = (int32_t)(i % (SONNX_MAX_RANK + 1));
        for (int32_t d = 0; d < s->rank; d++)
            s->coords[d] = (int64_t)(i * 31 + (size_t)d);
        s->n_inputs = i % 3;
        s->in_types[0] = 1;
        s->in_types[1] = (int32_t)i;
        s->in_bits[0] = row->big ^ i;
        s->in_bits[1] = i << 40;
        s->out_type = 10;
        s->expected_bits = 0x3eaaaaab + i;
        s->actual_bits = 0x3eaaaaaa - i;
        s->ulp = i == 0 ? SCT_ULP_NONE : i;
        s->deviation = (sct_deviation)(i % SCT_DEV_COUNT);
        s->worst = i == row->n_samples - 1;
    }
    c->seconds = row->seconds;
}

static void assert_str(const char *want, const char *got, const char *what, size_t k)
{
    if (want == NULL) {
        ck_assert_msg(got == NULL, "row %zu %s: want NULL, got \"%s\"", k, what, got);
        return;
    }
    ck_assert_msg(got != NULL, "row %zu %s: NULL", k, what);
    ck_assert_msg(strcmp(want, got) == 0, "row %zu %s: \"%s\" != \"%s\"", k, what,
                  want, got);
}

static void assert_shape(const sct_tensor_shape *a, const sct_tensor_shape *b, size_t k)
{
    ck_assert_msg(a->elem_type == b->elem_type && a->rank == b->rank, "row %zu shape", k);
    for (int32_t d = 0; d < a->rank; d++)
        ck_assert_msg(a->dims[d] == b->dims[d], "row %zu dim %d", k, (int)d);
}

static void assert_same_case(const sct_case_result *a, const sct_case_result *b, size_t k)
{
    assert_str(a->id, b->id, "id", k);
    assert_str(a->op_type, b->op_type, "op_type", k);
    ck_assert_int_eq(a->opset, b->opset);
    ck_assert_uint_eq(a->n_inputs, b->n_inputs);
    assert_shape(&a->inputs[0], &b->inputs[0], k);
    assert_shape(&a->inputs[1], &b->inputs[1], k);
    assert_shape(&a->output, &b->output, k);
    ck_assert_uint_eq(a->n_tags, b->n_tags);
    for (size_t t = 0; t < a->n_tags; t++)
        assert_str(a->tags[t], b->tags[t], "tag", k);
    ck_assert_uint_eq(a->n_requirements, b->n_requirements);
    for (size_t t = 0; t < a->n_requirements; t++)
        assert_str(a->requirements[t], b->requirements[t], "requirement", k);
    assert_str(a->expectation, b->expectation, "expectation", k);
    ck_assert_uint_eq(a->tolerance_ulp, b->tolerance_ulp);
    ck_assert_int_eq(a->verdict, b->verdict);
    assert_str(a->exec_status, b->exec_status, "exec_status", k);
    ck_assert_int_eq(a->signal_number, b->signal_number);
    ck_assert_int_eq(a->exit_code, b->exit_code);
    assert_str(a->message, b->message, "message", k);
    ck_assert(a->compared == b->compared);
    ck_assert_msg(memcmp(&a->stats, &b->stats, sizeof a->stats) == 0, "row %zu stats", k);
    ck_assert_msg(memcmp(a->ulp_hist, b->ulp_hist, sizeof a->ulp_hist) == 0,
                  "row %zu ulp_hist", k);
    ck_assert_uint_eq(a->n_samples, b->n_samples);
    for (size_t i = 0; i < a->n_samples; i++) {
        const sct_sample *x = &a->samples[i], *y = &b->samples[i];
        ck_assert_msg(x->index == y->index && x->rank == y->rank &&
                      x->n_inputs == y->n_inputs && x->in_types[0] == y->in_types[0] &&
                      x->in_types[1] == y->in_types[1] && x->in_bits[0] == y->in_bits[0] &&
                      x->in_bits[1] == y->in_bits[1] && x->out_type == y->out_type &&
                      x->expected_bits == y->expected_bits &&
                      x->actual_bits == y->actual_bits && x->ulp == y->ulp &&
                      x->deviation == y->deviation && x->worst == y->worst,
                      "row %zu sample %zu", k, i);
        for (int32_t d = 0; d < x->rank; d++)
            ck_assert_msg(x->coords[d] == y->coords[d], "row %zu sample %zu coord", k, i);
    }
    /* Bit pattern: -0.0 and NaN must survive too. */
    ck_assert_msg(memcmp(&a->seconds, &b->seconds, sizeof a->seconds) == 0,
                  "row %zu seconds", k);
}

#define N_RECORDS (sizeof k_records / sizeof k_records[0])

START_TEST(test_round_trip_every_field)
{
    sct_run_report r;
    sct_run_report_init(&r);
    for (size_t k = 0; k < N_RECORDS; k++) {
        sct_case_result *c = sct_run_report_add_case(&r);
        ck_assert_ptr_nonnull(c);
        ck_assert_int_eq(c->exit_code, -1); /* a fresh slot */
        fill(c, &k_records[k], k);
    }
    ck_assert_uint_eq(r.n_cases, N_RECORDS);
    /* Forward, backward, and each twice in a row (the read cache). */
    for (int pass = 0; pass < 2; pass++)
        for (size_t n = 0; n < N_RECORDS; n++) {
            size_t k = pass == 0 ? n : N_RECORDS - 1 - n;
            sct_case_result want = {0};
            fill(&want, &k_records[k], k);
            for (int again = 0; again < 2; again++) {
                const sct_case_result *got = sct_run_report_case(&r, k);
                ck_assert_msg(got != NULL, "row %zu: %s", k, sct_run_report_error(&r));
                assert_same_case(&want, got, k);
            }
            /* A deep copy is the same record too (the merge uses it). */
            sct_case_result copy;
            ck_assert_int_eq(sct_case_result_copy(&copy, sct_run_report_case(&r, k)), 0);
            assert_same_case(&want, &copy, k);
            sct_case_result_free(&copy);
            sct_case_result_free(&want);
        }
    ck_assert_ptr_null(sct_run_report_case(&r, N_RECORDS)); /* out of range */
    ck_assert_str_eq(sct_run_report_error(&r), "case spool: no case 9 (9 cases)");
    /* Appending after reading: the report stays usable. */
    sct_case_result *c = sct_run_report_add_case(&r);
    ck_assert_ptr_nonnull(c);
    fill(c, &k_records[0], 0);
    sct_case_result want = {0};
    fill(&want, &k_records[0], 0);
    assert_same_case(&want, sct_run_report_case(&r, N_RECORDS), 0);
    sct_case_result_free(&want);
    sct_run_report_free(&r);
}
END_TEST

/* ---- memory flat in the number of cases --------------------------------- */

#define MANY 20000

static void fill_small(sct_case_result *c, size_t i)
{
    char id[64];
    snprintf(id, sizeof id, "div/float32/case-%06zu", i);
    c->id = sct_strdup(id);
    c->op_type = sct_strdup(i % 2 ? "Div" : "Mul");
    c->opset = 14;
    c->n_inputs = 2;
    for (int k = 0; k < 2; k++) {
        c->inputs[k].elem_type = SONNX_DT_FLOAT;
        c->inputs[k].rank = 1;
        c->inputs[k].dims[0] = 4;
    }
    c->output = c->inputs[0];
    char *tags[2] = {"basic", "generated"};
    c->tags = sct_strvdup(tags, 2);
    c->n_tags = 2;
    c->expectation = sct_strdup("values");
    c->exec_status = sct_strdup("OK");
    c->message = sct_strdup("");
    c->verdict = i % 7 == 0 ? SCT_VERDICT_FAIL : SCT_VERDICT_PASS;
    c->compared = true;
    c->stats.elements = 4;
    c->samples = calloc(2, sizeof *c->samples); /* ~300 bytes of samples */
    c->n_samples = 2;
    c->samples[1].worst = true;
    c->seconds = 0.001;
}

START_TEST(test_many_cases_flat_heap)
{
    /* The meter works: kept blocks of MANY x 64 bytes are seen. */
    size_t before = heap_in_use();
    void **blocks = malloc(MANY * sizeof *blocks);
    ck_assert_ptr_nonnull(blocks);
    for (size_t i = 0; i < MANY; i++)
        blocks[i] = malloc(64);
    size_t control = heap_in_use() - before;
    for (size_t i = 0; i < MANY; i++)
        free(blocks[i]);
    free(blocks);
    ck_assert_msg(control >= (size_t)MANY * 64, "meter saw %zu bytes", control);

    before = heap_in_use();
    sct_run_report r;
    sct_run_report_init(&r);
    for (size_t i = 0; i < MANY; i++) {
        sct_case_result *c = sct_run_report_add_case(&r);
        ck_assert_msg(c != NULL, "%s", sct_run_report_error(&r));
        fill_small(c, i);
    }
    ck_assert_int_eq(sct_run_report_flush(&r), 0);
    size_t held = heap_in_use() - before;
    /* Offsets: 8 bytes per case, at most twice that with the doubling
     * capacity; plus fixed buffers (encode, read window).  Every case in
     * memory would be ~ MANY x 700 bytes = 14 MB. */
    size_t bound = (size_t)MANY * 16 + 256 * 1024;
    ck_assert_msg(held <= bound, "%d cases hold %zu heap bytes (bound %zu)", MANY, held,
                  bound);
    /* Reading every case back does not accumulate either. */
    for (size_t i = 0; i < MANY; i++) {
        const sct_case_result *c = sct_run_report_case(&r, i);
        ck_assert_msg(c != NULL, "%s", sct_run_report_error(&r));
        char id[64];
        snprintf(id, sizeof id, "div/float32/case-%06zu", i);
        ck_assert_str_eq(c->id, id);
        ck_assert_uint_eq(c->n_samples, 2);
    }
    held = heap_in_use() - before;
    ck_assert_msg(held <= bound, "after reading: %zu heap bytes (bound %zu)", held, bound);
    sct_run_summary s;
    char err[512];
    ck_assert_int_eq(sct_run_summary_build(&r, &s, err, sizeof err), 0);
    ck_assert_uint_eq(s.cases, MANY);
    ck_assert_uint_eq(s.counts[SCT_VERDICT_FAIL], (MANY + 6) / 7);
    ck_assert_uint_eq(s.n_groups, 2);
    sct_run_summary_free(&s);
    sct_run_report_free(&r);
}
END_TEST

/* cJSON allocations counted through its hooks: the live bytes at their peak. */
static size_t g_live, g_peak;
static void *counting_malloc(size_t n)
{
    void *p = malloc(n);
    if (p != NULL) {
        g_live += malloc_usable_size(p);
        if (g_live > g_peak)
            g_peak = g_live;
    }
    return p;
}
static void counting_free(void *p)
{
    if (p != NULL)
        g_live -= malloc_usable_size(p);
    free(p);
}

#define JSON_CASES 5000

START_TEST(test_json_writer_holds_one_case)
{
    sct_run_report r;
    fixture_build(&r);
    for (size_t i = 0; i < JSON_CASES; i++)
        fill_small(sct_run_report_add_case(&r), i);
    const char *p = fixture_path("spool-many.json");
    char err[512];
    g_live = g_peak = 0;
    cJSON_Hooks counting = {counting_malloc, counting_free};
    cJSON_InitHooks(&counting);
    int rc = sct_write_json_file(p, &r, err, sizeof err);
    cJSON_InitHooks(NULL);
    ck_assert_msg(rc == 0, "%s", err);
    /* One whole tree would be ~ JSON_CASES x 4 KB of cJSON nodes. */
    ck_assert_msg(g_peak < 256 * 1024, "peak cJSON memory %zu bytes for %d cases",
                  g_peak, JSON_CASES);
    /* Valid JSON with every case, checked without loading it whole. */
    sct_json_index ix;
    ck_assert_msg(sct_json_index_file(p, "cases", UINT64_MAX, UINT64_MAX, NULL, NULL, &ix,
                                      err, sizeof err) == 0, "%s", err);
    ck_assert(ix.has_array);
    ck_assert_uint_eq(ix.n_spans, JSON_CASES + 5);
    cJSON *last = sct_json_index_element(&ix, ix.n_spans - 1, err, sizeof err);
    ck_assert_ptr_nonnull(last);
    ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(last, "id")->valuestring,
                     "div/float32/case-004999");
    cJSON_Delete(last);
    const cJSON *sum = cJSON_GetObjectItemCaseSensitive(ix.root, "summary");
    ck_assert_int_eq(cJSON_GetObjectItemCaseSensitive(sum, "cases")->valueint,
                     JSON_CASES + 5);
    sct_json_index_free(&ix);
    remove(p);
    sct_run_report_free(&r);
}
END_TEST

/* ---- spool failures are reported ---------------------------------------- */

typedef struct failure_row {
    const char *name;
    const char *tmpdir;          /* NULL: leave $TMPDIR */
    rlim_t fsize;                /* RLIMIT_FSIZE while appending; 0: none */
    const char *want;            /* in sct_run_report_error() */
} failure_row;

static const failure_row k_failures[] = {
    {"no such TMPDIR", "/nonexistent/sonnx-cts-spool-test", 0,
     "case spool: cannot create a temporary file in /nonexistent/sonnx-cts-spool-test: "
     "No such file or directory"},
    {"file size limit (a full device)", NULL, 64 * 1024,
     "write failed after "},
};

START_TEST(test_spool_failure_reported)
{
    const failure_row *row = &k_failures[_i];
    char *saved_tmpdir = getenv("TMPDIR") ? strdup(getenv("TMPDIR")) : NULL;
    if (row->tmpdir != NULL)
        setenv("TMPDIR", row->tmpdir, 1);
    struct rlimit old;
    ck_assert_int_eq(getrlimit(RLIMIT_FSIZE, &old), 0);
    void (*old_xfsz)(int) = signal(SIGXFSZ, SIG_IGN); /* EFBIG, not death */
    if (row->fsize != 0) {
        struct rlimit lim = {row->fsize, old.rlim_max};
        ck_assert_int_eq(setrlimit(RLIMIT_FSIZE, &lim), 0);
    }

    /* The spool is created at the first spill (second append), here
     * under the changed TMPDIR / limit. */
    sct_run_report r;
    sct_run_report_init(&r);
    size_t appended = 0;
    bool failed = false;
    for (size_t i = 0; i < 100000 && !failed; i++) {
        sct_case_result *c = sct_run_report_add_case(&r);
        if (c == NULL) {
            failed = true;
            break;
        }
        fill_small(c, i);
        appended++;
    }
    if (row->fsize != 0)
        ck_assert_int_eq(setrlimit(RLIMIT_FSIZE, &old), 0);
    signal(SIGXFSZ, old_xfsz);
    if (saved_tmpdir != NULL)
        setenv("TMPDIR", saved_tmpdir, 1);
    else
        unsetenv("TMPDIR");
    free(saved_tmpdir);

    ck_assert_msg(failed, "%s: no append failed", row->name);
    const char *why = sct_run_report_error(&r);
    ck_assert_msg(strstr(why, row->want) != NULL, "%s: \"%s\"", row->name, why);
    if (row->fsize != 0)
        ck_assert_msg(strstr(why, strerror(EFBIG)) != NULL, "%s", why);
    ck_assert_uint_eq(r.n_cases, appended);
    /* Sticky: the lost case is never silently skipped. */
    ck_assert_ptr_null(sct_run_report_add_case(&r));
    ck_assert_ptr_null(sct_run_report_case(&r, 0));
    ck_assert_int_ne(sct_run_report_flush(&r), 0);
    char err[1024];
    const char *p = fixture_path("spool-failure.json");
    ck_assert_int_ne(sct_write_json_file(p, &r, err, sizeof err), 0);
    ck_assert_msg(strstr(err, row->want) != NULL, "json: %s", err);
    ck_assert_int_ne(sct_write_junit_file(fixture_path("spool-failure.xml"), &r, err,
                                          sizeof err), 0);
    ck_assert_msg(strstr(err, row->want) != NULL, "junit: %s", err);
    ck_assert_int_ne(sct_write_text_file(fixture_path("spool-failure.txt"), &r, err,
                                         sizeof err), 0);
    ck_assert_msg(strstr(err, row->want) != NULL, "text: %s", err);
    sct_run_summary s;
    ck_assert_int_ne(sct_run_summary_build(&r, &s, err, sizeof err), 0);
    sct_run_report_free(&r);
}
END_TEST

/* The failure of the LAST case shows at flush, not only at the next append. */
START_TEST(test_flush_reports_last_case)
{
    char *saved_tmpdir = getenv("TMPDIR") ? strdup(getenv("TMPDIR")) : NULL;
    setenv("TMPDIR", "/nonexistent/sonnx-cts-spool-test", 1);
    sct_run_report r;
    sct_run_report_init(&r);
    sct_case_result *c = sct_run_report_add_case(&r); /* nothing spilled yet */
    ck_assert_ptr_nonnull(c);
    fill_small(c, 0);
    ck_assert_int_ne(sct_run_report_flush(&r), 0);
    if (saved_tmpdir != NULL)
        setenv("TMPDIR", saved_tmpdir, 1);
    else
        unsetenv("TMPDIR");
    free(saved_tmpdir);
    ck_assert_ptr_nonnull(strstr(sct_run_report_error(&r), "cannot create a temporary file"));
    ck_assert_ptr_null(sct_run_report_case(&r, 0));
    sct_run_report_free(&r);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("case_spool");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_round_trip_every_field);
    tcase_add_loop_test(tc, test_spool_failure_reported, 0,
                        (int)(sizeof k_failures / sizeof k_failures[0]));
    tcase_add_test(tc, test_flush_reports_last_case);
    suite_add_tcase(s, tc);
    /* Tens of thousands of cases: allow for sanitizer builds. */
    TCase *big = tcase_create("many-cases");
    tcase_set_timeout(big, 120);
    tcase_add_test(big, test_many_cases_flat_heap);
    tcase_add_test(big, test_json_writer_holds_one_case);
    suite_add_tcase(s, big);
    return sct_check_run_suite(s);
}
