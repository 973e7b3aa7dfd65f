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

#include "sct/model/case.h"
#include "pb_build.h"
#include "sct/io/sha256.h"
#include "sct_check_main.h"

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
    if (sct_case_load(set, sct_vector_set_case(set, index), data, err, cap) != 0)
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
    ck_assert_str_eq(sct_vector_set_case(&set, 0)->id, "good");
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
    ck_assert_int_eq(sct_case_load(&set, sct_vector_set_case(&set, 0), &data, err, sizeof err), 0);
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
    ck_assert_ptr_null(sct_vector_set_case(&set, 0)->error);
    snprintf(want, sizeof want,
             "%s/bad/test_data_set_0/output_0.pb: missing (named by case \"bad\" of manifest.json)",
             root);
    ck_assert_str_eq(sct_vector_set_case(&set, 1)->error, want);
    sct_case_data data;
    ck_assert_int_ne(sct_case_load(&set, sct_vector_set_case(&set, 1), &data, err, sizeof err), 0);
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
             "%s/bad/test_data_set_0/input_0.pb: resolves outside the vectors directory",
             root);
    const sct_case *c1 = sct_vector_set_case(&set, 1);
    ck_assert_ptr_nonnull(c1->error);
    ck_assert_msg(strncmp(c1->error, want, strlen(want)) == 0, "%s", c1->error);
    ck_assert_ptr_null(sct_vector_set_case(&set, 0)->error);
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
    snprintf(want, sizeof want, "%s/manifest.json: invalid JSON at line 2, column 12 (byte 13): expected a value",
             root);
    ck_assert_str_eq(err, want);
}
END_TEST

START_TEST(missing_directory_fails_open)
{
    sct_vector_set set;
    char err[1024];
    ck_assert_int_ne(sct_vector_set_open("/nonexistent/sct/vectors", &set, err, sizeof err), 0);
    ck_assert_str_eq(err, "/nonexistent/sct/vectors: vectors directory: No such file or directory");
}
END_TEST

START_TEST(scan_without_manifest)
{
    case_files h;
    write_case("node/test_div_x", "Div", &h);
    write_case("node/test_tanh_x", "Tanh", &h);
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
    ck_assert_str_eq(set.skipped[0], "node/test_tanh_x: op Tanh is not covered");
    const sct_case *c = sct_vector_set_case(&set, 0);
    ck_assert_ptr_eq(c, &set.scanned_cases[0]); /* scanned: all slots in memory */
    ck_assert_ptr_null(sct_vector_set_case(&set, 2));
    ck_assert_msg(c->error == NULL, "%s", c->error);
    ck_assert_str_eq(c->id, "node/test_div_x");
    ck_assert_str_eq(c->op_type, "Div");
    ck_assert_int_eq(c->opset, 14);
    ck_assert_uint_eq(c->profiles, SCT_PROFILE_ONNX);
    ck_assert_int_eq(c->expectation, SCT_EXPECT_VALUES);
    ck_assert(c->has_expected_output);
    ck_assert_uint_eq(c->n_files, 4);
    ck_assert_str_eq(c->files[1].sha256, h.in0);
    const sct_case *c1 = sct_vector_set_case(&set, 1);
    ck_assert_str_eq(c1->id, "node/test_div_x/test_data_set_1");
    ck_assert_int_eq(c1->data_set, 1);
    snprintf(want, sizeof want,
             "%s/node/test_div_x/test_data_set_1/output_0.pb: missing; a case without manifest needs its expected output",
             root);
    ck_assert_str_eq(c1->error, want);
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
    snprintf(want, sizeof want, "%s: no manifest.json and no ONNX backend-test case directories", root);
    ck_assert_msg(strncmp(err, want, strlen(want)) == 0, "%s", err);
}
END_TEST

/* ------------------------------------------ lazy materialisation */

/* One declaration per row, written as a manifest entry; materialising it
 * (in any order, repeatedly) must give exactly these fields. */
static const struct lazy_row {
    const char *id, *op;
    int opset;
    const char *tolerance;   /* JSON */
    uint32_t max_ulp;
    const char *expectation; /* JSON string content */
    sct_expectation expect;
    const char *profiles;    /* JSON */
    unsigned profile_bits;
    const char *tags;        /* JSON */
    size_t n_tags;
    const char *last_tag;
    const char *requirements; /* JSON */
    size_t n_requirements;
    const char *last_requirement;
    const char *description; /* NULL: member absent */
    int64_t dim;             /* every tensor is [dim] */
} lazy_rows[] = {
    {"div/float32/a", "Div", 14, "{\"kind\": \"exact\"}", 0, "values", SCT_EXPECT_VALUES,
     "[\"onnx\"]", SCT_PROFILE_ONNX, "[\"special\", \"nan\"]", 2, "nan",
     "[\"sonnx-div:float:R1\"]", 1, "sonnx-div:float:R1", "first", 2},
    {"mul/float32/b", "Mul", 13, "{\"kind\": \"exact\"}", 0, "no-crash", SCT_EXPECT_NO_CRASH,
     "[\"sonnx\"]", SCT_PROFILE_SONNX, "[]", 0, NULL, "[]", 0, NULL, NULL, 3},
    {"pow/float32/c", "Pow", 15, "{\"kind\": \"ulp\", \"max\": 1}", 1, "reject", SCT_EXPECT_REJECT,
     "[\"onnx\", \"sonnx\"]", SCT_PROFILE_ONNX | SCT_PROFILE_SONNX, "[\"t\"]", 1, "t",
     "[\"r1\", \"r2\"]", 2, "r2", "third \\u00e9", 1},
};
#define N_LAZY (sizeof lazy_rows / sizeof lazy_rows[0])

static void lazy_entry(char *out, size_t cap, const struct lazy_row *r, const case_files *h)
{
    char desc[128] = "";
    if (r->description)
        snprintf(desc, sizeof desc, " \"description\": \"%s\",", r->description);
    snprintf(out, cap,
             "{\"id\": \"%s\", \"path\": \"%s\", \"op\": \"%s\", \"domain\": \"\", \"opset\": %d,"
             " \"inputs\": [{\"name\": \"A\", \"dtype\": \"float32\", \"shape\": [%lld]},"
             " {\"name\": \"B\", \"dtype\": \"float32\", \"shape\": [%lld]}],"
             " \"outputs\": [{\"name\": \"C\", \"dtype\": \"float32\", \"shape\": [%lld]}],"
             " \"tolerance\": %s, \"expectation\": \"%s\", \"profiles\": %s,"
             " \"tags\": %s, \"requirements\": %s,%s"
             " \"files\": {\"model.onnx\": \"%s\", \"test_data_set_0/input_0.pb\": \"%s\","
             " \"test_data_set_0/input_1.pb\": \"%s\", \"test_data_set_0/output_0.pb\": \"%s\"}}",
             r->id, r->id, r->op, r->opset, (long long)r->dim, (long long)r->dim,
             (long long)r->dim, r->tolerance, r->expectation, r->profiles, r->tags,
             r->requirements, desc, h->model, h->in0, h->in1, h->out0);
}

static void check_lazy(const sct_case *c, const struct lazy_row *r, const case_files *h)
{
    ck_assert_msg(c->error == NULL, "%s: %s", r->id, c->error);
    ck_assert_str_eq(c->id, r->id);
    ck_assert_str_eq(c->relpath, r->id);
    ck_assert_str_eq(c->op_type, r->op);
    ck_assert_str_eq(c->domain, "");
    ck_assert_int_eq(c->opset, r->opset);
    ck_assert_uint_eq(c->n_inputs, 2);
    ck_assert_uint_eq(c->n_outputs, 1);
    for (size_t k = 0; k < 2; k++) {
        ck_assert_int_eq(c->inputs[k].elem_type, SONNX_DT_FLOAT);
        ck_assert_int_eq(c->inputs[k].rank, 1);
        ck_assert_int_eq(c->inputs[k].dims[0], r->dim);
    }
    ck_assert_str_eq(c->inputs[0].name, "A");
    ck_assert_str_eq(c->inputs[1].name, "B");
    ck_assert_str_eq(c->outputs[0].name, "C");
    ck_assert_int_eq(c->outputs[0].elem_type, SONNX_DT_FLOAT);
    ck_assert_int_eq(c->outputs[0].dims[0], r->dim);
    ck_assert_uint_eq(c->max_ulp, r->max_ulp);
    ck_assert_int_eq(c->expectation, r->expect);
    ck_assert_uint_eq(c->profiles, r->profile_bits);
    ck_assert_uint_eq(c->n_tags, r->n_tags);
    if (r->n_tags)
        ck_assert_str_eq(c->tags[r->n_tags - 1], r->last_tag);
    ck_assert_uint_eq(c->n_requirements, r->n_requirements);
    if (r->n_requirements)
        ck_assert_str_eq(c->requirements[r->n_requirements - 1], r->last_requirement);
    ck_assert_str_eq(c->description, r->description == NULL ? ""
                                     : strcmp(r->description, "third \\u00e9") == 0
                                         ? "third \xc3\xa9" : r->description);
    ck_assert_uint_eq(c->n_files, 4);
    ck_assert_str_eq(c->files[0].relpath, "model.onnx");
    ck_assert_str_eq(c->files[0].sha256, h->model);
    ck_assert_str_eq(c->files[3].relpath, "test_data_set_0/output_0.pb");
    ck_assert_str_eq(c->files[3].sha256, h->out0);
    ck_assert(c->has_expected_output);
    ck_assert_int_eq(c->data_set, 0);
}

/* Order of materialisation: forwards, backwards, repeated. */
static const size_t lazy_order[] = {0, 1, 2, 2, 1, 0, 0, 2};

START_TEST(lazy_cases_give_every_field)
{
    case_files h[N_LAZY];
    char entries[N_LAZY][2048], text[8192];
    size_t len = (size_t)snprintf(text, sizeof text,
                                  "{\"format\": \"sonnx-cts-vectors\", \"format_version\": \"1.2\", \"cases\": [");
    for (size_t r = 0; r < N_LAZY; r++) {
        write_case(lazy_rows[r].id, lazy_rows[r].op, &h[r]);
        lazy_entry(entries[r], sizeof entries[r], &lazy_rows[r], &h[r]);
        len += (size_t)snprintf(text + len, sizeof text - len, "%s%s", r ? ",\n" : "\n", entries[r]);
    }
    snprintf(text + len, sizeof text - len, "]}\n");
    pb_write(root, "manifest.json", text, strlen(text));
    sct_vector_set set;
    char err[1024] = "";
    ck_assert_msg(sct_vector_set_open(root, &set, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(set.n_cases, N_LAZY);
    ck_assert_ptr_null(set.scanned_cases); /* manifest sets keep no case array */
    ck_assert_str_eq(set.format_version, "1.2");
    char hex[65];
    sct_sha256_hex(text, strlen(text), hex);
    ck_assert_str_eq(set.set_sha256, hex);
    ck_assert_uint_eq(set.n_errors, 0);
    for (size_t k = 0; k < sizeof lazy_order / sizeof lazy_order[0]; k++) {
        size_t r = lazy_order[k];
        check_lazy(sct_vector_set_case(&set, r), &lazy_rows[r], &h[r]);
    }
    ck_assert_ptr_null(sct_vector_set_case(&set, N_LAZY));
    sct_vector_set_free(&set);
}
END_TEST

/* Replaces the first `find` in buf (NUL-terminated, room for the growth). */
static void replace_in(char *buf, const char *find, const char *repl)
{
    char *at = strstr(buf, find);
    ck_assert_msg(at != NULL, "test bug: \"%s\" not found", find);
    size_t lf = strlen(find), lr = strlen(repl);
    memmove(at + lr, at + lf, strlen(at + lf) + 1);
    memcpy(at, repl, lr);
}

/* manifest.json changed between the open and the materialisation: the
 * changed entry is an error slot naming the reason, the other still runs. */
static const struct {
    int truncate;           /* 0: same-length rewrite of entry 1; 1: cut inside entry 1 */
    const char *reason;
} modified_rows[] = {
    {0, "element 1 changed since the file was indexed (the file was modified during the run)"},
    {1, "element 1 changed since the file was indexed (the file was truncated during the run)"},
};

START_TEST(manifest_modified_after_open)
{
    case_files g, b;
    write_two_case_set(&g, &b);
    char path[512], text[8192];
    snprintf(path, sizeof path, "%s/manifest.json", root);
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    size_t len = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[len] = '\0';
    sct_vector_set set;
    char err[1024] = "", want[1024];
    ck_assert_msg(sct_vector_set_open(root, &set, err, sizeof err) == 0, "%s", err);
    ck_assert_ptr_null(sct_vector_set_case(&set, 0)->error);
    /* Rewritten in place (same inode: the index's descriptor sees it). */
    if (modified_rows[_i].truncate) {
        size_t cut = (size_t)(strstr(text, "\"id\": \"bad\"") - text) + 4;
        ck_assert_int_eq(truncate(path, (off_t)cut), 0);
    } else {
        replace_in(text, "\"id\": \"bad\"", "\"id\": \"bbd\"");
        f = fopen(path, "r+b");
        ck_assert_ptr_nonnull(f);
        ck_assert_uint_eq(fwrite(text, 1, len, f), len);
        fclose(f);
    }
    const sct_case *c = sct_vector_set_case(&set, 1);
    snprintf(want, sizeof want, "%s/manifest.json: field cases[1]: %s", root,
             modified_rows[_i].reason);
    ck_assert_str_eq(c->error, want);
    ck_assert_str_eq(c->id, "cases[1]");
    ck_assert_ptr_nonnull(c->op_type);
    ck_assert_ptr_nonnull(c->relpath);
    sct_case_data data;
    ck_assert_int_ne(sct_case_load(&set, c, &data, err, sizeof err), 0);
    /* The neighbour is untouched. */
    c = sct_vector_set_case(&set, 0);
    ck_assert_msg(c->error == NULL, "%s", c->error);
    ck_assert_msg(sct_case_load(&set, c, &data, err, sizeof err) == 0, "%s", err);
    sct_case_data_free(&data);
    sct_vector_set_free(&set);
}
END_TEST

/* A broken entry (wrong JSON types) is an error slot; the other loads. */
static const struct {
    const char *find, *repl;
    const char *field_reason; /* after "<root>/manifest.json: field " */
} broken_rows[] = {
    {"\"opset\": 14", "\"opset\": \"14\"", "cases[1].opset: must be an integer"},
    {"\"inputs\": [", "\"inputs\": 5, \"x\": [", "cases[1].inputs: must be an array"},
    {"\"profiles\": [\"onnx\"]", "\"profiles\": \"onnx\"",
     "cases[1].profiles: must be an array of \"onnx\" / \"sonnx\""},
    {"\"tolerance\": {\"kind\": \"exact\"}", "\"tolerance\": [\"exact\"]",
     "cases[1].tolerance: must be {\"kind\":\"exact\"} or {\"kind\":\"ulp\",\"max\":N}"},
    {"\"id\": \"bad\"", "\"id\": null", "cases[1].id: must be a string"},
};

START_TEST(broken_entry_is_its_own_error)
{
    case_files g, b;
    write_case("good", "Div", &g);
    write_case("bad", "Div", &b);
    char e1[2048], e2[2048], text[4800], want[1024];
    manifest_entry(e1, sizeof e1, "good", &g);
    manifest_entry(e2, sizeof e2 - 64, "bad", &b);
    replace_in(e2, broken_rows[_i].find, broken_rows[_i].repl);
    snprintf(text, sizeof text,
             "{\"format\": \"sonnx-cts-vectors\", \"format_version\": \"1.0\", \"cases\": [%s, %s]}", e1, e2);
    pb_write(root, "manifest.json", text, strlen(text));
    sct_vector_set set;
    char err[1024] = "";
    ck_assert_msg(sct_vector_set_open(root, &set, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(set.n_cases, 2);
    ck_assert_uint_eq(set.n_errors, 0);
    snprintf(want, sizeof want, "%s/manifest.json: field %s", root, broken_rows[_i].field_reason);
    ck_assert_str_eq(sct_vector_set_case(&set, 1)->error, want);
    const sct_case *c = sct_vector_set_case(&set, 0);
    ck_assert_msg(c->error == NULL, "%s", c->error);
    sct_case_data data;
    ck_assert_msg(sct_case_load(&set, c, &data, err, sizeof err) == 0, "%s", err);
    sct_case_data_free(&data);
    sct_vector_set_free(&set);
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
    tcase_add_test(tc, lazy_cases_give_every_field);
    tcase_add_loop_test(tc, manifest_modified_after_open, 0,
                        (int)(sizeof modified_rows / sizeof modified_rows[0]));
    tcase_add_loop_test(tc, broken_entry_is_its_own_error, 0,
                        (int)(sizeof broken_rows / sizeof broken_rows[0]));
    suite_add_tcase(s, tc);
    return sct_check_run_suite(s);
}
