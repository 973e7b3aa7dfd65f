/*
 * test_attribute_rule.c — the ABI 1.1 rule for attributes, through the
 * harness's backend (docs/plugin-abi.md §2.1, include/sonnx_cts/plugin.h):
 * a case whose op has attributes is declined by the harness for a plugin of
 * ABI 1.0 (UNSUPPORTED, the reason naming the plugin's minor; the plugin is
 * not called), and passed to a plugin of ABI 1.1; an op without attributes
 * reaches both.  Expected texts are written from the rule, not the code.
 */
#include <check.h>
#include <string.h>

#include "sct/exec/backend.h"
#include "sct_check_main.h"

static sct_backend *open_inproc(const char *path)
{
    sct_backend_options o = {.isolate = false};
    char err[1024] = "";
    sct_backend *b = sct_backend_open_plugin(path, &o, err, sizeof err);
    ck_assert_msg(b != NULL, "%s", err);
    return b;
}

static const int64_t axis_ints[2] = {0, 1};
static const sonnx_attribute one_attr[1] = {
    {"axis", SONNX_ATTR_INT, 0, 1, 0.0f, 0, NULL, 0, NULL, NULL}};
static const sonnx_attribute two_attrs[2] = {
    {"axis", SONNX_ATTR_INT, 0, -1, 0.0f, 0, NULL, 0, NULL, NULL},
    {"axes", SONNX_ATTR_INTS, 0, 0, 0.0f, 0, NULL, 2, axis_ints, NULL}};

static const struct {
    const char *plugin; /* PLUGIN_1_0 or PLUGIN_1_1 */
    size_t n_attributes;
    const sonnx_attribute *attributes;
    sct_exec_status want;
    const char *want_text; /* in the message */
} rows[] = {
    /* 1.0 plugin: no attributes, the plugin answers (it maps Div float32). */
    {PLUGIN_1_0, 0, NULL, SCT_EXEC_OK, ""},
    /* 1.0 plugin, attributed op: declined by the harness, naming 1.0. */
    {PLUGIN_1_0, 1, one_attr, SCT_EXEC_UNSUPPORTED, "has 1 attribute, which a plugin of ABI 1.0"},
    {PLUGIN_1_0, 2, two_attrs, SCT_EXEC_UNSUPPORTED, "has 2 attributes, which a plugin of ABI 1.0"},
    /* 1.1 plugin: the attributes reach it (its message echoes them). */
    {PLUGIN_1_1, 0, NULL, SCT_EXEC_UNSUPPORTED, "Div: 0 attributes"},
    {PLUGIN_1_1, 1, one_attr, SCT_EXEC_UNSUPPORTED, "Div: 1 attributes, first axis kind 2 i 1"},
    {PLUGIN_1_1, 2, two_attrs, SCT_EXEC_UNSUPPORTED, "Div: 2 attributes, first axis kind 2 i -1"},
};

START_TEST(attribute_rule)
{
    sct_backend *b = open_inproc(rows[_i].plugin);
    sonnx_op op = {"Div", "", 14, "sonnx", rows[_i].n_attributes, rows[_i].attributes};
    int32_t t[2] = {SONNX_DT_FLOAT, SONNX_DT_FLOAT};
    sct_exec_result r = sct_backend_query(b, &op, t, 2);
    ck_assert_msg(r.status == rows[_i].want, "row %d: status %d (%s)", _i, (int)r.status,
                  r.message);
    ck_assert_msg(strstr(r.message, rows[_i].want_text) != NULL, "row %d: message '%s'",
                  _i, r.message);
    /* run is guarded the same way: never reaches a 1.0 plugin. */
    if (rows[_i].n_attributes && strcmp(rows[_i].plugin, PLUGIN_1_0) == 0) {
        float x[1] = {1.0f};
        sonnx_tensor in[2] = {{SONNX_DT_FLOAT, 1, {1}, x, 4}, {SONNX_DT_FLOAT, 1, {1}, x, 4}};
        float y[1] = {0.0f};
        sonnx_tensor out[1] = {{SONNX_DT_FLOAT, 1, {1}, y, 4}};
        r = sct_backend_run(b, &op, in, 2, out, 1);
        ck_assert_int_eq(r.status, SCT_EXEC_UNSUPPORTED);
        ck_assert(y[0] == 0.0f);
    }
    sct_backend_close(b);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("abi_attribute_rule");
    TCase *tc = tcase_create("core");
    tcase_add_loop_test(tc, attribute_rule, 0, (int)(sizeof rows / sizeof rows[0]));
    suite_add_tcase(s, tc);
    return sct_check_run_suite(s);
}
