/*
 * test_manifest.c — manifest.json parsing (sct_manifest_parse): a valid
 * manifest gives the fields of case.h; each table entry breaks the valid
 * manifest in one place and names the exact message expected.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "manifest.h"
#include "set_build.h"

#define SHA_A "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"

/* Line numbers matter for the invalid-JSON test: "cases" is on line 5. */
static const char base[] =
    "{\"format\": \"sonnx-cts-vectors\",\n"
    " \"format_version\": \"1.0\",\n"
    " \"generator\": {\"name\": \"t\", \"version\": \"0\"},\n"
    " \"requirements_catalogue\": \"requirements.json\",\n"
    " \"cases\": [\n"
    "  {\"id\": \"div/float32/t\", \"path\": \"div/float32/t\", \"op\": \"Div\", \"domain\": \"\", \"opset\": 14,\n"
    "   \"inputs\": [{\"name\": \"A\", \"dtype\": \"float32\", \"shape\": [2, 3]},\n"
    "              {\"name\": \"B\", \"dtype\": \"float32\", \"shape\": [3]}],\n"
    "   \"outputs\": [{\"name\": \"C\", \"dtype\": \"float32\", \"shape\": [2, 3]}],\n"
    "   \"tags\": [\"special\", \"bcast\"], \"requirements\": [\"sonnx-div:float:R1\"],\n"
    "   \"tolerance\": {\"kind\": \"exact\"}, \"expectation\": \"values\", \"profiles\": [\"onnx\", \"sonnx\"],\n"
    "   \"description\": \"d\",\n"
    "   \"files\": {\"model.onnx\": \"" SHA_A "\", \"test_data_set_0/input_0.pb\": \"" SHA_A "\",\n"
    "             \"test_data_set_0/input_1.pb\": \"" SHA_A "\", \"test_data_set_0/output_0.pb\": \"" SHA_A "\"}}\n"
    " ]}\n";

/* base with the first occurrence of `find` replaced; caller frees. */
static char *edited(const char *find, const char *repl)
{
    const char *at = strstr(base, find);
    ck_assert_msg(at != NULL, "test bug: \"%s\" not in the base manifest", find);
    size_t head = (size_t)(at - base), lf = strlen(find), lr = strlen(repl);
    char *out = malloc(sizeof base - lf + lr);
    memcpy(out, base, head);
    memcpy(out + head, repl, lr);
    strcpy(out + head + lr, at + lf);
    return out;
}

START_TEST(parses_valid_manifest)
{
    sct_vector_set set;
    memset(&set, 0, sizeof set);
    char err[1024] = "";
    ck_assert_msg(sct_manifest_parse(base, strlen(base), "v/manifest.json", &set, err, sizeof err) == 0,
                  "%s", err);
    ck_assert_uint_eq(set.n_cases, 1);
    const sct_case *c = &set.cases[0];
    ck_assert_msg(c->error == NULL, "%s", c->error);
    ck_assert_str_eq(c->id, "div/float32/t");
    ck_assert_str_eq(c->relpath, "div/float32/t");
    ck_assert_str_eq(c->op_type, "Div");
    ck_assert_str_eq(c->domain, "");
    ck_assert_int_eq(c->opset, 14);
    ck_assert_uint_eq(c->n_inputs, 2);
    ck_assert_int_eq(c->inputs[0].elem_type, 1);
    ck_assert_int_eq(c->inputs[0].rank, 2);
    ck_assert_int_eq(c->inputs[0].dims[1], 3);
    ck_assert_int_eq(c->inputs[1].rank, 1);
    ck_assert_str_eq(c->outputs[0].name, "C");
    ck_assert_uint_eq(c->n_tags, 2);
    ck_assert_str_eq(c->tags[1], "bcast");
    ck_assert_uint_eq(c->n_requirements, 1);
    ck_assert_str_eq(c->requirements[0], "sonnx-div:float:R1");
    ck_assert_uint_eq(c->max_ulp, 0);
    ck_assert_int_eq(c->expectation, SCT_EXPECT_VALUES);
    ck_assert_uint_eq(c->profiles, SCT_PROFILE_ONNX | SCT_PROFILE_SONNX);
    ck_assert_str_eq(c->description, "d");
    ck_assert_uint_eq(c->n_files, 4);
    ck_assert_str_eq(c->files[2].relpath, "test_data_set_0/input_1.pb");
    ck_assert_str_eq(c->files[2].sha256, SHA_A);
    ck_assert(c->has_expected_output);
    ck_assert_int_eq(c->data_set, 0);
    ck_assert_str_eq(set.format_version, "1.0");
    sct_vector_set_free(&set);
}
END_TEST

START_TEST(pow_float_may_have_one_ulp_and_no_crash_needs_no_output)
{
    char *a = edited("\"op\": \"Div\", \"domain\": \"\", \"opset\": 14",
                     "\"op\": \"Pow\", \"domain\": \"\", \"opset\": 15");
    char *b = strstr(a, "{\"kind\": \"exact\"}, \"expectation\": \"values\"");
    ck_assert_ptr_nonnull(b);
    char *text = malloc(strlen(a) + 64);
    size_t head = (size_t)(b - a);
    memcpy(text, a, head);
    strcpy(text + head, "{\"kind\": \"ulp\", \"max\": 1}, \"expectation\": \"no-crash\"");
    strcat(text, b + strlen("{\"kind\": \"exact\"}, \"expectation\": \"values\""));
    sct_vector_set set;
    memset(&set, 0, sizeof set);
    char err[1024] = "";
    ck_assert_msg(sct_manifest_parse(text, strlen(text), "v/manifest.json", &set, err, sizeof err) == 0,
                  "%s", err);
    ck_assert_msg(set.cases[0].error == NULL, "%s", set.cases[0].error);
    ck_assert_uint_eq(set.cases[0].max_ulp, 1);
    ck_assert_int_eq(set.cases[0].expectation, SCT_EXPECT_NO_CRASH);
    sct_vector_set_free(&set);
    free(text);
    free(a);
}
END_TEST

static const struct {
    const char *find, *repl;
    int fatal;            /* 1: the whole manifest is refused */
    const char *expect;   /* exact message prefix */
} broken[] = {
    {"\"cases\": [\n", "\"cases\": [,\n", 1,
     "v/manifest.json: field (file): invalid JSON at line 5, column 12"},
    {" ]}\n", " ]} x\n", 1,
     "v/manifest.json: field (file): invalid JSON at line 15, column 5: data after the top-level value"},
    {"\"op\": \"Div\"", "\"op\": \"Div\\u0000x\"", 1,
     "v/manifest.json: field (file): invalid JSON at line 6, column 62: \\u0000 (NUL) inside a string is refused"},
    {"\"description\": \"d\"", "\"description\": \"d\x01\"", 1,
     "v/manifest.json: field (file): invalid JSON at line 12, column 21: raw control character; JSON requires an escape"},
    {"\"sonnx-cts-vectors\"", "\"other\"", 1, "v/manifest.json: field format: not \"sonnx-cts-vectors\""},
    {"\"format\": \"sonnx-cts-vectors\",", "", 1, "v/manifest.json: field format: missing"},
    {"\"1.0\"", "\"2.0\"", 1, "v/manifest.json: field format_version: \"2.0\" is not supported"},
    {"\"1.0\"", "1", 1, "v/manifest.json: field format_version: must be a string"},
    {"\"cases\": [", "\"cases\": {\"x\": [", 1, "v/manifest.json: field (file): invalid JSON at line 15"},
    {"\"cases\"", "\"cases\": 3, \"old_cases\"", 1, "v/manifest.json: field cases: must be an array"},
    {"\"requirements_catalogue\"", "\"format\"", 1, "v/manifest.json: field (top level): duplicate key \"format\""},
    {"\"id\": \"div/float32/t\", ", "", 0, "v/manifest.json: field cases[0].id: missing"},
    {"\"id\": \"div/float32/t\"", "\"id\": 7", 0, "v/manifest.json: field cases[0].id: must be a string"},
    {"\"id\": \"div/float32/t\"", "\"id\": \"\"", 0, "v/manifest.json: field cases[0].id: empty"},
    {"\"op\": \"Div\"", "\"op\": \"Add\"", 0,
     "v/manifest.json: field cases[0].op: unknown op \"Add\"; sonnx-cts covers Div, Mul, Pow, Less"},
    {"\"op\": \"Div\"", "\"op\": \"div\"", 0, "v/manifest.json: field cases[0].op: unknown op \"div\""},
    {"\"domain\": \"\"", "\"domain\": \"com.x\"", 0, "v/manifest.json: field cases[0].domain: \"com.x\""},
    {"\"opset\": 14", "\"opset\": 0", 0,
     "v/manifest.json: field cases[0].opset: 0 is not an integer in the allowed range"},
    {"\"opset\": 14", "\"opset\": \"14\"", 0, "v/manifest.json: field cases[0].opset: must be an integer"},
    {"\"dtype\": \"float32\", \"shape\": [2, 3]", "\"dtype\": \"float8\", \"shape\": [2, 3]", 0,
     "v/manifest.json: field cases[0].inputs[0].dtype: unknown dtype \"float8\""},
    {"\"dtype\": \"float32\", \"shape\": [2, 3]", "\"dtype\": \"FLOAT\", \"shape\": [2, 3]", 0,
     "v/manifest.json: field cases[0].inputs[0].dtype: unknown dtype \"FLOAT\""},
    {"\"shape\": [2, 3]", "\"shape\": [-2, 3]", 0,
     "v/manifest.json: field cases[0].inputs[0].shape[0]: -2 is not an integer in the allowed range"},
    {"\"shape\": [2, 3]", "\"shape\": [2.5, 3]", 0,
     "v/manifest.json: field cases[0].inputs[0].shape[0]: 2.5 is not an integer in the allowed range"},
    {"\"shape\": [2, 3]", "\"shape\": [1, 1, 1, 1, 1, 1, 1, 2, 3]", 0,
     "v/manifest.json: field cases[0].inputs[0].shape: rank 9 exceeds the maximum of 8"},
    {"\"shape\": [2, 3]", "\"shape\": \"2x3\"", 0,
     "v/manifest.json: field cases[0].inputs[0].shape: must be an array of non-negative integers"},
    {"\"shape\": [2, 3]", "\"shape\": [4294967296, 4294967296, 4294967296]", 0,
     "v/manifest.json: field cases[0].inputs[0].shape: element count or byte size overflows 64 bits"},
    {"{\"name\": \"A\", \"dtype\": \"float32\", \"shape\": [2, 3]},\n", "", 0,
     "v/manifest.json: field cases[0].inputs: 1 entries; Div, Mul, Pow, Less have 2"},
    {"\"name\": \"A\"", "\"dtype\": \"int8\"", 0,
     "v/manifest.json: field cases[0].inputs[0]: duplicate key \"dtype\""},
    {"\"path\": \"div/float32/t\"", "\"path\": \"../outside\"", 0,
     "v/manifest.json: field cases[0].path: '..' component escapes the vectors directory"},
    {"\"path\": \"div/float32/t\"", "\"path\": \"/etc\"", 0,
     "v/manifest.json: field cases[0].path: absolute path; must be relative to the vectors directory"},
    {"\"path\": \"div/float32/t\"", "\"path\": \"div//t\"", 0,
     "v/manifest.json: field cases[0].path: empty path component"},
    {"\"path\": \"div/float32/t\"", "\"path\": \"div/./t\"", 0,
     "v/manifest.json: field cases[0].path: '.' component; paths must be normalised"},
    {"\"model.onnx\"", "\"../../etc/passwd\"", 0,
     "v/manifest.json: field cases[0].files[\"../../etc/passwd\"]: '..' component escapes"},
    {"\"model.onnx\": \"" SHA_A "\"", "\"model.onnx\": \"" SHA_A "0\"", 0,
     "v/manifest.json: field cases[0].files[\"model.onnx\"]: \"" SHA_A "0\" is not 64 lowercase hex digits"},
    {"\"model.onnx\": \"" SHA_A "\"", "\"model.onnx\": \"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\"", 0,
     "v/manifest.json: field cases[0].files[\"model.onnx\"]: \"AAAA"},
    {"\"model.onnx\": \"" SHA_A "\"", "\"model.onnx\": 5", 0,
     "v/manifest.json: field cases[0].files[\"model.onnx\"]: must be a sha256 string"},
    {"\"test_data_set_0/input_1.pb\"", "\"test_data_set_0/input_7.pb\"", 0,
     "v/manifest.json: field cases[0].files: no entry for \"test_data_set_0/input_1.pb\""},
    {"\"test_data_set_0/output_0.pb\"", "\"test_data_set_0/output_9.pb\"", 0,
     "v/manifest.json: field cases[0].files: no entry for \"test_data_set_0/output_0.pb\", which an expectation \"values\" case needs"},
    {"\"files\"", "\"filez\"", 0, "v/manifest.json: field cases[0].files: missing"},
    {"\"name\": \"C\", \"dtype\": \"float32\", \"shape\": [2, 3]", "\"name\": \"C\", \"dtype\": \"float32\", \"shape\": [2, 2]", 0,
     "v/manifest.json: field cases[0].outputs[0].shape: [2, 2], but inputs [2, 3] and [3] broadcast to [2, 3]"},
    {"\"shape\": [3]", "\"shape\": [4]", 0,
     "v/manifest.json: field cases[0].outputs[0].shape: inputs [2, 3] and [4] do not broadcast"},
    {"\"name\": \"B\", \"dtype\": \"float32\"", "\"name\": \"B\", \"dtype\": \"float64\"", 0,
     "v/manifest.json: field cases[0].inputs[1].dtype: float32 and float64: Div requires both inputs of one type T"},
    {"\"name\": \"C\", \"dtype\": \"float32\"", "\"name\": \"C\", \"dtype\": \"int32\"", 0,
     "v/manifest.json: field cases[0].outputs[0].dtype: int32; Div with input float32 yields float32"},
    {"{\"kind\": \"exact\"}", "{\"kind\": \"ulp\", \"max\": 1}", 0,
     "v/manifest.json: field cases[0].tolerance: 1 ULP is looser than the policy for Div float32 (0 ULP)"},
    {"{\"kind\": \"exact\"}", "{\"kind\": \"ulp\"}", 0, "v/manifest.json: field cases[0].tolerance.max: missing"},
    {"{\"kind\": \"exact\"}", "{\"kind\": \"loose\"}", 0,
     "v/manifest.json: field cases[0].tolerance.kind: unknown kind \"loose\""},
    {"{\"kind\": \"exact\"}", "\"exact\"", 0, "v/manifest.json: field cases[0].tolerance: must be"},
    {"\"expectation\": \"values\"", "\"expectation\": \"pass\"", 0,
     "v/manifest.json: field cases[0].expectation: unknown expectation \"pass\""},
    {"\"profiles\": [\"onnx\", \"sonnx\"]", "\"profiles\": [\"safe\"]", 0,
     "v/manifest.json: field cases[0].profiles[0]: unknown profile \"safe\""},
    {"\"profiles\": [\"onnx\", \"sonnx\"]", "\"profiles\": []", 0,
     "v/manifest.json: field cases[0].profiles: empty"},
    {"\"tags\": [\"special\", \"bcast\"]", "\"tags\": [\"special\", 3]", 0,
     "v/manifest.json: field cases[0].tags[1]: must be a string"},
    {"\"description\": \"d\"", "\"description\": 1", 0,
     "v/manifest.json: field cases[0].description: must be a string"},
    {"\"description\": \"d\"", "\"op\": \"Mul\"", 0, "v/manifest.json: field cases[0]: duplicate key \"op\""},
    {"\"expectation\": \"values\"", "\"expectation\": \"values\", \"expectation\": \"reject\"", 0,
     "v/manifest.json: field cases[0]: duplicate key \"expectation\""},
};

START_TEST(reports_each_break)
{
    char *text = edited(broken[_i].find, broken[_i].repl);
    sct_vector_set set;
    memset(&set, 0, sizeof set);
    char err[1024] = "";
    int rc = sct_manifest_parse(text, strlen(text), "v/manifest.json", &set, err, sizeof err);
    if (broken[_i].fatal) {
        ck_assert_int_ne(rc, 0);
        ck_assert_msg(strncmp(err, broken[_i].expect, strlen(broken[_i].expect)) == 0,
                      "got \"%s\", want \"%s\"", err, broken[_i].expect);
        ck_assert_msg(strstr(err, "v/manifest.json: field ") == err, "format: \"%s\"", err);
    } else {
        ck_assert_msg(rc == 0, "unexpected fatal: %s", err);
        ck_assert_uint_eq(set.n_cases, 1);
        const sct_case *c = &set.cases[0];
        ck_assert_msg(c->error != NULL, "no error, want \"%s\"", broken[_i].expect);
        ck_assert_msg(strncmp(c->error, broken[_i].expect, strlen(broken[_i].expect)) == 0,
                      "got \"%s\", want \"%s\"", c->error, broken[_i].expect);
        /* case.h: the slot stays usable for reporting. */
        ck_assert_ptr_nonnull(c->id);
        ck_assert_ptr_nonnull(c->op_type);
        ck_assert_ptr_nonnull(c->relpath);
    }
    sct_vector_set_free(&set);
    free(text);
}
END_TEST

/* An escaped backslash followed by u0000 is the six characters \u0000,
 * not a NUL: accepted verbatim. */
START_TEST(escaped_backslash_u0000_is_text)
{
    char *text = edited("\"description\": \"d\"", "\"description\": \"d\\\\u0000\"");
    sct_vector_set set;
    memset(&set, 0, sizeof set);
    char err[1024] = "";
    ck_assert_msg(sct_manifest_parse(text, strlen(text), "v/manifest.json", &set, err, sizeof err) == 0,
                  "%s", err);
    ck_assert_ptr_null(set.cases[0].error);
    ck_assert_str_eq(set.cases[0].description, "d\\u0000");
    sct_vector_set_free(&set);
    free(text);
}
END_TEST

START_TEST(duplicate_ids_mark_the_later_slots)
{
    const char *one = strstr(base, "  {\"id\"");
    const char *end = strstr(base, " ]}\n");
    size_t case_len = (size_t)(end - one) - 1; /* without the final newline */
    size_t head = (size_t)(one - base);
    char *text = malloc(sizeof base + 3 * case_len + 16);
    memcpy(text, base, head);
    size_t pos = head;
    for (int k = 0; k < 3; k++) {
        if (k) {
            text[pos++] = ',';
            text[pos++] = '\n';
        }
        memcpy(text + pos, one, case_len);
        pos += case_len;
    }
    strcpy(text + pos, "\n ]}\n");
    sct_vector_set set;
    memset(&set, 0, sizeof set);
    char err[1024] = "";
    ck_assert_msg(sct_manifest_parse(text, strlen(text), "v/manifest.json", &set, err, sizeof err) == 0,
                  "%s", err);
    ck_assert_uint_eq(set.n_cases, 3);
    ck_assert_ptr_null(set.cases[0].error);
    ck_assert_str_eq(set.cases[1].error,
                     "v/manifest.json: field cases[1].id: duplicate id \"div/float32/t\" (first used by cases[0])");
    ck_assert_str_eq(set.cases[2].error,
                     "v/manifest.json: field cases[2].id: duplicate id \"div/float32/t\" (first used by cases[0])");
    ck_assert_uint_eq(set.n_errors, 2);
    sct_vector_set_free(&set);
    free(text);
}
END_TEST

START_TEST(non_object_case_keeps_a_slot)
{
    static const char text[] =
        "{\"format\": \"sonnx-cts-vectors\", \"format_version\": \"1.0\", \"cases\": [42]}";
    sct_vector_set set;
    memset(&set, 0, sizeof set);
    char err[1024] = "";
    ck_assert_int_eq(sct_manifest_parse(text, strlen(text), "v/manifest.json", &set, err, sizeof err), 0);
    ck_assert_uint_eq(set.n_cases, 1);
    ck_assert_str_eq(set.cases[0].id, "cases[0]");
    ck_assert_str_eq(set.cases[0].error, "v/manifest.json: field cases[0]: case entry must be an object");
    sct_vector_set_free(&set);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("manifest");
    TCase *tc = tcase_create("manifest");
    tcase_add_test(tc, parses_valid_manifest);
    tcase_add_test(tc, pow_float_may_have_one_ulp_and_no_crash_needs_no_output);
    tcase_add_loop_test(tc, reports_each_break, 0, (int)(sizeof broken / sizeof broken[0]));
    tcase_add_test(tc, duplicate_ids_mark_the_later_slots);
    tcase_add_test(tc, escaped_backslash_u0000_is_text);
    tcase_add_test(tc, non_object_case_keeps_a_slot);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
