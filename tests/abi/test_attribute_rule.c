/*
 * test_attribute_rule.c — the ABI 1.1 rule for attributes, through the
 * harness's backend, in-process and isolated (docs/plugin-abi.md §2.1,
 * include/sonnx_cts/plugin.h): a case whose op has attributes is declined
 * by the harness for a plugin of ABI 1.0 (UNSUPPORTED, the reason naming
 * the plugin's minor; the plugin is not called), and passed to a plugin of
 * ABI 1.1 — across the isolated worker's socket too, every kind intact —
 * which echoes what it received (plugin_1_1_attrs.c); an op without
 * attributes reaches both.  What the worker's request cannot carry (too
 * many, too large, NULL names or values, an unknown kind) is refused by the
 * harness, and the worker serves the next call.  Expected texts are written
 * from the rule and the table, not from the code.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "sct/exec/backend.h"
#include "sct_check_main.h"

static sct_backend *open_backend(const char *path, bool isolate)
{
    sct_backend_options o = {.isolate = isolate, .timeout_seconds = 10.0};
    char err[1024] = "";
    sct_backend *b = sct_backend_open_plugin(path, &o, err, sizeof err);
    ck_assert_msg(b != NULL, "%s", err);
    return b;
}

#define ATTR_INT(nm, v) {nm, SONNX_ATTR_INT, 0, v, 0.0f, 0, NULL, 0, NULL, NULL}
#define ATTR_FLOAT(nm, v) {nm, SONNX_ATTR_FLOAT, 0, 0, v, 0, NULL, 0, NULL, NULL}
#define ATTR_STRING(nm, v) {nm, SONNX_ATTR_STRING, 0, 0, 0.0f, 0, v, 0, NULL, NULL}
#define ATTR_INTS(nm, cnt, p) {nm, SONNX_ATTR_INTS, 0, 0, 0.0f, 0, NULL, cnt, p, NULL}
#define ATTR_FLOATS(nm, cnt, p) {nm, SONNX_ATTR_FLOATS, 0, 0, 0.0f, 0, NULL, cnt, NULL, p}

static const int64_t axis_ints[2] = {0, 1};
static const sonnx_attribute one_attr[1] = {ATTR_INT("axis", 1)};
static const sonnx_attribute two_attrs[2] = {ATTR_INT("axis", -1),
                                             ATTR_INTS("axes", 2, axis_ints)};

/* Every kind, extremes included: -0.0, INT64_MIN/MAX, an empty name and
 * string. */
static const int64_t pads[3] = {INT64_MIN, 0, INT64_MAX};
static const float scales[4] = {0.5f, -2.0f, 3.25f, -0.0f};
static const sonnx_attribute every_kind[7] = {
    ATTR_FLOAT("alpha", 1.5f),         ATTR_FLOAT("neg0", -0.0f),
    ATTR_INT("fmod", 1),               ATTR_STRING("mode", "constant"),
    ATTR_FLOATS("scales", 4, scales),  ATTR_INTS("pads", 3, pads),
    ATTR_STRING("", "")};
static const sonnx_attribute empty_lists[2] = {ATTR_INTS("axes", 0, NULL),
                                               ATTR_FLOATS("scales", 0, NULL)};

/* Large values, filled by main(): the request's payload is 32768 bytes at
 * most; 4090 int64 after a 40-byte descriptor and the name "big" (4 bytes,
 * padded to 8) fill it exactly, one more does not fit. */
static int64_t big_ints[4091];
static float quarter_floats[1000];
static char long_string[1001];
static sonnx_attribute full_payload[1] = {ATTR_INTS("big", 4090, big_ints)};
static sonnx_attribute over_payload[1] = {ATTR_INTS("big", 4091, big_ints)};
static sonnx_attribute big_values[3] = {ATTR_INTS("ids", 3000, big_ints),
                                        ATTR_FLOATS("w", 1000, quarter_floats),
                                        ATTR_STRING("text", long_string)};
static char names[33][4];
static sonnx_attribute max_count[32], over_count[33];
static char max_count_text[512];

/* What the request cannot carry. */
static const sonnx_attribute null_name[2] = {ATTR_INT("axis", 1), ATTR_INT(NULL, 2)};
static const sonnx_attribute unknown_kind[1] = {
    {"t", 4 /* TENSOR: not in the ABI */, 0, 0, 0.0f, 0, NULL, 0, NULL, NULL}};
static const sonnx_attribute null_string[1] = {ATTR_STRING("mode", NULL)};
static const sonnx_attribute null_ints[1] = {ATTR_INTS("axes", 2, NULL)};

typedef struct row {
    const char *plugin; /* PLUGIN_1_0 or PLUGIN_1_1 */
    size_t n_attributes;
    const sonnx_attribute *attributes;
    sct_exec_status want;
    const char *want_text; /* the whole message (1.1 echo), else a part */
    bool exact;
    bool isolated_only; /* what only the worker's request cannot carry */
} row;

static const row rows[] = {
    /* 1.0 plugin: no attributes, the plugin answers (it maps Div float32). */
    {PLUGIN_1_0, 0, NULL, SCT_EXEC_OK, "", false, false},
    /* 1.0 plugin, attributed op: declined by the harness, naming 1.0. */
    {PLUGIN_1_0, 1, one_attr, SCT_EXEC_UNSUPPORTED, "has 1 attribute, which a plugin of ABI 1.0", false, false},
    {PLUGIN_1_0, 2, two_attrs, SCT_EXEC_UNSUPPORTED, "has 2 attributes, which a plugin of ABI 1.0", false, false},
    /* 1.1 plugin: the attributes reach it (its message echoes them). */
    {PLUGIN_1_1, 0, NULL, SCT_EXEC_UNSUPPORTED, "Div: 0 attributes", true, false},
    {PLUGIN_1_1, 1, one_attr, SCT_EXEC_UNSUPPORTED, "Div: 1 attributes; axis INT 1", true, false},
    {PLUGIN_1_1, 2, two_attrs, SCT_EXEC_UNSUPPORTED, "Div: 2 attributes; axis INT -1; axes INTS [2] 0 1", true, false},
    {PLUGIN_1_1, 7, every_kind, SCT_EXEC_UNSUPPORTED,
     "Div: 7 attributes; alpha FLOAT 0x1.8p+0; neg0 FLOAT -0x0p+0; fmod INT 1; "
     "mode STRING \"constant\" (8); scales FLOATS [4] 0x1p-1 -0x1p+1 0x1.ap+1 -0x0p+0; "
     "pads INTS [3] -9223372036854775808 0 9223372036854775807;  STRING \"\" (0)", true, false},
    {PLUGIN_1_1, 2, empty_lists, SCT_EXEC_UNSUPPORTED, "Div: 2 attributes; axes INTS [0]; scales FLOATS [0]", true, false},
    /* 0 + 1 + ... + 2999 = 4498500; 1000 x 0.25 = 250 = 0x1.f4p+7 */
    {PLUGIN_1_1, 3, big_values, SCT_EXEC_UNSUPPORTED,
     "Div: 3 attributes; ids INTS [3000] sum 4498500 first 0 last 2999; "
     "w FLOATS [1000] sum 0x1.f4p+7 first 0x1p-2 last 0x1p-2; "
     "text STRING \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\" (1000)", true, false},
    /* exactly the payload's capacity: 0 + ... + 4089 = 8362005 */
    {PLUGIN_1_1, 1, full_payload, SCT_EXEC_UNSUPPORTED,
     "Div: 1 attributes; big INTS [4090] sum 8362005 first 0 last 4089", true, false},
    {PLUGIN_1_1, 32, max_count, SCT_EXEC_UNSUPPORTED, max_count_text, true, false},
    /* refused by the harness before the worker is asked */
    {PLUGIN_1_1, 33, over_count, SCT_EXEC_HARNESS_ERROR, "33 attributes, more than the 32", false, true},
    {PLUGIN_1_1, 1, over_payload, SCT_EXEC_HARNESS_ERROR,
     "attribute 0 ('big'): its INTS value does not fit the 32768 bytes", false, true},
    {PLUGIN_1_1, 2, null_name, SCT_EXEC_HARNESS_ERROR, "attribute 1 has no name", false, true},
    {PLUGIN_1_1, 1, unknown_kind, SCT_EXEC_HARNESS_ERROR, "attribute 0 ('t'): unknown kind 4", false, true},
    {PLUGIN_1_1, 1, null_string, SCT_EXEC_HARNESS_ERROR, "attribute 0 ('mode'): STRING value missing", false, true},
    {PLUGIN_1_1, 1, null_ints, SCT_EXEC_HARNESS_ERROR, "attribute 0 ('axes'): INTS value missing", false, true},
};
#define N_ROWS (int)(sizeof rows / sizeof rows[0])

static void expect(const row *w, sct_exec_result r, const char *what, int i)
{
    ck_assert_msg(r.status == w->want, "row %d %s: status %d (%s)", i, what, (int)r.status,
                  r.message);
    if (w->exact)
        ck_assert_msg(strcmp(r.message, w->want_text) == 0, "row %d %s: message\n  '%s'\nwanted\n  '%s'",
                      i, what, r.message, w->want_text);
    else
        ck_assert_msg(strstr(r.message, w->want_text) != NULL, "row %d %s: message '%s'", i,
                      what, r.message);
}

/* Row _i / 2, in-process (even) or isolated (odd). */
START_TEST(attribute_rule)
{
    const row *w = &rows[_i / 2];
    bool isolate = _i % 2 == 1;
    if (w->isolated_only && !isolate)
        return;
    const char *how = isolate ? "isolated" : "in-process";
    sct_backend *b = open_backend(w->plugin, isolate);
    sonnx_op op = {"Div", "", 14, "sonnx", w->n_attributes, w->attributes};
    int32_t t[2] = {SONNX_DT_FLOAT, SONNX_DT_FLOAT};
    expect(w, sct_backend_query(b, &op, t, 2), how, _i / 2);
    /* run receives the same; it never reaches a 1.0 plugin */
    float x[1] = {1.0f};
    sonnx_tensor in[2] = {{SONNX_DT_FLOAT, 1, {1}, x, 4}, {SONNX_DT_FLOAT, 1, {1}, x, 4}};
    float y[1] = {0.0f};
    sonnx_tensor out[1] = {{SONNX_DT_FLOAT, 1, {1}, y, 4}};
    if (w->n_attributes || strcmp(w->plugin, PLUGIN_1_1) == 0) {
        expect(w, sct_backend_run(b, &op, in, 2, out, 1), how, _i / 2);
        ck_assert(y[0] == 0.0f);
    }
    /* a refusal leaves the backend serving: the next call is answered */
    if (w->want == SCT_EXEC_HARNESS_ERROR) {
        sonnx_op ok = {"Div", "", 14, "sonnx", 1, one_attr};
        sct_exec_result r = sct_backend_query(b, &ok, t, 2);
        ck_assert_str_eq(r.message, "Div: 1 attributes; axis INT 1");
    }
    sct_backend_close(b);
}
END_TEST

int main(void)
{
    for (size_t k = 0; k < sizeof big_ints / sizeof big_ints[0]; k++)
        big_ints[k] = (int64_t)k;
    for (size_t k = 0; k < sizeof quarter_floats / sizeof quarter_floats[0]; k++)
        quarter_floats[k] = 0.25f;
    memset(long_string, 'x', sizeof long_string - 1);
    size_t len = (size_t)snprintf(max_count_text, sizeof max_count_text, "Div: 32 attributes");
    for (int k = 0; k < 33; k++) {
        snprintf(names[k], sizeof names[k], "a%d", k);
        sonnx_attribute a = ATTR_INT(names[k], k);
        over_count[k] = a;
        if (k < 32) {
            max_count[k] = a;
            len += (size_t)snprintf(max_count_text + len, sizeof max_count_text - len,
                                    "; a%d INT %d", k, k);
        }
    }
    if (len >= sizeof max_count_text)
        return 1; /* the expected text does not fit: the table is wrong */
    Suite *s = suite_create("abi_attribute_rule");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_loop_test(tc, attribute_rule, 0, 2 * N_ROWS);
    suite_add_tcase(s, tc);
    return sct_check_run_suite(s);
}
