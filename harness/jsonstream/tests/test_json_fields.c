/*
 * test_json_fields.c — the one strict JSON field reader (json_fields.h):
 * strict mode refuses missing, mistyped and unknown members with
 * "<file>: <field>: <reason>" (the first problem kept), in both namings
 * and with a label; tolerant mode reads past, warning only about members
 * that are present; every reader returns its default on a problem.
 * Expected messages are written out by hand.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sct/jsonstream/json_exact.h"
#include "sct/jsonstream/json_fields.h"
#include "sct_check_main.h"

static const char *const k_colours[] = {"red", "green", "blue"};
static const char *const k_known[] = {"a", "s", "n", "b", "d", "h", "c", "o"};

/* What a row reads from its object. */
typedef enum row_op { STR, STR_OPT, U64, I64, BOOL, DOUBLE, HEX, INT_IN, NAME, KNOWN, NESTED,
                  TWO } row_op;

static const struct {
    const char *json;
    row_op what;
    const char *member;
    sct_json_naming naming;
    const char *label;
    const char *err;        /* strict: the error; "" none */
    const char *warning;    /* tolerant: the one warning; "" none */
    const char *value;      /* the value read, as text (strict and tolerant) */
} k_rows[] = {
    /* present and well-typed: no problem in either mode */
    {"{\"s\":\"x\"}", STR, "s", SCT_JSON_NAME_IN_PATH, NULL, "", "", "x"},
    {"{\"n\":18446744073709551615}", U64, "n", SCT_JSON_NAME_IN_PATH, NULL, "", "",
     "18446744073709551615"},
    {"{\"n\":-9223372036854775808}", I64, "n", SCT_JSON_NAME_IN_PATH, NULL, "", "",
     "-9223372036854775808"},
    {"{\"b\":true}", BOOL, "b", SCT_JSON_NAME_IN_PATH, NULL, "", "", "1"},
    {"{\"d\":2.5}", DOUBLE, "d", SCT_JSON_NAME_IN_PATH, NULL, "", "", "2.5"},
    {"{\"h\":\"0xFFffffffffffffff\"}", HEX, "h", SCT_JSON_NAME_IN_PATH, NULL, "", "",
     "18446744073709551615"},
    {"{\"n\":14}", INT_IN, "n", SCT_JSON_NAME_IN_PATH, NULL, "", "", "14"},
    {"{\"c\":\"blue\"}", NAME, "c", SCT_JSON_NAME_IN_PATH, NULL, "", "", "2"},
    {"{\"a\":1,\"s\":\"x\"}", KNOWN, NULL, SCT_JSON_NAME_IN_PATH, NULL, "", "", "1"},
    {"{}", STR_OPT, "s", SCT_JSON_NAME_IN_PATH, NULL, "", "", "(null)"},
    /* missing: an error when strict, quiet when tolerant */
    {"{}", STR, "s", SCT_JSON_NAME_IN_PATH, NULL, "f.json: obj.s: missing", "", "(null)"},
    {"{}", U64, "n", SCT_JSON_NAME_IN_PATH, NULL, "f.json: obj.n: missing", "", "0"},
    {"{}", STR, "s", SCT_JSON_NAME_IN_REASON, NULL, "f.json: obj: missing string \"s\"", "",
     "(null)"},
    {"{}", INT_IN, "n", SCT_JSON_NAME_IN_PATH, "field ", "f.json: field obj.n: missing",
     "", "-1"},
    /* mistyped: an error when strict, a warning when tolerant */
    {"{\"s\":7}", STR, "s", SCT_JSON_NAME_IN_PATH, NULL, "f.json: obj.s: must be a string",
     "obj.s: must be a string", "(null)"},
    {"{\"s\":7}", STR_OPT, "s", SCT_JSON_NAME_IN_PATH, NULL,
     "f.json: obj.s: must be a string", "obj.s: must be a string", "(null)"},
    {"{\"s\":7}", STR, "s", SCT_JSON_NAME_IN_REASON, NULL,
     "f.json: obj: missing string \"s\"", "obj: missing string \"s\"", "(null)"},
    {"{\"n\":1.5}", U64, "n", SCT_JSON_NAME_IN_PATH, NULL,
     "f.json: obj.n: must be an integer", "obj.n: must be an integer", "0"},
    {"{\"n\":-1}", U64, "n", SCT_JSON_NAME_IN_REASON, NULL,
     "f.json: obj: missing or non-integer \"n\"", "obj: missing or non-integer \"n\"", "0"},
    {"{\"n\":\"3\"}", I64, "n", SCT_JSON_NAME_IN_PATH, NULL,
     "f.json: obj.n: must be an integer", "obj.n: must be an integer", "0"},
    {"{\"b\":1}", BOOL, "b", SCT_JSON_NAME_IN_PATH, NULL, "f.json: obj.b: must be a boolean",
     "obj.b: must be a boolean", "0"},
    {"{\"b\":null}", BOOL, "b", SCT_JSON_NAME_IN_REASON, NULL,
     "f.json: obj: missing boolean \"b\"", "obj: missing boolean \"b\"", "0"},
    {"{\"d\":\"1\"}", DOUBLE, "d", SCT_JSON_NAME_IN_PATH, NULL,
     "f.json: obj.d: must be a number", "obj.d: must be a number", "0"},
    {"{\"h\":\"3f\"}", HEX, "h", SCT_JSON_NAME_IN_PATH, NULL,
     "f.json: obj.h: must be a 0x hex string", "obj.h: must be a 0x hex string", "0"},
    {"{\"h\":\"0x10000000000000000\"}", HEX, "h", SCT_JSON_NAME_IN_REASON, NULL,
     "f.json: obj: missing or malformed \"h\"", "obj: missing or malformed \"h\"", "0"},
    {"{\"h\":\"0x-1\"}", HEX, "h", SCT_JSON_NAME_IN_PATH, NULL,
     "f.json: obj.h: must be a 0x hex string", "obj.h: must be a 0x hex string", "0"},
    {"{\"n\":\"14\"}", INT_IN, "n", SCT_JSON_NAME_IN_PATH, "field ",
     "f.json: field obj.n: must be an integer", "field obj.n: must be an integer", "-1"},
    {"{\"n\":0}", INT_IN, "n", SCT_JSON_NAME_IN_PATH, "field ",
     "f.json: field obj.n: 0 is not an integer in the allowed range",
     "field obj.n: 0 is not an integer in the allowed range", "-1"},
    {"{\"n\":2.5}", INT_IN, "n", SCT_JSON_NAME_IN_PATH, NULL,
     "f.json: obj.n: 2.5 is not an integer in the allowed range",
     "obj.n: 2.5 is not an integer in the allowed range", "-1"},
    /* names: an unknown one is refused, naming it */
    {"{\"c\":\"Blue\"}", NAME, "c", SCT_JSON_NAME_IN_PATH, NULL,
     "f.json: obj.c: unknown colour \"Blue\"", "obj.c: unknown colour \"Blue\"", "3"},
    {"{\"c\":\"Blue\"}", NAME, "c", SCT_JSON_NAME_IN_REASON, NULL,
     "f.json: obj: unknown colour \"Blue\"", "obj: unknown colour \"Blue\"", "3"},
    {"{\"c\":2}", NAME, "c", SCT_JSON_NAME_IN_PATH, NULL, "f.json: obj.c: must be a string",
     "obj.c: must be a string", "3"},
    {"{}", NAME, "c", SCT_JSON_NAME_IN_PATH, NULL, "f.json: obj.c: missing", "", "3"},
    /* unknown members and repeated keys */
    {"{\"a\":1,\"zz\":2}", KNOWN, NULL, SCT_JSON_NAME_IN_PATH, NULL,
     "f.json: obj.zz: unknown field", "obj.zz: unknown field", "0"},
    {"{\"a\":1,\"a\":2}", KNOWN, NULL, SCT_JSON_NAME_IN_PATH, "field ",
     "f.json: field obj: duplicate key \"a\"", "field obj: duplicate key \"a\"", "0"},
    /* a nested object's members are named from their path */
    {"{\"o\":{\"n\":true}}", NESTED, "o", SCT_JSON_NAME_IN_PATH, NULL,
     "f.json: obj.o.n: must be an integer", "obj.o.n: must be an integer", "0"},
    /* strict: the first problem stays the error */
    {"{\"s\":1,\"n\":\"x\"}", TWO, NULL, SCT_JSON_NAME_IN_PATH, NULL,
     "f.json: obj.s: must be a string", "obj.n: must be an integer", "(null)"},
};

typedef struct warnings {
    int n;
    char last[256];
} warnings;

static void on_warn(void *user, const char *msg)
{
    warnings *w = user;
    w->n++;
    snprintf(w->last, sizeof w->last, "%s", msg);
}

/* Row i read in `mode`: the value as text into `value`. */
static void read_row(size_t i, sct_json_reader *rd, char *value, size_t cap)
{
    const char *text = k_rows[i].json;
    char err[128];
    cJSON *o = sct_json_parse_exact(text, strlen(text), err, sizeof err);
    ck_assert_msg(o != NULL, "row %zu: %s", i, err);
    const char *m = k_rows[i].member;
    const char *s;
    int64_t v = -1;
    uint64_t h = 0;
    switch (k_rows[i].what) {
    case STR: case STR_OPT: case TWO:
        s = sct_json_read_str(rd, o, k_rows[i].what == TWO ? "s" : m,
                              k_rows[i].what != STR_OPT);
        snprintf(value, cap, "%s", s ? s : "(null)");
        if (k_rows[i].what == TWO)
            sct_json_read_u64(rd, o, "n");
        break;
    case U64:
        snprintf(value, cap, "%llu", (unsigned long long)sct_json_read_u64(rd, o, m));
        break;
    case I64:
        snprintf(value, cap, "%lld", (long long)sct_json_read_i64(rd, o, m));
        break;
    case BOOL:
        snprintf(value, cap, "%d", sct_json_read_bool(rd, o, m));
        break;
    case DOUBLE:
        snprintf(value, cap, "%g", sct_json_read_double(rd, o, m));
        break;
    case HEX:
        sct_json_read_hex(rd, o, m, &h);
        snprintf(value, cap, "%llu", (unsigned long long)h);
        break;
    case INT_IN:
        sct_json_read_int_in(rd, sct_json_member(o, m), m, 1, 1000, &v);
        snprintf(value, cap, "%lld", (long long)v);
        break;
    case NAME:
        snprintf(value, cap, "%zu", sct_json_read_name(rd, o, m, k_colours, 3, "colour"));
        break;
    case KNOWN:
        snprintf(value, cap, "%d", sct_json_read_known(rd, o, k_known, 8));
        break;
    case NESTED: {
        size_t mark = sct_json_enter(rd, m);
        snprintf(value, cap, "%llu",
                 (unsigned long long)sct_json_read_u64(rd, sct_json_member(o, m), "n"));
        sct_json_leave(rd, mark);
        ck_assert_str_eq(rd->where, "obj");
        break;
    }
    }
    cJSON_Delete(o);
}

START_TEST(test_strict)
{
    char err[256] = "", value[64];
    warnings w = {0, ""};
    sct_json_reader rd = {.file = "f.json", .mode = SCT_JSON_STRICT,
                          .naming = k_rows[_i].naming, .label = k_rows[_i].label,
                          .err = err, .err_cap = sizeof err, .warn = on_warn, .user = &w};
    snprintf(rd.where, sizeof rd.where, "obj");
    read_row((size_t)_i, &rd, value, sizeof value);
    ck_assert_msg(strcmp(err, k_rows[_i].err) == 0, "row %d: error \"%s\", want \"%s\"", _i,
                  err, k_rows[_i].err);
    ck_assert_int_eq(rd.failed, k_rows[_i].err[0] != '\0');
    ck_assert_int_eq(w.n, 0); /* strict never warns */
    if (k_rows[_i].what != KNOWN)
        ck_assert_msg(strcmp(value, k_rows[_i].value) == 0, "row %d: value %s, want %s", _i,
                      value, k_rows[_i].value);
}
END_TEST

START_TEST(test_tolerant)
{
    char err[256] = "", value[64];
    warnings w = {0, ""};
    sct_json_reader rd = {.file = "f.json", .mode = SCT_JSON_TOLERANT,
                          .naming = k_rows[_i].naming, .label = k_rows[_i].label,
                          .err = err, .err_cap = sizeof err, .warn = on_warn, .user = &w};
    snprintf(rd.where, sizeof rd.where, "obj");
    read_row((size_t)_i, &rd, value, sizeof value);
    ck_assert_str_eq(err, "");
    ck_assert(!rd.failed);
    ck_assert_msg(strcmp(w.last, k_rows[_i].warning) == 0, "row %d: warning \"%s\", want \"%s\"",
                  _i, w.last, k_rows[_i].warning);
    ck_assert_int_eq(w.n, k_rows[_i].what == TWO ? 2 : k_rows[_i].warning[0] != '\0');
    if (k_rows[_i].what != KNOWN && k_rows[_i].what != TWO)
        ck_assert_msg(strcmp(value, k_rows[_i].value) == 0, "row %d: value %s, want %s", _i,
                      value, k_rows[_i].value);
}
END_TEST

/* An owned copy of a string or of the default; the problem as for STR. */
START_TEST(test_str_dup)
{
    char err[256] = "";
    sct_json_reader rd = {.file = "f.json", .mode = SCT_JSON_STRICT,
                          .naming = SCT_JSON_NAME_IN_REASON, .err = err,
                          .err_cap = sizeof err};
    snprintf(rd.where, sizeof rd.where, "case \"m\"");
    cJSON *o = sct_json_parse_exact("{\"op\":\"Div\"}", 12, err, sizeof err);
    char *op = sct_json_read_str_dup(&rd, o, "op", "?");
    char *id = sct_json_read_str_dup(&rd, o, "id", "");
    ck_assert_str_eq(op, "Div");
    ck_assert_str_eq(id, "");
    ck_assert_str_eq(err, "f.json: case \"m\": missing string \"id\"");
    free(op);
    free(id);
    cJSON_Delete(o);
}
END_TEST

int main(void)
{
    size_t n = sizeof k_rows / sizeof k_rows[0];
    TCase *tc = tcase_create("rows");
    tcase_add_loop_test(tc, test_strict, 0, (int)n);
    tcase_add_loop_test(tc, test_tolerant, 0, (int)n);
    tcase_add_test(tc, test_str_dup);
    return sct_check_run_tcase("json_fields", tc);
}
