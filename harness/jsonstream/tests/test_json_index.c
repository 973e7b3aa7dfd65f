/*
 * test_json_index.c — harness/jsonstream/json_index.h: valid documents
 * round-trip (the root plus the indexed elements equal what cJSON reads
 * from the whole text), invalid ones are refused with the position and the
 * reason, limits hold, a file modified after indexing is detected.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sct/jsonstream/json_index.h"
#include "sct_check_main.h"

static char tmp_path[64];

static void write_file(const char *text, size_t len)
{
    strcpy(tmp_path, "/tmp/sct_json_index_XXXXXX");
    int fd = mkstemp(tmp_path);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq((int)write(fd, text, len), (int)len);
    close(fd);
}

/* cJSON's reading of the whole text, printed, against the index's root with
 * its elements put back, printed: equal for every valid document. */
static void check_round_trip(const char *text, const char *member, size_t want_spans,
                             bool want_array)
{
    write_file(text, strlen(text));
    sct_json_index ix;
    char err[256] = "";
    int rc = sct_json_index_file(tmp_path, member, 1u << 30, 1u << 20, NULL, NULL, &ix, err,
                                 sizeof err);
    ck_assert_msg(rc == 0, "%s: %s", text, err);
    ck_assert_uint_eq(ix.n_spans, want_spans);
    ck_assert_int_eq(ix.has_array, want_array);
    cJSON *whole = cJSON_Parse(text);
    ck_assert_ptr_nonnull(whole);
    cJSON *rebuilt = cJSON_Duplicate(ix.root, 1);
    if (ix.has_array) {
        cJSON *arr = cJSON_GetObjectItemCaseSensitive(rebuilt, member);
        ck_assert(cJSON_IsArray(arr));
        ck_assert_int_eq(cJSON_GetArraySize(arr), 0);
        for (size_t i = 0; i < ix.n_spans; i++) {
            cJSON *el = sct_json_index_element(&ix, i, err, sizeof err);
            ck_assert_msg(el != NULL, "%s", err);
            cJSON_AddItemToArray(arr, el);
        }
    }
    char *a = cJSON_PrintUnformatted(whole), *b = cJSON_PrintUnformatted(rebuilt);
    ck_assert_str_eq(a, b);
    free(a);
    free(b);
    cJSON_Delete(whole);
    cJSON_Delete(rebuilt);
    sct_json_index_free(&ix);
    unlink(tmp_path);
}

static const struct {
    const char *text;
    size_t spans;
    bool has_array;
} valid[] = {
    {"{\"cases\":[]}", 0, true},
    {"{\"cases\":[1]}", 1, true},
    {" {\"a\" : 1, \"cases\" : [ {\"id\":\"x\"} , [1,2] , \"s\", null, true, false, -0.5e+3 ],"
     " \"b\": {\"cases\": [9]}}\n", 7, true},
    {"{\"format_version\":\"1.0\",\"cases\":[{\"id\":\"a\\\"]}\"},{\"id\":\"b\\\\\"}]}", 2, true},
    {"{\"ca\\u0073es\":[{},{}]}", 2, true},                  /* escaped name */
    {"{\"b\":{\"cases\":[1,2,3]}}", 0, false},                /* nested: not indexed */
    {"{\"cases\":3}", 0, false},                              /* not an array */
    {"{\"Cases\":[1]}", 0, false},                            /* names are case sensitive */
    {"{\"cases\":[1],\"cases\":[2,3]}", 1, true},              /* first one indexed */
    {"[1,2,{\"cases\":[1]}]", 0, false},                      /* root not an object */
    {"\"just a string\"", 0, false},
    {"{\"cases\":[\"\\ud83d\\ude00\", \"\\u00e9\\n\\t\\/\\b\\f\\r\"]}", 2, true},
    {"{\"cases\":[0, -0, 1e5, 1E-5, 123.456, -9007199254740993]}", 6, true},
};

START_TEST(valid_documents_round_trip)
{
    check_round_trip(valid[_i].text, "cases", valid[_i].spans, valid[_i].has_array);
}
END_TEST

START_TEST(elements_across_read_chunks)
{
    /* 20000 elements (~0.9 MB): spans cross the reader's 64 KiB chunks. */
    size_t cap = 2u << 20, len = 0;
    char *text = malloc(cap);
    len += (size_t)snprintf(text + len, cap - len, "{\"head\":true,\"cases\":[");
    for (int i = 0; i < 20000; i++)
        len += (size_t)snprintf(text + len, cap - len, "%s{\"id\":\"case/%d\",\"v\":[%d,\"x\"]}",
                                i ? ",\n" : "", i, i);
    len += (size_t)snprintf(text + len, cap - len, "],\"tail\":\"end\"}");
    check_round_trip(text, "cases", 20000, true);
    free(text);
}
END_TEST

/* Arrays at dotted locations ("runs.*.cases"): each location indexed once,
 * in file order; the root holds them empty; the elements read back. */
static const struct {
    const char *text;
    const char *arrays;   /* "where:n where:n ..." */
} k_paths[] = {
    {"{\"runs\":{\"onnx\":{\"cases\":[1,2]},\"sonnx\":{\"id\":{},\"cases\":[3]}}}",
     "runs.onnx.cases:2 runs.sonnx.cases:1"},
    {"{\"cases\":[1],\"runs\":{\"a\":{\"cases\":[]}}}", "cases:1 runs.a.cases:0"},
    {"{\"runs\":{\"a\":{\"cases\":[1],\"cases\":[2,3]}}}", "runs.a.cases:1"},
    {"{\"runs\":{\"a.b\":{\"cases\":[1]}}}", ""},              /* a '.' in a name */
    {"{\"runs\":{\"a\":{\"x\":{\"cases\":[1]}}}}", ""},        /* deeper: no match */
    {"{\"runs\":[{\"cases\":[1]}]}", ""},                      /* runs not an object */
    {"{\"runs\":{\"a\":{\"cases\":{\"k\":1}}}}", ""},          /* not an array */
};

START_TEST(arrays_at_paths)
{
    const char *text = k_paths[_i].text;
    write_file(text, strlen(text));
    static const char *const patterns[] = {"cases", "runs.*.cases"};
    sct_json_index ix;
    char err[256] = "";
    ck_assert_msg(sct_json_index_file_paths(tmp_path, patterns, 2, 1u << 20, 1u << 20, NULL,
                                            NULL, &ix, err, sizeof err) == 0, "%s", err);
    char got[256] = "";
    size_t o = 0, total = 0;
    for (size_t k = 0; k < ix.n_arrays; k++) {
        o += (size_t)snprintf(got + o, sizeof got - o, "%s%s:%zu", k ? " " : "",
                              ix.arrays[k].where, ix.arrays[k].n);
        ck_assert_uint_eq(ix.arrays[k].first, total);
        total += ix.arrays[k].n;
    }
    ck_assert_str_eq(got, k_paths[_i].arrays);
    ck_assert_uint_eq(ix.n_spans, total);
    ck_assert_int_eq(ix.has_array, ix.n_arrays > 0);
    /* Put back, the elements give the whole document again. */
    cJSON *rebuilt = cJSON_Duplicate(ix.root, 1);
    for (size_t k = 0; k < ix.n_arrays; k++) {
        cJSON *at = rebuilt;
        char where[64];
        snprintf(where, sizeof where, "%s", ix.arrays[k].where);
        for (char *name = strtok(where, "."); name; name = strtok(NULL, "."))
            at = cJSON_GetObjectItemCaseSensitive(at, name);
        ck_assert(cJSON_IsArray(at) && cJSON_GetArraySize(at) == 0);
        for (size_t i = 0; i < ix.arrays[k].n; i++)
            cJSON_AddItemToArray(at, sct_json_index_element(&ix, ix.arrays[k].first + i, err,
                                                            sizeof err));
    }
    cJSON *whole = cJSON_Parse(text);
    char *a = cJSON_PrintUnformatted(whole), *b = cJSON_PrintUnformatted(rebuilt);
    ck_assert_str_eq(a, b);
    free(a);
    free(b);
    cJSON_Delete(whole);
    cJSON_Delete(rebuilt);
    sct_json_index_free(&ix);
    unlink(tmp_path);
}
END_TEST

static const struct {
    const char *text;
    const char *error;  /* expected substring */
} invalid[] = {
    {"", "line 1, column 1 (byte 0): unexpected end of file"},
    {"   \n", "line 2, column 1 (byte 4): unexpected end of file"},
    {"{\"cases\":[1,]}", "expected a value"},
    {"{\"cases\":[1 2]}", "expected ',' or ']' after an array element"},
    {"{\"a\":1,}", "expected a string as object member name"},
    {"{\"a\" 1}", "expected ':' after an object member name"},
    {"{\"a\":1 \"b\":2}", "expected ',' or '}' after an object member"},
    {"{\"a\":01}", "leading zero in a number"},
    {"{\"a\":1.}", "expected a digit after the decimal point"},
    {"{\"a\":1e}", "expected a digit in the exponent"},
    {"{\"a\":-}", "expected a digit"},
    {"{\"a\":\"x\ty\"}", "control character in a string"},
    {"{\"a\":\"\\x\"}", "invalid escape in a string"},
    {"{\"a\":\"\\u12g4\"}", "expected 4 hexadecimal digits after \\u"},
    {"{\"a\":\"abc", "unterminated string"},
    {"{\"a\":tru}", "invalid literal"},
    {"{\"a\":1}x", "unexpected text after the JSON value"},
    {"{\"a\":1}{}", "unexpected text after the JSON value"},
    {"\xef\xbb\xbf{}", "line 1, column 1 (byte 0): expected a value"},
    {"{\"cases\":[{\"id\":1}", "expected ',' or ']' after an array element"},
    {"{\"cases\":[{\"id\":1},\n  {\"id\" 2}]}", "line 2, column 9 (byte 28): expected ':'"},
    {"{\"a\":nan}", "invalid literal"},
    {"{\"a\":NaN}", "line 1, column 6 (byte 5): expected a value"},
};

START_TEST(invalid_documents_refused)
{
    write_file(invalid[_i].text, strlen(invalid[_i].text));
    sct_json_index ix;
    char err[256] = "";
    int rc = sct_json_index_file(tmp_path, "cases", 1u << 20, 1u << 20, NULL, NULL, &ix, err,
                                 sizeof err);
    ck_assert_int_eq(rc, -1);
    ck_assert_msg(strstr(err, invalid[_i].error) != NULL, "text %s: got '%s', want '%s'",
                  invalid[_i].text, err, invalid[_i].error);
    ck_assert_ptr_null(ix.root);
    ck_assert_int_eq(ix.fd, -1);
    unlink(tmp_path);
}
END_TEST

START_TEST(nesting_limit)
{
    /* One level past cJSON's limit is refused; the limit itself passes. */
    for (int extra = 0; extra <= 1; extra++) {
        int depth = CJSON_NESTING_LIMIT + extra;
        char *text = malloc((size_t)depth * 2 + 1);
        for (int i = 0; i < depth; i++) {
            text[i] = '[';
            text[depth + i] = ']';
        }
        text[2 * depth] = '\0';
        write_file(text, strlen(text));
        sct_json_index ix;
        char err[256] = "";
        int rc = sct_json_index_file(tmp_path, "cases", 1u << 20, 1u << 20, NULL, NULL, &ix,
                                     err, sizeof err);
        /* The same verdict as cJSON's on the whole text. */
        cJSON *whole = cJSON_Parse(text);
        ck_assert_int_eq(whole != NULL, rc == 0);
        cJSON_Delete(whole);
        if (extra == 0) {
            ck_assert_msg(rc == 0, "%s", err);
            sct_json_index_free(&ix);
        } else {
            ck_assert_int_eq(rc, -1);
            ck_assert_ptr_nonnull(strstr(err, "nesting too deep"));
        }
        unlink(tmp_path);
        free(text);
    }
}
END_TEST

START_TEST(size_limits)
{
    const char *text = "{\"cases\":[{\"id\":\"short\"},{\"id\":\"much longer element\"}]}";
    write_file(text, strlen(text));
    sct_json_index ix;
    char err[256] = "";
    ck_assert_int_eq(sct_json_index_file(tmp_path, "cases", 10, 1u << 20, NULL, NULL, &ix, err,
                                         sizeof err), -1);
    ck_assert_str_eq(err, "file is 55 bytes, above the limit of 10");
    ck_assert_int_eq(sct_json_index_file(tmp_path, "cases", 1000, 20, NULL, NULL, &ix, err,
                                         sizeof err), -1);
    ck_assert_msg(strstr(err, "element 1 of \"cases\"") && strstr(err, "is 28 bytes, above the "
                                                                       "limit of 20"), "%s", err);
    ck_assert_int_eq(sct_json_index_file("/nonexistent/x.json", "cases", 1000, 20, NULL, NULL,
                                         &ix, err, sizeof err), -1);
    ck_assert_str_eq(err, "cannot open: No such file or directory");
    unlink(tmp_path);
}
END_TEST

static void count_bytes(void *user, const void *bytes, size_t n)
{
    (void)bytes;
    *(size_t *)user += n;
}

START_TEST(modified_file_detected_and_bytes_seen)
{
    const char *text = "{\"cases\":[{\"id\":\"a\"},{\"id\":\"b\"}]}";
    write_file(text, strlen(text));
    sct_json_index ix;
    char err[256] = "";
    size_t seen = 0;
    ck_assert_int_eq(sct_json_index_file(tmp_path, "cases", 1000, 1000, count_bytes, &seen, &ix,
                                         err, sizeof err), 0);
    ck_assert_uint_eq(seen, strlen(text));
    ck_assert_uint_eq(ix.file_size, strlen(text));
    /* Edit element 1 in place (same length), then truncate the file. */
    FILE *f = fopen(tmp_path, "r+");
    ck_assert_ptr_nonnull(f);
    fseek(f, 27, SEEK_SET);
    fputc('c', f);
    fclose(f);
    cJSON *el = sct_json_index_element(&ix, 0, err, sizeof err);
    ck_assert_ptr_nonnull(el);
    cJSON_Delete(el);
    ck_assert_ptr_null(sct_json_index_element(&ix, 1, err, sizeof err));
    ck_assert_str_eq(err, "element 1 changed since the file was indexed (the file was "
                          "modified during the run)");
    ck_assert_int_eq(truncate(tmp_path, 15), 0);
    ck_assert_ptr_null(sct_json_index_element(&ix, 1, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "truncated"));
    ck_assert_ptr_null(sct_json_index_element(&ix, 2, err, sizeof err));
    ck_assert_str_eq(err, "element 2 does not exist");
    sct_json_index_free(&ix);
    sct_json_index_free(&ix); /* idempotent */
    unlink(tmp_path);
}
END_TEST

static Suite *json_index_suite(void)
{
    Suite *s = suite_create("json_index");
    TCase *tc = tcase_create("core");
    tcase_add_loop_test(tc, valid_documents_round_trip, 0, sizeof valid / sizeof valid[0]);
    tcase_add_test(tc, elements_across_read_chunks);
    tcase_add_loop_test(tc, arrays_at_paths, 0, sizeof k_paths / sizeof k_paths[0]);
    tcase_add_loop_test(tc, invalid_documents_refused, 0, sizeof invalid / sizeof invalid[0]);
    tcase_add_test(tc, nesting_limit);
    tcase_add_test(tc, size_limits);
    tcase_add_test(tc, modified_file_detected_and_bytes_seen);
    tcase_set_timeout(tc, 60);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return sct_check_run_suite(json_index_suite());
}
