/*
 * test_arity.c — a failing case of an op with 1, 2 or 3 inputs through the
 * text, JSON and JUnit writers and back through the one JSON reader
 * (report_read): every report names each input of the element under its
 * key ("a", "b", "c"; a unary op's one input is "a", docs/report-format.md)
 * and no key beyond the op's arity.  Expected strings are written by hand
 * from the IEEE 754 encodings in each row.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "report_fixture.h"
#include "sct/results/report_read.h"
#include "sct/writers/report_writers.h"
#include "sct_check_main.h"

typedef struct {
    const char *op;
    size_t n_inputs;
    uint64_t in_bits[3];           /* float32 inputs */
    uint64_t expected, actual;     /* float32 output */
    const char *text;              /* the element's line in the text report */
    const char *junit;             /* ... in the JUnit failure text */
    const char *absent_key;        /* a JSON key the sample must not have */
} arity_row;

static const arity_row k_rows[] = {
    /* Abs(-2.5) = 2.5 (0x40200000), got -2.5 */
    {"Abs", 1, {0xc0200000}, 0x40200000, 0xc0200000,
     "[1] (1) a=-2.5 (0xc0200000) expected=2.5 (0x40200000) actual=-2.5 (0xc0200000)",
     "[1] a=-2.5 (0xc0200000) expected=2.5 (0x40200000) actual=-2.5 (0xc0200000)", "b"},
    /* Sub(1, 3) = -2 (0xc0000000), got 2 */
    {"Sub", 2, {0x3f800000, 0x40400000}, 0xc0000000, 0x40000000,
     "[1] (1) a=1 (0x3f800000) b=3 (0x40400000) expected=-2 (0xc0000000) actual=2 "
     "(0x40000000)",
     "[1] a=1 (0x3f800000) b=3 (0x40400000) expected=-2 (0xc0000000) actual=2 (0x40000000)",
     "c"},
    /* a ternary op (none is registered yet; the model holds three): the
     * writers do not ask which op it is */
    {"Ternary", 3, {0x3f800000, 0x40000000, 0x40400000}, 0x40c00000, 0x40a00000,
     "[1] (1) a=1 (0x3f800000) b=2 (0x40000000) c=3 (0x40400000) expected=6 (0x40c00000) "
     "actual=5 (0x40a00000)",
     "[1] a=1 (0x3f800000) b=2 (0x40000000) c=3 (0x40400000) expected=6 (0x40c00000) "
     "actual=5 (0x40a00000)",
     "d"},
};

START_TEST(test_arity_row)
{
    const arity_row *row = &k_rows[_i];
    sct_run_report r;
    fixture_build(&r);
    sct_case_result *c = sct_run_report_add_case(&r);
    char id[64];
    snprintf(id, sizeof id, "arity/%s", row->op);
    c->id = sct_strdup(id);
    c->op_type = sct_strdup(row->op);
    c->opset = 13;
    c->n_inputs = row->n_inputs;
    for (size_t k = 0; k < row->n_inputs; k++)
        c->inputs[k] = (sct_tensor_shape){SONNX_DT_FLOAT, 1, {4}};
    c->output = (sct_tensor_shape){SONNX_DT_FLOAT, 1, {4}};
    c->expectation = sct_strdup("values");
    c->verdict = SCT_VERDICT_FAIL;
    c->exec_status = sct_strdup("OK");
    c->message = sct_strdup("");
    c->compared = true;
    c->stats.elements = 4;
    c->stats.mismatches = 1;
    c->stats.deviation_counts[SCT_DEV_OFF_BY_ULP] = 1;
    c->samples = calloc(1, sizeof *c->samples);
    c->n_samples = 1;
    sct_sample *s = &c->samples[0];
    s->index = 1;
    s->rank = 1;
    s->coords[0] = 1;
    s->n_inputs = row->n_inputs;
    for (size_t k = 0; k < row->n_inputs; k++) {
        s->in_types[k] = SONNX_DT_FLOAT;
        s->in_bits[k] = row->in_bits[k];
    }
    s->out_type = SONNX_DT_FLOAT;
    s->expected_bits = row->expected;
    s->actual_bits = row->actual;
    s->ulp = 7;
    s->deviation = SCT_DEV_OFF_BY_ULP;

    char err[512];
    char txt[4096], xml[4096], json[4096]; /* fixture_path reuses one buffer */
    snprintf(txt, sizeof txt, "%s", fixture_path("arity.txt"));
    snprintf(xml, sizeof xml, "%s", fixture_path("arity.xml"));
    snprintf(json, sizeof json, "%s", fixture_path("arity.json"));
    ck_assert_int_eq(sct_write_text_file(txt, &r, err, sizeof err), 0);
    ck_assert_int_eq(sct_write_junit_file(xml, &r, err, sizeof err), 0);
    ck_assert_int_eq(sct_write_json_file(json, &r, err, sizeof err), 0);

    char *t = fixture_slurp(txt);
    ck_assert_msg(strstr(t, row->text) != NULL, "text lacks \"%s\":\n%s", row->text, t);
    free(t);
    t = fixture_slurp(xml);
    ck_assert_msg(strstr(t, row->junit) != NULL, "JUnit lacks \"%s\":\n%s", row->junit, t);
    free(t);

    /* JSON: the case's input types and the sample's keys, one per input. */
    t = fixture_slurp(json);
    cJSON *root = cJSON_Parse(t);
    free(t);
    ck_assert_ptr_nonnull(root);
    const cJSON *cases = cJSON_GetObjectItemCaseSensitive(root, "cases");
    const cJSON *jc = cJSON_GetArrayItem(cases, cJSON_GetArraySize(cases) - 1);
    ck_assert_int_eq(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(jc, "input_types")),
                     (int)row->n_inputs);
    const cJSON *js = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(jc, "samples"), 0);
    static const char *const keys[3] = {"a_bits", "b_bits", "c_bits"};
    for (size_t k = 0; k < row->n_inputs; k++) {
        char want[16];
        snprintf(want, sizeof want, "0x%08llx", (unsigned long long)row->in_bits[k]);
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(js, keys[k]);
        ck_assert_msg(v != NULL && strcmp(v->valuestring, want) == 0, "%s: %s", keys[k], want);
    }
    ck_assert_ptr_null(cJSON_GetObjectItemCaseSensitive(js, row->absent_key));
    cJSON_Delete(root);

    /* Back through the one reader (strict, as merge and baselines read). */
    sct_report_read_opts strict = {SCT_READ_STRICT, NULL, NULL, NULL, false};
    sct_report_file *f = NULL;
    ck_assert_msg(sct_report_open(json, &strict, &f, err, sizeof err) == 0, "%s", err);
    size_t last = sct_report_n_cases(f) - 1;
    sct_case_result back;
    ck_assert_msg(sct_report_read_case(f, last, false, &back, NULL, NULL, err, sizeof err) == 0,
                  "%s", err);
    ck_assert_str_eq(back.op_type, row->op);
    ck_assert_uint_eq(back.n_inputs, row->n_inputs);
    ck_assert_uint_eq(back.n_samples, 1);
    ck_assert_uint_eq(back.samples[0].n_inputs, row->n_inputs);
    for (size_t k = 0; k < row->n_inputs; k++) {
        ck_assert_int_eq(back.inputs[k].elem_type, SONNX_DT_FLOAT);
        ck_assert_int_eq(back.samples[0].in_types[k], SONNX_DT_FLOAT);
        ck_assert_uint_eq(back.samples[0].in_bits[k], row->in_bits[k]);
    }
    ck_assert_uint_eq(back.samples[0].actual_bits, row->actual);
    sct_case_result_free(&back);
    sct_report_close(f);
    sct_run_report_free(&r);
}
END_TEST

int main(void)
{
    return sct_check_run_rows("arity", test_arity_row, sizeof k_rows / sizeof k_rows[0]);
}
