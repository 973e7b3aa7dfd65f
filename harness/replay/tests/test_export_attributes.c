/*
 * test_export_attributes.c — `repro --export` keeps a case's attributes:
 * the exported manifest entry gives them as the case had them (integers
 * exact beyond 2^53, floats to their float32 value, strings and lists), so
 * the exported case hands its plugin the same op (docs/vector-format.md,
 * docs/plugin-abi.md §2.1); a case without attributes gets no member.
 *
 * No registered operator declares attributes, so the case is built here
 * around a real vector case's model (vectors/div/float32/body_offsets: the
 * export copies its model.onnx); the expected text is written by hand.
 *
 * usage: test_export_attributes VECTORS_DIR SCRATCH_DIR
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "sct/replay/export_element.h"
#include "sct_check_main.h"

static const char *g_vectors, *g_scratch;

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    static char buf[1 << 16];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    return buf;
}

/* Exports element 0 of a one-element Div float32 case with the given
 * attributes into SCRATCH/<sub>; returns the manifest's text. */
static char *export_with(const char *sub, const sonnx_attribute *a, size_t n)
{
    char id[] = "div/float32/attrs", relpath[] = "div/float32/body_offsets";
    char op[] = "Div", domain[] = "";
    sct_vector_set set = {0};
    set.root = (char *)g_vectors;
    sct_case c = {0};
    c.id = id;
    c.relpath = relpath;
    c.op_type = op;
    c.domain = domain;
    c.opset = 14;
    c.n_inputs = 2;
    c.n_outputs = 1;
    const char *names[3] = {"A", "B", "C"};
    for (int k = 0; k < 3; k++) {
        sct_tensor_decl *t = k < 2 ? &c.inputs[k] : &c.outputs[0];
        snprintf(t->name, sizeof t->name, "%s", names[k]);
        t->elem_type = SONNX_DT_FLOAT;
    }
    c.profiles = SCT_PROFILE_ONNX;
    c.attributes = (sonnx_attribute *)a;
    c.n_attributes = n;
    float va = 1.5f, vb = 2.0f, vc = 0.75f;
    sct_case_data d = {0};
    d.n_inputs = 2;
    d.n_expected = 1;
    sonnx_tensor *t[3] = {&d.inputs[0], &d.inputs[1], &d.expected[0]};
    float *v[3] = {&va, &vb, &vc};
    for (int k = 0; k < 3; k++) {
        t[k]->elem_type = SONNX_DT_FLOAT;
        t[k]->rank = 1;
        t[k]->dims[0] = 1;
        t[k]->data = v[k];
        t[k]->nbytes = 4;
    }
    char dir[4096], err[512] = "";
    snprintf(dir, sizeof dir, "%s/%s", g_scratch, sub);
    ck_assert_msg(sct_export_element(dir, &set, &c, &d, 0, err, sizeof err) == 0, "%s", err);
    char path[4200];
    snprintf(path, sizeof path, "%s/manifest.json", dir);
    return slurp(path);
}

START_TEST(attributes_exported_as_the_case_has_them)
{
    static const int64_t ints[] = {1, -2, INT64_MIN};
    static const float floats[] = {0.5f, -0.0f};
    const sonnx_attribute a[] = {
        {.name = "fmod", .kind = SONNX_ATTR_INT, .i = 9007199254740993LL}, /* 2^53 + 1 */
        {.name = "alpha", .kind = SONNX_ATTR_FLOAT, .f = 0.1f},
        {.name = "direction", .kind = SONNX_ATTR_STRING, .s = "LEFT"},
        {.name = "axes", .kind = SONNX_ATTR_INTS, .n = 3, .ints = ints},
        {.name = "scales", .kind = SONNX_ATTR_FLOATS, .n = 2, .floats = floats},
    };
    const char *m = export_with("with", a, sizeof a / sizeof a[0]);
    const char *want = "\"attributes\":\t{\"fmod\":9007199254740993,\"alpha\":0.100000001,"
                       "\"direction\":\"LEFT\",\"axes\":[1,-2,-9223372036854775808],"
                       "\"scales\":[0.5,-0]}";
    ck_assert_msg(strstr(m, want) != NULL, "manifest:\n%s", m);
}
END_TEST

START_TEST(no_member_without_attributes)
{
    const char *m = export_with("without", NULL, 0);
    ck_assert_msg(strstr(m, "\"opset\":\t14") != NULL, "manifest:\n%s", m);
    ck_assert_msg(strstr(m, "attributes") == NULL, "manifest:\n%s", m);
}
END_TEST

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: %s VECTORS_DIR SCRATCH_DIR\n", argv[0]);
        return 2;
    }
    g_vectors = argv[1];
    g_scratch = argv[2];
    mkdir(g_scratch, 0777); /* the export makes its own directories below it */
    const TTest *const tests[] = {attributes_exported_as_the_case_has_them,
                                  no_member_without_attributes};
    return sct_check_run("export_attributes", tests, sizeof tests / sizeof tests[0]);
}
