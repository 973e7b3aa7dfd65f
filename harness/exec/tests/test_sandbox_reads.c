/*
 * test_sandbox_reads.c — what the sandboxed worker may read
 * (sandbox_reads.c; docs/plugin-abi.md 5.1, "What a plugin may read"),
 * table-driven over a temporary tree T:
 *     T/a/f   T/b/vec/g (hidden: stands for the vector set)   T/b/c/h
 * with T declared readable (--sandbox-read) and T/b/vec hidden: T is split
 * around T/b/vec, everything else of T is readable, the system trees are,
 * another process's /proc is not.
 */
#include <check.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sct/exec/worker_sandbox.h"
#include "sct_check_main.h"

static char g_root[PATH_MAX];

/* Called from main() (outside any test: no ck_assert here). */
static bool make_tree(void)
{
    char tmpl[] = "/tmp/sct-reads-XXXXXX";
    if (mkdtemp(tmpl) == NULL || realpath(tmpl, g_root) == NULL)
        return false;
    static const char *const dirs[] = {"a", "b", "b/vec", "b/c"};
    static const char *const files[] = {"a/f", "b/vec/g", "b/c/h"};
    char p[PATH_MAX + 16];
    for (size_t i = 0; i < 4; i++) {
        snprintf(p, sizeof p, "%s/%s", g_root, dirs[i]);
        if (mkdir(p, 0700) != 0)
            return false;
    }
    for (size_t i = 0; i < 3; i++) {
        snprintf(p, sizeof p, "%s/%s", g_root, files[i]);
        FILE *f = fopen(p, "w");
        if (f == NULL)
            return false;
        fclose(f);
    }
    return true;
}

static void remove_tree(void)
{
    static const char *const order[] = {"a/f", "b/vec/g", "b/c/h", "a", "b/vec", "b/c", "b", ""};
    char p[PATH_MAX + 16];
    for (size_t i = 0; i < sizeof order / sizeof order[0]; i++) {
        snprintf(p, sizeof p, "%s/%s", g_root, order[i]);
        remove(p);
    }
}

typedef struct row {
    const char *path; /* "T/..." relative to the tree, or absolute */
    bool is_dir;
    bool allowed;
} row;

static const row ROWS[] = {
    {"T/a/f", false, true},
    {"T/a", true, true},
    {"T/b/c/h", false, true},
    {"T", true, true},          /* listing the split tree */
    {"T/b", true, true},        /* listing down to the hidden path */
    {"T/b/vec/g", false, false}, /* a golden */
    {"T/b/vec", true, false},
    {"/usr/lib", true, true},
    {"/etc/passwd", false, true},
    {"/proc/1/cmdline", false, false}, /* another process's command line */
    {"/home", true, false},
    {"/tmp", true, false},
};

START_TEST(read_rules)
{
    const row *r = &ROWS[_i];
    char hidden[PATH_MAX + 16], path[PATH_MAX + 16];
    snprintf(hidden, sizeof hidden, "%s/b/vec", g_root);
    const char *extra[] = {g_root};
    const char *hide[] = {hidden};
    sct_sandbox_read_request q = {"/usr/lib/x.so", "", extra, 1, NULL, 0, hide, 1};
    sct_sandbox_reads reads;
    ck_assert_int_eq(sct_sandbox_reads_build(&q, &reads), 0);
    if (strncmp(r->path, "T", 1) == 0)
        snprintf(path, sizeof path, "%s%s", g_root, r->path + 1);
    else
        snprintf(path, sizeof path, "%s", r->path);
    ck_assert_msg(sct_sandbox_reads_allow(&reads, path, r->is_dir) == r->allowed,
                  "%s: expected %s", path, r->allowed ? "readable" : "refused");
    /* the identity names the widened tree and that it was split */
    ck_assert_ptr_nonnull(strstr(reads.widened, g_root));
    ck_assert_ptr_nonnull(strstr(reads.widened, "less the vector set and reports"));
    sct_sandbox_reads_free(&reads);
}
END_TEST

/* An absolute path in the vendor options widens reading to its directory,
 * and only that. */
START_TEST(vendor_option_paths)
{
    char opts[PATH_MAX + 64], inside[PATH_MAX + 16], beside[PATH_MAX + 16];
    snprintf(opts, sizeof opts, "threads=2;lib=%s/b/c/h;name=relative/x", g_root);
    snprintf(inside, sizeof inside, "%s/b/c/h", g_root);
    snprintf(beside, sizeof beside, "%s/a/f", g_root);
    sct_sandbox_read_request q = {"/usr/lib/x.so", opts, NULL, 0, NULL, 0, NULL, 0};
    sct_sandbox_reads reads;
    ck_assert_int_eq(sct_sandbox_reads_build(&q, &reads), 0);
    ck_assert(sct_sandbox_reads_allow(&reads, inside, false));
    ck_assert(!sct_sandbox_reads_allow(&reads, beside, false));
    char dir[PATH_MAX + 16];
    snprintf(dir, sizeof dir, "%s/b/c", g_root);
    ck_assert_str_eq(reads.widened, dir);
    sct_sandbox_reads_free(&reads);
}
END_TEST

int main(void)
{
    /* in the parent: every forked test sees the same tree */
    if (!make_tree()) {
        perror("test_sandbox_reads: temporary tree");
        remove_tree();
        return EXIT_FAILURE;
    }
    TCase *tc = tcase_create("reads");
    tcase_add_loop_test(tc, read_rules, 0, (int)(sizeof ROWS / sizeof ROWS[0]));
    tcase_add_test(tc, vendor_option_paths);
    int rc = sct_check_run_tcase("sandbox_reads", tc);
    remove_tree();
    return rc;
}
