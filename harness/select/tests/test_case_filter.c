/*
 * test_case_filter.c — case selection: profile first, OR within a filter,
 * AND across filters, globs, broken entries never silently dropped.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "sct/select/case_filter.h"
#include "sct_check_main.h"

static char *tags_basic[] = {"basic"};
static char *tags_special[] = {"special", "nan"};

static sct_case mk(const char *id, const char *op, int32_t t, unsigned profiles,
                   char **tags, size_t n_tags)
{
    sct_case c;
    memset(&c, 0, sizeof c);
    c.id = (char *)id;
    c.op_type = (char *)op;
    c.n_inputs = 2;
    c.inputs[0].elem_type = t;
    c.inputs[1].elem_type = t;
    c.n_outputs = 1;
    c.outputs[0].elem_type = strcmp(op, "Less") == 0 ? SONNX_DT_BOOL : t;
    c.profiles = profiles;
    c.tags = tags;
    c.n_tags = n_tags;
    return c;
}

START_TEST(test_profile_and_filters)
{
    sct_case div32 = mk("div/float32/basic", "Div", SONNX_DT_FLOAT,
                        SCT_PROFILE_ONNX | SCT_PROFILE_SONNX, tags_basic, 1);
    sct_case less16 = mk("less/float16/nan", "Less", SONNX_DT_FLOAT16,
                         SCT_PROFILE_SONNX, tags_special, 2);
    sct_case bcast = mk("mul/int8/bcast", "Mul", SONNX_DT_INT8, SCT_PROFILE_ONNX,
                        tags_basic, 1);
    sct_case_filter f;
    memset(&f, 0, sizeof f);
    f.profile_bit = SCT_PROFILE_SONNX;
    ck_assert_int_eq(sct_case_select(&f, &div32), SCT_SELECTED);
    ck_assert_int_eq(sct_case_select(&f, &less16), SCT_SELECTED);
    ck_assert_int_eq(sct_case_select(&f, &bcast), SCT_NOT_IN_PROFILE);

    f.ops[f.n_ops++] = "div";               /* case-insensitive */
    f.ops[f.n_ops++] = "Less";              /* OR */
    ck_assert_int_eq(sct_case_select(&f, &div32), SCT_SELECTED);
    ck_assert_int_eq(sct_case_select(&f, &less16), SCT_SELECTED);
    f.types[f.n_types++] = SONNX_DT_FLOAT16; /* AND */
    ck_assert_int_eq(sct_case_select(&f, &div32), SCT_EXCLUDED_BY_FILTER);
    ck_assert_int_eq(sct_case_select(&f, &less16), SCT_SELECTED);
    f.types[f.n_types++] = SONNX_DT_BOOL;    /* output types count too */
    f.n_types = 1;
    f.types[0] = SONNX_DT_BOOL;
    ck_assert_int_eq(sct_case_select(&f, &less16), SCT_SELECTED);
    f.tags[f.n_tags++] = "nan";
    ck_assert_int_eq(sct_case_select(&f, &less16), SCT_SELECTED);
    f.tags[0] = "basic";
    ck_assert_int_eq(sct_case_select(&f, &less16), SCT_EXCLUDED_BY_FILTER);
}
END_TEST

START_TEST(test_case_globs)
{
    sct_case div32 = mk("div/float32/basic", "Div", SONNX_DT_FLOAT,
                        SCT_PROFILE_SONNX, tags_basic, 1);
    sct_case_filter f;
    memset(&f, 0, sizeof f);
    f.cases[f.n_cases++] = "div/*/basic";
    ck_assert_int_eq(sct_case_select(&f, &div32), SCT_SELECTED);
    f.cases[0] = "div/float32/basic";
    ck_assert_int_eq(sct_case_select(&f, &div32), SCT_SELECTED);
    f.cases[0] = "div/float3";
    ck_assert_int_eq(sct_case_select(&f, &div32), SCT_EXCLUDED_BY_FILTER);
}
END_TEST

START_TEST(test_broken_entry_kept)
{
    sct_case broken = mk("div/float32/broken", "", 0, 0, NULL, 0);
    broken.error = "manifest.json: cases[3].inputs: missing";
    sct_case_filter f;
    memset(&f, 0, sizeof f);
    f.profile_bit = SCT_PROFILE_SONNX;
    f.ops[f.n_ops++] = "Div";
    ck_assert_int_eq(sct_case_select(&f, &broken), SCT_SELECTED);
    f.cases[f.n_cases++] = "mul/*";
    ck_assert_int_eq(sct_case_select(&f, &broken), SCT_EXCLUDED_BY_FILTER);
}
END_TEST

START_TEST(test_describe)
{
    sct_case_filter f;
    memset(&f, 0, sizeof f);
    char buf[256];
    sct_case_filter_describe(&f, buf, sizeof buf);
    ck_assert_str_eq(buf, "");
    f.ops[f.n_ops++] = "Div";
    f.types[f.n_types++] = SONNX_DT_FLOAT;
    f.cases[f.n_cases++] = "div/*";
    sct_case_filter_describe(&f, buf, sizeof buf);
    ck_assert_str_eq(buf, "--op Div --type float32 --case div/*");
}
END_TEST

int main(void)
{
    const TTest *const tests[] = {test_profile_and_filters, test_case_globs,
                                  test_broken_entry_kept, test_describe};
    return SCT_CHECK_RUN("case_filter", tests);
}
