/*
 * test_case_attributes.c — a case entry's "attributes" read against a
 * declaration table of the test's own (no registered op declares one yet;
 * docs/vector-format.md, "attributes"): each kind parses to the
 * sonnx_attribute the ABI describes (docs/plugin-abi.md §2.1), and each
 * refusal gives its exact message in the loader's form.
 */
#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "case_attributes.h"
#include "sct/jsonstream/json_exact.h"
#include "sct_check_main.h"

/* The test's op "Mod": one declaration of each type, `direction` required. */
static const sct_op_attr_decl k_decls[] = {
    {"fmod", SONNX_ATTR_INT, false},     {"alpha", SONNX_ATTR_FLOAT, false},
    {"direction", SONNX_ATTR_STRING, true}, {"axes", SONNX_ATTR_INTS, false},
    {"scales", SONNX_ATTR_FLOATS, false},
};
#define N_DECLS (sizeof k_decls / sizeof k_decls[0])

/* Parses `json` (NULL: the entry has no "attributes") as cases[3]'s. */
static int parse(const char *json, sonnx_attribute **out, size_t *n, char *err, size_t cap)
{
    sct_json_reader rd = {.file = "m.json", .mode = SCT_JSON_STRICT,
                          .naming = SCT_JSON_NAME_IN_PATH, .label = "field ",
                          .err = err, .err_cap = cap};
    snprintf(rd.where, sizeof rd.where, "cases[3]");
    err[0] = '\0';
    cJSON *tree = NULL;
    if (json != NULL) {
        char why[128];
        tree = sct_json_parse_exact(json, strlen(json), why, sizeof why);
        ck_assert_msg(tree != NULL, "%s: %s", json, why);
    }
    int rc = sct_case_attributes_parse(&rd, tree, "Mod", k_decls, N_DECLS, out, n);
    cJSON_Delete(tree);
    return rc;
}

START_TEST(every_kind_parses)
{
    sonnx_attribute *a;
    size_t n;
    char err[512];
    /* Given out of the declarations' order: they come back in it. */
    ck_assert_int_eq(parse("{\"scales\": [0.5, 1e-3, -0.0], \"axes\": [1, -2, "
                           "9223372036854775807, -9223372036854775808], "
                           "\"direction\": \"RIGHT\", \"alpha\": 0.1, \"fmod\": -7}",
                           &a, &n, err, sizeof err), 0);
    ck_assert_str_eq(err, "");
    ck_assert_uint_eq(n, 5);
    ck_assert_str_eq(a[0].name, "fmod");
    ck_assert_int_eq(a[0].kind, SONNX_ATTR_INT);
    ck_assert_int_eq(a[0].i, -7);
    ck_assert_str_eq(a[1].name, "alpha");
    ck_assert_int_eq(a[1].kind, SONNX_ATTR_FLOAT);
    ck_assert(a[1].f == 0.1f); /* rounded once to float32, as C rounds 0.1f */
    ck_assert_str_eq(a[2].name, "direction");
    ck_assert_int_eq(a[2].kind, SONNX_ATTR_STRING);
    ck_assert_str_eq(a[2].s, "RIGHT");
    ck_assert_str_eq(a[3].name, "axes");
    ck_assert_int_eq(a[3].kind, SONNX_ATTR_INTS);
    ck_assert_uint_eq(a[3].n, 4);
    ck_assert_int_eq(a[3].ints[0], 1);
    ck_assert_int_eq(a[3].ints[1], -2);
    ck_assert_int_eq(a[3].ints[2], INT64_MAX);
    ck_assert_int_eq(a[3].ints[3], INT64_MIN);
    ck_assert_str_eq(a[4].name, "scales");
    ck_assert_int_eq(a[4].kind, SONNX_ATTR_FLOATS);
    ck_assert_uint_eq(a[4].n, 3);
    ck_assert(a[4].floats[0] == 0.5f && a[4].floats[1] == 1e-3f);
    ck_assert(a[4].floats[2] == 0.0f && signbit(a[4].floats[2]));
    /* Members of other kinds stay 0 / NULL. */
    ck_assert_ptr_null(a[0].s);
    ck_assert_ptr_null(a[0].ints);
    ck_assert_ptr_null(a[2].floats);
    ck_assert_uint_eq(a[2].n, 0);
    sct_case_attributes_free(a, n);
}
END_TEST

START_TEST(only_the_required_one_and_empty_lists)
{
    sonnx_attribute *a;
    size_t n;
    char err[512];
    ck_assert_int_eq(parse("{\"direction\": \"\", \"axes\": []}", &a, &n, err, sizeof err), 0);
    ck_assert_uint_eq(n, 2);
    ck_assert_str_eq(a[0].s, "");
    ck_assert_str_eq(a[1].name, "axes");
    ck_assert_uint_eq(a[1].n, 0);
    ck_assert_ptr_null(a[1].ints);
    sct_case_attributes_free(a, n);
}
END_TEST

/* Rounded ONCE from the literal: just above the midpoint 1 + 2^-24, which
 * a double would round to first and float32 then to even (1.0). */
START_TEST(float_rounded_once_from_the_literal)
{
    sonnx_attribute *a;
    size_t n;
    char err[512];
    ck_assert_int_eq(parse("{\"direction\": \"x\", \"alpha\": 1.0000000596046447753906250001}",
                           &a, &n, err, sizeof err), 0);
    ck_assert(a[0].f == 0x1.000002p0f);
    sct_case_attributes_free(a, n);
}
END_TEST

/* An op that declares nothing, and an entry without attributes: none. */
START_TEST(no_declarations_no_attributes)
{
    sct_json_reader rd = {.file = "m.json", .mode = SCT_JSON_STRICT,
                          .naming = SCT_JSON_NAME_IN_PATH, .label = "field "};
    char err[256] = "";
    rd.err = err;
    rd.err_cap = sizeof err;
    snprintf(rd.where, sizeof rd.where, "cases[0]");
    sonnx_attribute *a = (sonnx_attribute *)1;
    size_t n = 9;
    ck_assert_int_eq(sct_case_attributes_parse(&rd, NULL, "Div", NULL, 0, &a, &n), 0);
    ck_assert_ptr_null(a);
    ck_assert_uint_eq(n, 0);
    cJSON *empty = cJSON_CreateObject();
    ck_assert_int_eq(sct_case_attributes_parse(&rd, empty, "Div", NULL, 0, &a, &n), 0);
    ck_assert_uint_eq(n, 0);
    cJSON *axis = cJSON_Parse("{\"axis\": 1}");
    ck_assert_int_eq(sct_case_attributes_parse(&rd, axis, "Div", NULL, 0, &a, &n), -1);
    ck_assert_str_eq(err, "m.json: field cases[0].attributes.axis: Div declares no "
                          "attribute 'axis' (ops/operators.json)");
    cJSON_Delete(axis);
    cJSON_Delete(empty);
}
END_TEST

static const struct refusal {
    const char *json;
    const char *message;
} refusals[] = {
    {"{\"direction\": \"x\", \"axis\": 1}",
     "m.json: field cases[3].attributes.axis: Mod declares no attribute 'axis' "
     "(ops/operators.json)"},
    {"[]", "m.json: field cases[3].attributes: must be an object {\"<name>\": <value>}"},
    {"{\"direction\": \"a\", \"direction\": \"b\"}",
     "m.json: field cases[3].attributes: duplicate key \"direction\""},
    {"{\"fmod\": 1}",
     "m.json: field cases[3].attributes.direction: missing; Mod requires it "
     "(ops/operators.json)"},
    {NULL,
     "m.json: field cases[3].attributes.direction: missing; Mod requires it "
     "(ops/operators.json)"},
    {"{\"direction\": \"x\", \"fmod\": \"1\"}",
     "m.json: field cases[3].attributes.fmod: must be an integer (Mod declares 'fmod' an int)"},
    {"{\"direction\": \"x\", \"fmod\": true}",
     "m.json: field cases[3].attributes.fmod: must be an integer (Mod declares 'fmod' an int)"},
    {"{\"direction\": \"x\", \"fmod\": 1.5}",
     "m.json: field cases[3].attributes.fmod: 1.5 is not an integer in [-2^63, 2^63-1]"},
    {"{\"direction\": \"x\", \"fmod\": 9223372036854775808}",
     "m.json: field cases[3].attributes.fmod: 9223372036854775808 is not an integer in "
     "[-2^63, 2^63-1]"},
    {"{\"direction\": \"x\", \"fmod\": -9223372036854775809}",
     "m.json: field cases[3].attributes.fmod: -9223372036854775809 is not an integer in "
     "[-2^63, 2^63-1]"},
    {"{\"direction\": \"x\", \"alpha\": \"0.5\"}",
     "m.json: field cases[3].attributes.alpha: must be a number (Mod declares 'alpha' a float)"},
    {"{\"direction\": \"x\", \"alpha\": 1e39}",
     "m.json: field cases[3].attributes.alpha: 1e39 is beyond float32's range"},
    {"{\"direction\": 3}",
     "m.json: field cases[3].attributes.direction: must be a string (Mod declares "
     "'direction' a string)"},
    {"{\"direction\": \"a\xff\"}",
     "m.json: field cases[3].attributes.direction: is not well-formed UTF-8"},
    {"{\"direction\": \"x\", \"axes\": 1}",
     "m.json: field cases[3].attributes.axes: must be an array of integers (Mod declares "
     "'axes' ints)"},
    {"{\"direction\": \"x\", \"axes\": [1, \"2\"]}",
     "m.json: field cases[3].attributes.axes[1]: must be an integer (Mod declares 'axes' ints)"},
    {"{\"direction\": \"x\", \"axes\": [1, 0.5]}",
     "m.json: field cases[3].attributes.axes[1]: 0.5 is not an integer in [-2^63, 2^63-1]"},
    {"{\"direction\": \"x\", \"scales\": {}}",
     "m.json: field cases[3].attributes.scales: must be an array of numbers (Mod declares "
     "'scales' floats)"},
    {"{\"direction\": \"x\", \"scales\": [1, -3.5e38]}",
     "m.json: field cases[3].attributes.scales[1]: -3.5e38 is beyond float32's range"},
};

START_TEST(each_refusal_says_why)
{
    const struct refusal *r = &refusals[_i];
    sonnx_attribute *a = (sonnx_attribute *)1;
    size_t n = 9;
    char err[512];
    ck_assert_int_eq(parse(r->json, &a, &n, err, sizeof err), -1);
    ck_assert_str_eq(err, r->message);
    ck_assert_ptr_null(a);
    ck_assert_uint_eq(n, 0);
}
END_TEST

/* The bounds of the isolated worker's request (docs/plugin-abi.md §2.1):
 * 32 attributes, 32768 bytes of names and values. */
START_TEST(wire_bounds)
{
    char json[80000];
    size_t at = (size_t)snprintf(json, sizeof json, "{");
    for (int k = 0; k < 33; k++)
        at += (size_t)snprintf(json + at, sizeof json - at, "%s\"a%d\": 1", k ? ", " : "", k);
    snprintf(json + at, sizeof json - at, "}");
    sonnx_attribute *a;
    size_t n;
    char err[512];
    ck_assert_int_eq(parse(json, &a, &n, err, sizeof err), -1);
    ck_assert_str_eq(err, "m.json: field cases[3].attributes: 33 attributes; at most 32, what "
                          "the isolated worker's request carries (docs/plugin-abi.md §2.1)");

    /* A string of 32768 bytes with its NUL, after the name's 10: too many. */
    at = (size_t)snprintf(json, sizeof json, "{\"direction\": \"");
    memset(json + at, 'x', 32768);
    snprintf(json + at + 32768, sizeof json - at - 32768, "\"}");
    ck_assert_int_eq(parse(json, &a, &n, err, sizeof err), -1);
    ck_assert_str_eq(err, "m.json: field cases[3].attributes: names and values exceed 32768 "
                          "bytes, what the isolated worker's request carries "
                          "(docs/plugin-abi.md §2.1)");

    /* 4096 ints are 32768 bytes of values alone. */
    at = (size_t)snprintf(json, sizeof json, "{\"direction\": \"x\", \"axes\": [");
    for (int k = 0; k < 4096; k++)
        at += (size_t)snprintf(json + at, sizeof json - at, "%s7", k ? "," : "");
    snprintf(json + at, sizeof json - at, "]}");
    ck_assert_int_eq(parse(json, &a, &n, err, sizeof err), -1);
    ck_assert_str_eq(err, "m.json: field cases[3].attributes: names and values exceed 32768 "
                          "bytes, what the isolated worker's request carries "
                          "(docs/plugin-abi.md §2.1)");

    /* 4000 of them fit. */
    at = (size_t)snprintf(json, sizeof json, "{\"direction\": \"x\", \"axes\": [");
    for (int k = 0; k < 4000; k++)
        at += (size_t)snprintf(json + at, sizeof json - at, "%s%d", k ? "," : "", k);
    snprintf(json + at, sizeof json - at, "]}");
    ck_assert_int_eq(parse(json, &a, &n, err, sizeof err), 0);
    ck_assert_uint_eq(a[1].n, 4000);
    ck_assert_int_eq(a[1].ints[3999], 3999);
    sct_case_attributes_free(a, n);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("case_attributes");
    TCase *tc = tcase_create("case_attributes");
    tcase_add_test(tc, every_kind_parses);
    tcase_add_test(tc, only_the_required_one_and_empty_lists);
    tcase_add_test(tc, float_rounded_once_from_the_literal);
    tcase_add_test(tc, no_declarations_no_attributes);
    tcase_add_loop_test(tc, each_refusal_says_why, 0, (int)(sizeof refusals / sizeof refusals[0]));
    tcase_add_test(tc, wire_bounds);
    suite_add_tcase(s, tc);
    return sct_check_run_suite(s);
}
