/*
 * test_negotiate.c — ABI negotiation rules on hand-made function tables
 * (docs/plugin-abi.md "Negotiation"): expected outcomes are written from the
 * rules, not taken from the code.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "plugin_loader.h"
#include "sct_check_main.h"

static sonnx_status q(const sonnx_op *op, const int32_t *t, size_t n, char *m, size_t c)
{
    (void)op; (void)t; (void)n; (void)m; (void)c;
    return SONNX_STATUS_OK;
}
static sonnx_status r(const sonnx_op *op, const sonnx_tensor *i, size_t ni,
                      sonnx_tensor *o, size_t no, char *m, size_t c)
{
    (void)op; (void)i; (void)ni; (void)o; (void)no; (void)m; (void)c;
    return SONNX_STATUS_OK;
}

static sonnx_plugin_entry good(void)
{
    sonnx_plugin_entry e;
    memset(&e, 0, sizeof e);
    e.abi_major = SONNX_PLUGIN_ABI_MAJOR;
    e.abi_minor = SONNX_PLUGIN_ABI_MINOR;
    e.struct_size = sizeof e;
    e.vendor = "v";
    e.runtime_name = "n";
    e.runtime_version = "1";
    e.query = q;
    e.run = r;
    return e;
}

START_TEST(accepts_current)
{
    sonnx_plugin_entry e = good(), out;
    char err[512] = "";
    ck_assert_int_eq(sct_plugin_negotiate(&e, "p.so", &out, err, sizeof err), 0);
    ck_assert(out.run == r);
    ck_assert(out.query == q);
}
END_TEST

START_TEST(accepts_minor_0_and_1)
{
    /* ABI 1.1 keeps 1.0: both known minors load, with the 1.0 table (72
     * bytes on LP64: 1.1 appended to sonnx_op only). */
    for (uint32_t minor = 0; minor <= 1; minor++) {
        sonnx_plugin_entry e = good(), out;
        char err[512] = "";
        e.abi_minor = minor;
        e.struct_size = (uint32_t)(offsetof(sonnx_plugin_entry, run) + sizeof(void *));
        ck_assert_msg(sct_plugin_negotiate(&e, "p.so", &out, err, sizeof err) == 0,
                      "minor %u: %s", minor, err);
        ck_assert_uint_eq(out.abi_minor, minor);
        /* one byte short: refused, naming the minor */
        e.struct_size -= 1;
        ck_assert_int_ne(sct_plugin_negotiate(&e, "p.so", &out, err, sizeof err), 0);
        ck_assert_msg(strstr(err, minor ? "ABI 1.1" : "ABI 1.0") != NULL, "%s", err);
    }
}
END_TEST

START_TEST(refuses_old_and_new_major)
{
    sonnx_plugin_entry e = good(), out;
    char err[512] = "";
    e.abi_major = 0;
    ck_assert_int_ne(sct_plugin_negotiate(&e, "old.so", &out, err, sizeof err), 0);
    ck_assert_ptr_nonnull(strstr(err, "old.so"));
    ck_assert_ptr_nonnull(strstr(err, "too old"));
    e.abi_major = 2;
    ck_assert_int_ne(sct_plugin_negotiate(&e, "new.so", &out, err, sizeof err), 0);
    ck_assert_ptr_nonnull(strstr(err, "new.so"));
    ck_assert_ptr_nonnull(strstr(err, "too new"));
}
END_TEST

START_TEST(refuses_small_struct)
{
    sonnx_plugin_entry e = good(), out;
    char err[512] = "";
    /* one byte short of the last v1.0 member */
    e.struct_size = (uint32_t)(offsetof(sonnx_plugin_entry, run) + sizeof(void *) - 1);
    ck_assert_int_ne(sct_plugin_negotiate(&e, "s.so", &out, err, sizeof err), 0);
    ck_assert_ptr_nonnull(strstr(err, "struct_size"));
}
END_TEST

START_TEST(refuses_missing_members)
{
    static const char *names[] = {"vendor", "runtime_name", "runtime_version",
                                  "query", "run"};
    for (int i = 0; i < 5; i++) {
        sonnx_plugin_entry e = good(), out;
        char err[512] = "";
        if (i == 0) e.vendor = NULL;
        if (i == 1) e.runtime_name = NULL;
        if (i == 2) e.runtime_version = NULL;
        if (i == 3) e.query = NULL;
        if (i == 4) e.run = NULL;
        ck_assert_int_ne(sct_plugin_negotiate(&e, "m.so", &out, err, sizeof err), 0);
        ck_assert_msg(strstr(err, names[i]) != NULL, "%s", err);
    }
}
END_TEST

START_TEST(newer_minor_bigger_struct_is_accepted)
{
    /* A plugin of a later minor: bigger table, extra members appended. */
    struct { sonnx_plugin_entry e; void *extra[4]; } big;
    memset(&big, 0, sizeof big);
    big.e = good();
    big.e.abi_minor = SONNX_PLUGIN_ABI_MINOR + 3;
    big.e.struct_size = sizeof big;
    sonnx_plugin_entry out;
    char err[512] = "";
    ck_assert_int_eq(sct_plugin_negotiate(&big.e, "later.so", &out, err, sizeof err), 0);
    ck_assert_uint_eq(out.abi_minor, SONNX_PLUGIN_ABI_MINOR + 3);
}
END_TEST

START_TEST(older_minor_optional_members_zeroed)
{
    /* struct_size covers exactly the v1.0 members: init/shutdown exist in
     * v1.0, so they are copied; the copy never reads past struct_size. */
    sonnx_plugin_entry e = good(), out;
    memset(&out, 0xff, sizeof out);
    char err[512] = "";
    ck_assert_int_eq(sct_plugin_negotiate(&e, "p.so", &out, err, sizeof err), 0);
    ck_assert(out.init == NULL);
    ck_assert(out.shutdown == NULL);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("negotiate");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, accepts_current);
    tcase_add_test(tc, accepts_minor_0_and_1);
    tcase_add_test(tc, refuses_old_and_new_major);
    tcase_add_test(tc, refuses_small_struct);
    tcase_add_test(tc, refuses_missing_members);
    tcase_add_test(tc, newer_minor_bigger_struct_is_accepted);
    tcase_add_test(tc, older_minor_optional_members_zeroed);
    suite_add_tcase(s, tc);
    return sct_check_run_suite(s);
}
