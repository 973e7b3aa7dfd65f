/*
 * test_manifest.c — manifest.json as an index (sct_manifest_open) and its
 * entries materialised one at a time (sct_manifest_case): a valid manifest
 * gives the fields of case.h; each table entry breaks the valid manifest in
 * one place and names the exact message expected; duplicate ids are found
 * with and without hash collisions.  Manifests are written to a temporary
 * directory (the index reads files).
 */
#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "manifest.h"
#include "set_build.h"
#include "sct_check_main.h"

static char dir[256];

static void setup(void)
{
    snprintf(dir, sizeof dir, "/tmp/sct_manifest_test_XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
}

static void teardown(void)
{
    char path[512];
    snprintf(path, sizeof path, "%s/manifest.json", dir);
    unlink(path);
    rmdir(dir);
}

/* Writes `len` bytes as dir/manifest.json and opens it with `hash` (NULL:
 * the default); the caller frees *set with sct_vector_set_free. */
static int open_text_hashed(const char *text, size_t len, sct_manifest_id_hash_fn hash,
                            sct_vector_set *set, char *err, size_t cap)
{
    char path[512];
    snprintf(path, sizeof path, "%s/manifest.json", dir);
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(text, 1, len, f), len);
    ck_assert_int_eq(fclose(f), 0);
    memset(set, 0, sizeof *set);
    return sct_manifest_open(path, "v/manifest.json", hash, set, err, cap);
}

static int open_text(const char *text, size_t len, sct_vector_set *set, char *err, size_t cap)
{
    return open_text_hashed(text, len, NULL, set, err, cap);
}

/* Entry i materialised into the set's slot (no file checks: those belong
 * to sct_vector_set_case, test_vector_set.c). */
static const sct_case *entry(sct_vector_set *set, size_t i)
{
    ck_assert_ptr_nonnull(set->manifest);
    ck_assert_uint_lt(i, set->n_cases);
    sct_case_free_fields(&set->manifest->slot);
    sct_manifest_case(set->manifest, i, &set->manifest->slot);
    set->manifest->slot_index = i;
    set->manifest->slot_full = true;
    return &set->manifest->slot;
}

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
    ck_assert_msg(open_text(base, strlen(base), &set, err, sizeof err) == 0,
                  "%s", err);
    ck_assert_uint_eq(set.n_cases, 1);
    const sct_case *c = entry(&set, 0);
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
    ck_assert_msg(open_text(text, strlen(text), &set, err, sizeof err) == 0,
                  "%s", err);
    const sct_case *c = entry(&set, 0);
    ck_assert_msg(c->error == NULL, "%s", c->error);
    ck_assert_uint_eq(c->max_ulp, 1);
    ck_assert_int_eq(c->expectation, SCT_EXPECT_NO_CRASH);
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
     "v/manifest.json: invalid JSON at line 5, column 12"},
    {" ]}\n", " ]} x\n", 1,
     "v/manifest.json: invalid JSON at line 15, column 5 (byte 1047): unexpected text after the JSON value"},
    {"\"op\": \"Div\"", "\"op\": \"Div\\u0000x\"", 1,
     "v/manifest.json: invalid JSON at line 6, column 62: \\u0000 (NUL) inside a string is refused"},
    {"\"description\": \"d\"", "\"description\": \"d\x01\"", 1,
     "v/manifest.json: invalid JSON at line 12, column 21: raw control character; JSON requires an escape"},
    {"\"sonnx-cts-vectors\"", "\"other\"", 1, "v/manifest.json: field format: not \"sonnx-cts-vectors\""},
    {"\"format\": \"sonnx-cts-vectors\",", "", 1, "v/manifest.json: field format: missing"},
    {"\"1.0\"", "\"2.0\"", 1, "v/manifest.json: field format_version: \"2.0\" is not supported"},
    {"\"1.0\"", "1", 1, "v/manifest.json: field format_version: must be a string"},
    {"\"cases\": [", "\"cases\": {\"x\": [", 1, "v/manifest.json: invalid JSON at line 16, column 1 (byte 1053): expected ',' or '}' after an object member"},
    {"\"cases\"", "\"cases\": 3, \"old_cases\"", 1, "v/manifest.json: field cases: must be an array"},
    {"\"requirements_catalogue\"", "\"format\"", 1, "v/manifest.json: field (top level): duplicate key \"format\""},
    {"\"id\": \"div/float32/t\", ", "", 0, "v/manifest.json: field cases[0].id: missing"},
    {"\"id\": \"div/float32/t\"", "\"id\": 7", 0, "v/manifest.json: field cases[0].id: must be a string"},
    {"\"id\": \"div/float32/t\"", "\"id\": \"\"", 0, "v/manifest.json: field cases[0].id: empty"},
    {"\"op\": \"Div\"", "\"op\": \"Tanh\"", 0,
     "v/manifest.json: field cases[0].op: unknown op \"Tanh\"; sonnx-cts covers Div, Mul, Pow, Less, Sub, Add, Abs, Sqrt"},
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
     "v/manifest.json: field cases[0].inputs: 1 input; Div takes 2 (ops/operators.json)"},
    /* The op's arity is the registry's: three inputs fit the case model but
     * not Div, four fit no op; Abs takes one. */
    {"{\"name\": \"A\", \"dtype\": \"float32\", \"shape\": [2, 3]},\n",
     "{\"name\": \"A\", \"dtype\": \"float32\", \"shape\": [2, 3]},\n"
     "{\"name\": \"X\", \"dtype\": \"float32\", \"shape\": [3]},\n", 0,
     "v/manifest.json: field cases[0].inputs: 3 inputs; Div takes 2 (ops/operators.json)"},
    {"{\"name\": \"A\", \"dtype\": \"float32\", \"shape\": [2, 3]},\n",
     "{\"name\": \"A\", \"dtype\": \"float32\", \"shape\": [2, 3]},\n"
     "{\"name\": \"X\", \"dtype\": \"float32\", \"shape\": [3]},\n"
     "{\"name\": \"W\", \"dtype\": \"float32\", \"shape\": [3]},\n", 0,
     "v/manifest.json: field cases[0].inputs: 4 entries; at most 3"},
    {"\"op\": \"Div\", \"domain\": \"\", \"opset\": 14", "\"op\": \"Abs\", \"domain\": \"\", \"opset\": 13", 0,
     "v/manifest.json: field cases[0].inputs: 2 inputs; Abs takes 1 (ops/operators.json)"},
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
    int rc = open_text(text, strlen(text), &set, err, sizeof err);
    if (broken[_i].fatal) {
        ck_assert_int_ne(rc, 0);
        ck_assert_msg(strncmp(err, broken[_i].expect, strlen(broken[_i].expect)) == 0,
                      "got \"%s\", want \"%s\"", err, broken[_i].expect);
        ck_assert_msg(strstr(err, "v/manifest.json: ") == err, "format: \"%s\"", err);
    } else {
        ck_assert_msg(rc == 0, "unexpected fatal: %s", err);
        ck_assert_uint_eq(set.n_cases, 1);
        const sct_case *c = entry(&set, 0);
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
    ck_assert_msg(open_text(text, strlen(text), &set, err, sizeof err) == 0,
                  "%s", err);
    const sct_case *c = entry(&set, 0);
    ck_assert_ptr_null(c->error);
    ck_assert_str_eq(c->description, "d\\u0000");
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
    ck_assert_msg(open_text(text, strlen(text), &set, err, sizeof err) == 0,
                  "%s", err);
    ck_assert_uint_eq(set.n_cases, 3);
    ck_assert_ptr_null(entry(&set, 0)->error);
    ck_assert_str_eq(entry(&set, 1)->error,
                     "v/manifest.json: field cases[1].id: duplicate id \"div/float32/t\" (first used by cases[0])");
    ck_assert_str_eq(entry(&set, 2)->error,
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
    ck_assert_int_eq(open_text(text, strlen(text), &set, err, sizeof err), 0);
    ck_assert_uint_eq(set.n_cases, 1);
    const sct_case *c = entry(&set, 0);
    ck_assert_str_eq(c->id, "cases[0]");
    ck_assert_str_eq(c->error, "v/manifest.json: field cases[0]: case entry must be an object");
    sct_vector_set_free(&set);
}
END_TEST

/* ------------------------------------------------------- duplicate ids */

static uint64_t constant_hash(const char *id)
{
    (void)id;
    return 42; /* every id collides: only the comparison of ids decides */
}

static uint64_t first_byte_hash(const char *id)
{
    return (unsigned char)id[0];
}

/* A manifest of the base case repeated with the given ids ("-": no id, the
 * slot is then called "cases[k]"); caller frees. */
static char *with_ids(const char *const *ids, size_t n)
{
    const char *one = strstr(base, "  {\"id\"");
    const char *end = strstr(base, " ]}\n");
    const char *id_at = strstr(base, "\"id\": \"div/float32/t\", ");
    size_t id_len = strlen("\"id\": \"div/float32/t\", ");
    size_t head = (size_t)(one - base), case_len = (size_t)(end - one) - 1;
    char *text = malloc(sizeof base + n * (case_len + 64) + 16);
    memcpy(text, base, head);
    size_t pos = head;
    for (size_t k = 0; k < n; k++) {
        if (k) {
            text[pos++] = ',';
            text[pos++] = '\n';
        }
        size_t before = (size_t)(id_at - one);
        memcpy(text + pos, one, before);
        pos += before;
        if (strcmp(ids[k], "-") != 0)
            pos += (size_t)sprintf(text + pos, "\"id\": \"%s\", ", ids[k]);
        size_t after = case_len - before - id_len;
        memcpy(text + pos, id_at + id_len, after);
        pos += after;
    }
    strcpy(text + pos, "\n ]}\n");
    return text;
}

#define MAX_IDS 6
static const struct {
    const char *ids[MAX_IDS];
    size_t n;
    sct_manifest_id_hash_fn hash;
    int first[MAX_IDS]; /* -1: not a duplicate; else the slot that first used the id */
} dup_rows[] = {
    {{"a", "b", "a", "c", "b"}, 5, NULL, {-1, -1, 0, -1, 1}},
    {{"a", "b", "a", "c", "b"}, 5, constant_hash, {-1, -1, 0, -1, 1}},
    /* Collisions only: nothing is a duplicate. */
    {{"a", "b", "c", "d"}, 4, constant_hash, {-1, -1, -1, -1}},
    {{"ab", "ac", "ab", "ad", "ac"}, 5, first_byte_hash, {-1, -1, 0, -1, 1}},
    {{"x", "x", "x"}, 3, constant_hash, {-1, 0, 0}},
    {{"x", "x", "x"}, 3, NULL, {-1, 0, 0}},
    /* An entry without id is known as "cases[k]", and so is its duplicate
     * check (as when the manifest was read whole). */
    {{"-", "b", "cases[0]", "-"}, 4, NULL, {-1, -1, 0, -1}},
    {{"-", "b", "cases[0]", "-"}, 4, constant_hash, {-1, -1, 0, -1}},
};

START_TEST(duplicate_ids_with_and_without_collisions)
{
    char *text = with_ids(dup_rows[_i].ids, dup_rows[_i].n);
    sct_vector_set set;
    char err[1024] = "";
    ck_assert_msg(open_text_hashed(text, strlen(text), dup_rows[_i].hash, &set, err, sizeof err) == 0,
                  "%s", err);
    ck_assert_uint_eq(set.n_cases, dup_rows[_i].n);
    size_t n_dup = 0;
    for (size_t k = 0; k < dup_rows[_i].n; k++) {
        const sct_case *c = entry(&set, k);
        int first = dup_rows[_i].first[k];
        char want[1024];
        if (first < 0) {
            if (strcmp(dup_rows[_i].ids[k], "-") == 0) {
                snprintf(want, sizeof want, "v/manifest.json: field cases[%zu].id: missing", k);
                ck_assert_str_eq(c->error, want);
            } else {
                ck_assert_msg(c->error == NULL, "slot %zu: %s", k, c->error);
            }
            continue;
        }
        snprintf(want, sizeof want,
                 "v/manifest.json: field cases[%zu].id: duplicate id \"%s\" (first used by cases[%d])",
                 k, dup_rows[_i].ids[k], first);
        ck_assert_str_eq(c->error, want);
        /* Set-level list, in slot order. */
        ck_assert_uint_lt(n_dup, set.n_errors);
        ck_assert_str_eq(set.errors[n_dup], want);
        n_dup++;
    }
    ck_assert_uint_eq(set.n_errors, n_dup);
    sct_vector_set_free(&set);
    free(text);
}
END_TEST

/* ---------------------------------------------- streaming \u0000 search */

/* The index reads 64 KiB chunks: a \u0000 (or an escaped backslash before
 * u0000) straddling a chunk boundary must be judged as within one. */
START_TEST(nul_escape_across_chunk_boundaries)
{
    const size_t boundary = 65536;
    int shift = _i / 2 - 4;        /* backslash from 4 bytes before to 3 after */
    bool escaped = (_i % 2) != 0;  /* "\\u0000" is text, "\u0000" a NUL */
    const char *at = strstr(base, "\"description\": \"d\"");
    size_t value = (size_t)(at - base) + strlen("\"description\": \"");
    size_t pad = boundary + (size_t)shift - value - (escaped ? 1 : 0);
    char *repl = malloc(pad + 32);
    ck_assert_ptr_nonnull(repl);
    size_t r = (size_t)sprintf(repl, "\"description\": \"");
    for (size_t k = 0; k < pad; k++)
        repl[r + k] = 'p';
    r += pad;
    strcpy(repl + r, escaped ? "\\\\u0000\"" : "\\u0000\"");
    char *text = edited("\"description\": \"d\"", repl);
    ck_assert_uint_eq((size_t)(strstr(text, "\\u0000") - text), boundary + (size_t)shift);
    sct_vector_set set;
    char err[1024] = "";
    int rc = open_text(text, strlen(text), &set, err, sizeof err);
    if (escaped) {
        ck_assert_msg(rc == 0, "%s", err);
        ck_assert_ptr_null(entry(&set, 0)->error);
    } else {
        char want[256];
        snprintf(want, sizeof want,
                 "v/manifest.json: invalid JSON at line 12, column %zu: "
                 "\\u0000 (NUL) inside a string is refused",
                 strlen("   \"description\": \"") + pad + 1);
        ck_assert_int_ne(rc, 0);
        ck_assert_str_eq(err, want);
    }
    sct_vector_set_free(&set);
    free(text);
    free(repl);
}
END_TEST

/* An entry above SCT_IO_MAX_MANIFEST_ENTRY_BYTES refuses the manifest: it
 * would be parsed in one piece. */
START_TEST(oversized_entry_is_refused)
{
    size_t pad = (size_t)SCT_IO_MAX_MANIFEST_ENTRY_BYTES;
    const char *key = "\"description\": \"";
    size_t r = strlen(key);
    char *repl = malloc(r + pad + 2);
    ck_assert_ptr_nonnull(repl);
    memcpy(repl, key, r);
    for (size_t k = 0; k < pad; k++)
        repl[r + k] = 'p';
    memcpy(repl + r + pad, "\"", 2);
    char *text = edited("\"description\": \"d\"", repl);
    sct_vector_set set;
    char err[1024] = "";
    ck_assert_int_ne(open_text(text, strlen(text), &set, err, sizeof err), 0);
    const char *want = "v/manifest.json: element 0 of \"cases\" (line 14) is ";
    ck_assert_msg(strncmp(err, want, strlen(want)) == 0, "%s", err);
    ck_assert_msg(strstr(err, "above the limit of 1048576") != NULL, "%s", err);
    sct_vector_set_free(&set);
    free(text);
    free(repl);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("manifest");
    TCase *tc = tcase_create("manifest");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, parses_valid_manifest);
    tcase_add_test(tc, pow_float_may_have_one_ulp_and_no_crash_needs_no_output);
    tcase_add_loop_test(tc, reports_each_break, 0, (int)(sizeof broken / sizeof broken[0]));
    tcase_add_test(tc, duplicate_ids_mark_the_later_slots);
    tcase_add_test(tc, escaped_backslash_u0000_is_text);
    tcase_add_test(tc, non_object_case_keeps_a_slot);
    tcase_add_loop_test(tc, duplicate_ids_with_and_without_collisions, 0,
                        (int)(sizeof dup_rows / sizeof dup_rows[0]));
    tcase_add_loop_test(tc, nul_escape_across_chunk_boundaries, 0, 16);
    tcase_add_test(tc, oversized_entry_is_refused);
    suite_add_tcase(s, tc);
    return sct_check_run_suite(s);
}
