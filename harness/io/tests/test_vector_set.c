/*
 * test_vector_set.c — sct_vector_set_open / sct_case_load on real
 * directories written by the test: a healthy manifest set, tampering,
 * missing files, symbolic links out of the set, declarations that disagree
 * with the files, the no-manifest (ONNX backend-test) layout, and the
 * default tolerance table.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "case.h"
#include "pb_build.h"
#include "sha256.h"

static char root[256];

/* Div float32 [2]: A = {6, 1}, B = {3, 4}, C = {2, 0.25}. */
static const float a_vals[2] = {6.0f, 1.0f}, b_vals[2] = {3.0f, 4.0f}, c_vals[2] = {2.0f, 0.25f};
static const int64_t dim2[1] = {2}, dim3[1] = {3};

typedef struct case_files {
    char model[65], in0[65], in1[65], out0[65];
} case_files;

static void write_hashed(const char *rel, uint8_t *buf, size_t len, char hex[65])
{
    pb_write(root, rel, buf, len);
    sct_sha256_hex(buf, len, hex);
    free(buf);
}

/* Writes a healthy Div case under root/<dir>/ and returns the digests. */
static void write_case(const char *dir, const char *op, case_files *h)
{
    char rel[512];
    size_t len;
    snprintf(rel, sizeof rel, "%s/model.onnx", dir);
    uint8_t *buf;
    buf = pb_model(op, 14, 1, 1, 1, 2, &len);
    write_hashed(rel, buf, len, h->model);
    snprintf(rel, sizeof rel, "%s/test_data_set_0/input_0.pb", dir);
    buf = pb_tensor_raw(1, 1, dim2, a_vals, sizeof a_vals, &len);
    write_hashed(rel, buf, len, h->in0);
    snprintf(rel, sizeof rel, "%s/test_data_set_0/input_1.pb", dir);
    buf = pb_tensor_raw(1, 1, dim2, b_vals, sizeof b_vals, &len);
    write_hashed(rel, buf, len, h->in1);
    snprintf(rel, sizeof rel, "%s/test_data_set_0/output_0.pb", dir);
    buf = pb_tensor_raw(1, 1, dim2, c_vals, sizeof c_vals, &len);
    write_hashed(rel, buf, len, h->out0);
}

static void manifest_entry(char *out, size_t cap, const char *id, const case_files *h)
{
    snprintf(out, cap,
             "{\"id\": \"%s\", \"path\": \"%s\", \"op\": \"Div\", \"domain\": \"\", \"opset\": 14,"
             " \"inputs\": [{\"name\": \"A\", \"dtype\": \"float32\", \"shape\": [2]},"
             " {\"name\": \"B\", \"dtype\": \"float32\", \"shape\": [2]}],"
             " \"outputs\": [{\"name\": \"C\", \"dtype\": \"float32\", \"shape\": [2]}],"
             " \"tolerance\": {\"kind\": \"exact\"}, \"expectation\": \"values\", \"profiles\": [\"onnx\"],"
             " \"files\": {\"model.onnx\": \"%s\", \"test_data_set_0/input_0.pb\": \"%s\","
             " \"test_data_set_0/input_1.pb\": \"%s\", \"test_data_set_0/output_0.pb\": \"%s\"}}",
             id, id, h->model, h->in0, h->in1, h->out0);
}

/* A set of two cases "good" and "bad"; returns after writing manifest.json. */
static void write_two_case_set(case_files *good, case_files *bad)
{
    write_case("good", "Div", good);
    write_case("bad", "Div", bad);
    char e1[2048], e2[2048], text[4600];
    manifest_entry(e1, sizeof e1, "good", good);
    manifest_entry(e2, sizeof e2, "bad", bad);
    snprintf(text, sizeof text,
             "{\"format\": \"sonnx-cts-vectors\", \"format_version\": \"1.0\", \"cases\": [%s, %s]}", e1, e2);
    pb_write(root, "manifest.json", text, strlen(text));
}

static void setup(void)
{
    snprintf(root, sizeof root, "/tmp/sct_io_test_XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(root));
}

static void teardown(void)
{
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "rm -rf '%s' '%s.outside'", root, root);
    if (system(cmd) != 0)
        fprintf(stderr, "cleanup of %s failed\n", root);
}

/* Opens the set and loads case `index`; returns the load error or "" */
static void open_and_load(size_t index, char *err, size_t cap, sct_case_data *data, sct_vector_set *set)
{
    char open_err[1024] = "";
    ck_assert_msg(sct_vector_set_open(root, set, open_err, sizeof open_err) == 0, "%s", open_err);
    ck_assert_uint_gt(set->n_cases, index);
    err[0] = '\0';
    if (sct_case_load(set, &set->cases[index], data, err, cap) != 0)
        ck_assert_msg(err[0] != '\0', "failed load without message");
}

START_TEST(healthy_set_loads)
{
    case_files g, b;
    write_two_case_set(&g, &b);
    sct_vector_set set;
    sct_case_data data;
    char err[1024];
    open_and_load(0, err, sizeof err, &data, &set);
    ck_assert_msg(err[0] == '\0', "%s", err);
    ck_assert_str_eq(set.cases[0].id, "good");
    ck_assert_ptr_nonnull(set.manifest_path);
    ck_assert_uint_eq(strlen(set.set_sha256), 64);
    ck_assert_uint_eq(data.n_inputs, 2);
    ck_assert_uint_eq(data.n_expected, 1);
    ck_assert_uint_eq(data.inputs[1].nbytes, 8);
    ck_assert_mem_eq(data.inputs[0].data, a_vals, 8);
    ck_assert_mem_eq(data.inputs[1].data, b_vals, 8);
    ck_assert_mem_eq(data.expected[0].data, c_vals, 8);
    ck_assert_int_eq(data.expected[0].dims[0], 2);
    sct_case_data_free(&data);
    sct_vector_set_free(&set);
}
END_TEST

START_TEST(tampered_file_is_reported_and_neighbour_still_loads)
{
    case_files g, b;
    write_two_case_set(&g, &b);
    /* Change one element of bad's input after the manifest was written. */
    static const float evil[2] = {6.0f, 2.0f};
    size_t len;
    uint8_t *buf = pb_tensor_raw(1, 1, dim2, evil, sizeof evil, &len);
    char now[65];
    sct_sha256_hex(buf, len, now);
    pb_write(root, "bad/test_data_set_0/input_0.pb", buf, len);
    free(buf);
    sct_vector_set set;
    sct_case_data data;
    char err[1024], want[1024];
    open_and_load(1, err, sizeof err, &data, &set);
    snprintf(want, sizeof want,
             "%s/bad/test_data_set_0/input_0.pb: field sha256: tampering: the manifest says %s, the file has %s",
             root, b.in0, now);
    ck_assert_str_eq(err, want);
    ck_assert_ptr_null(data.inputs[0].data);
    ck_assert_int_eq(sct_case_load(&set, &set.cases[0], &data, err, sizeof err), 0);
    sct_case_data_free(&data);
    sct_vector_set_free(&set);
}
END_TEST

START_TEST(missing_file_is_an_error_slot)
{
    case_files g, b;
    write_two_case_set(&g, &b);
    char path[512];
    snprintf(path, sizeof path, "%s/bad/test_data_set_0/output_0.pb", root);
    ck_assert_int_eq(unlink(path), 0);
    sct_vector_set set;
    char err[1024] = "", want[1024];
    ck_assert_int_eq(sct_vector_set_open(root, &set, err, sizeof err), 0);
    ck_assert_uint_eq(set.n_cases, 2);
    ck_assert_ptr_null(set.cases[0].error);
    snprintf(want, sizeof want,
             "%s/bad/test_data_set_0/output_0.pb: field (file): missing (named by case \"bad\" of manifest.json)",
             root);
    ck_assert_str_eq(set.cases[1].error, want);
    sct_case_data data;
    ck_assert_int_ne(sct_case_load(&set, &set.cases[1], &data, err, sizeof err), 0);
    ck_assert_str_eq(err, want);
    sct_vector_set_free(&set);
}
END_TEST

START_TEST(symlink_out_of_the_set_is_refused)
{
    case_files g, b;
    write_two_case_set(&g, &b);
    char outside[512], link[512], want[1024];
    snprintf(outside, sizeof outside, "%s.outside", root);
    size_t len;
    uint8_t *buf = pb_tensor_raw(1, 1, dim2, a_vals, sizeof a_vals, &len);
    FILE *f = fopen(outside, "wb");
    ck_assert_ptr_nonnull(f);
    fwrite(buf, 1, len, f);
    fclose(f);
    free(buf);
    snprintf(link, sizeof link, "%s/bad/test_data_set_0/input_0.pb", root);
    ck_assert_int_eq(unlink(link), 0);
    ck_assert_int_eq(symlink(outside, link), 0);
    sct_vector_set set;
    char err[1024];
    ck_assert_int_eq(sct_vector_set_open(root, &set, err, sizeof err), 0);
    snprintf(want, sizeof want,
             "%s/bad/test_data_set_0/input_0.pb: field (file): resolves outside the vectors directory",
             root);
    ck_assert_ptr_nonnull(set.cases[1].error);
    ck_assert_msg(strncmp(set.cases[1].error, want, strlen(want)) == 0, "%s", set.cases[1].error);
    ck_assert_ptr_null(set.cases[0].error);
    sct_vector_set_free(&set);
}
END_TEST

START_TEST(tensor_shape_must_match_declaration)
{
    case_files g, b;
    write_case("good", "Div", &g);
    /* input_1 has shape [3] while the manifest declares [2]. */
    static const float three[3] = {1, 2, 3};
    size_t len;
    uint8_t *buf = pb_tensor_raw(1, 1, dim3, three, sizeof three, &len);
    pb_write(root, "good/test_data_set_0/input_1.pb", buf, len);
    sct_sha256_hex(buf, len, g.in1);
    free(buf);
    (void)b;
    char e1[2048], text[2400], want[1024];
    manifest_entry(e1, sizeof e1, "good", &g);
    snprintf(text, sizeof text,
             "{\"format\": \"sonnx-cts-vectors\", \"format_version\": \"1.0\", \"cases\": [%s]}", e1);
    pb_write(root, "manifest.json", text, strlen(text));
    sct_vector_set set;
    sct_case_data data;
    char err[1024];
    open_and_load(0, err, sizeof err, &data, &set);
    snprintf(want, sizeof want,
             "%s/good/test_data_set_0/input_1.pb: field dims: [3]; the case declares input B as [2]", root);
    ck_assert_str_eq(err, want);
    sct_vector_set_free(&set);
}
END_TEST

START_TEST(model_must_match_manifest_op)
{
    case_files g;
    write_case("good", "Mul", &g); /* model says Mul, manifest says Div */
    char e1[2048], text[2400], want[1024];
    manifest_entry(e1, sizeof e1, "good", &g);
    snprintf(text, sizeof text,
             "{\"format\": \"sonnx-cts-vectors\", \"format_version\": \"1.0\", \"cases\": [%s]}", e1);
    pb_write(root, "manifest.json", text, strlen(text));
    sct_vector_set set;
    sct_case_data data;
    char err[1024];
    open_and_load(0, err, sizeof err, &data, &set);
    snprintf(want, sizeof want,
             "%s/good/model.onnx: field graph.node[0].op_type: \"Mul\" (domain \"\"); the case says \"Div\"",
             root);
    ck_assert_str_eq(err, want);
    sct_vector_set_free(&set);
}
END_TEST

START_TEST(invalid_manifest_json_fails_open)
{
    pb_write(root, "manifest.json", "{\n \"format\": }", 14);
    sct_vector_set set;
    char err[1024], want[1024];
    ck_assert_int_ne(sct_vector_set_open(root, &set, err, sizeof err), 0);
    snprintf(want, sizeof want, "%s/manifest.json: field (file): invalid JSON at line 2, column 12", root);
    ck_assert_str_eq(err, want);
}
END_TEST

START_TEST(missing_directory_fails_open)
{
    sct_vector_set set;
    char err[1024];
    ck_assert_int_ne(sct_vector_set_open("/nonexistent/sct/vectors", &set, err, sizeof err), 0);
    ck_assert_str_eq(err, "/nonexistent/sct/vectors: field (file): vectors directory No such file or directory");
}
END_TEST

START_TEST(scan_without_manifest)
{
    case_files h;
    write_case("node/test_div_x", "Div", &h);
    write_case("node/test_add_x", "Add", &h);
    /* second data set of the Div case */
    size_t len;
    uint8_t *buf = pb_tensor_raw(1, 1, dim2, a_vals, sizeof a_vals, &len);
    pb_write(root, "node/test_div_x/test_data_set_1/input_0.pb", buf, len);
    pb_write(root, "node/test_div_x/test_data_set_1/input_1.pb", buf, len);
    free(buf); /* no output_0.pb in set 1: an error slot */
    sct_vector_set set;
    char err[1024] = "", want[1024];
    ck_assert_msg(sct_vector_set_open(root, &set, err, sizeof err) == 0, "%s", err);
    ck_assert_ptr_null(set.manifest_path);
    ck_assert_uint_eq(set.n_cases, 2);
    ck_assert_uint_eq(set.n_skipped, 1);
    ck_assert_str_eq(set.skipped[0], "node/test_add_x: op Add is not covered");
    const sct_case *c = &set.cases[0];
    ck_assert_msg(c->error == NULL, "%s", c->error);
    ck_assert_str_eq(c->id, "node/test_div_x");
    ck_assert_str_eq(c->op_type, "Div");
    ck_assert_int_eq(c->opset, 14);
    ck_assert_uint_eq(c->profiles, SCT_PROFILE_ONNX);
    ck_assert_int_eq(c->expectation, SCT_EXPECT_VALUES);
    ck_assert(c->has_expected_output);
    ck_assert_uint_eq(c->n_files, 4);
    ck_assert_str_eq(c->files[1].sha256, h.in0);
    ck_assert_str_eq(set.cases[1].id, "node/test_div_x/test_data_set_1");
    ck_assert_int_eq(set.cases[1].data_set, 1);
    snprintf(want, sizeof want,
             "%s/node/test_div_x/test_data_set_1/output_0.pb: field (file): missing; a case without manifest needs its expected output",
             root);
    ck_assert_str_eq(set.cases[1].error, want);
    sct_case_data data;
    ck_assert_msg(sct_case_load(&set, c, &data, err, sizeof err) == 0, "%s", err);
    ck_assert_mem_eq(data.expected[0].data, c_vals, 8);
    sct_case_data_free(&data);
    sct_vector_set_free(&set);
}
END_TEST

START_TEST(empty_directory_fails_open)
{
    sct_vector_set set;
    char err[1024], want[1024];
    ck_assert_int_ne(sct_vector_set_open(root, &set, err, sizeof err), 0);
    snprintf(want, sizeof want, "%s: field (file): no manifest.json and no ONNX backend-test case directories", root);
    ck_assert_msg(strncmp(err, want, strlen(want)) == 0, "%s", err);
}
END_TEST

/* docs/architecture.md tolerance policy, written out here independently. */
START_TEST(default_tolerances)
{
    ck_assert_uint_eq(sct_default_max_ulp("Div", SONNX_DT_FLOAT), 0);
    ck_assert_uint_eq(sct_default_max_ulp("Mul", SONNX_DT_BFLOAT16), 0);
    ck_assert_uint_eq(sct_default_max_ulp("Pow", SONNX_DT_FLOAT), 1);
    ck_assert_uint_eq(sct_default_max_ulp("Pow", SONNX_DT_FLOAT16), 1);
    ck_assert_uint_eq(sct_default_max_ulp("Pow", SONNX_DT_DOUBLE), 1);
    ck_assert_uint_eq(sct_default_max_ulp("Pow", SONNX_DT_INT32), 0);
    ck_assert_uint_eq(sct_default_max_ulp("Less", SONNX_DT_BOOL), 0);
    ck_assert_uint_eq(sct_default_max_ulp("Div", SONNX_DT_INT8), 0);
    ck_assert_uint_eq(sct_default_max_ulp("Nope", SONNX_DT_FLOAT), 0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("vector_set");
    TCase *tc = tcase_create("fs");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, healthy_set_loads);
    tcase_add_test(tc, tampered_file_is_reported_and_neighbour_still_loads);
    tcase_add_test(tc, missing_file_is_an_error_slot);
    tcase_add_test(tc, symlink_out_of_the_set_is_refused);
    tcase_add_test(tc, tensor_shape_must_match_declaration);
    tcase_add_test(tc, model_must_match_manifest_op);
    tcase_add_test(tc, invalid_manifest_json_fails_open);
    tcase_add_test(tc, missing_directory_fails_open);
    tcase_add_test(tc, scan_without_manifest);
    tcase_add_test(tc, empty_directory_fails_open);
    tcase_add_test(tc, default_tolerances);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
