/*
 * test_command_line.c — the "exact command line" of reports
 * (sct_join_command_line): pasted back into a POSIX shell it must give the
 * same argv, so every word the shell would expand, split or treat
 * specially is single-quoted.  Expected lines are written by hand.
 */
#include <check.h>
#include <stdlib.h>

#include "run_identity.h"
#include "sct_check_main.h"

static void expect_line(int argc, const char *const *argv, const char *want)
{
    char *got = sct_join_command_line(argc, (char **)argv);
    ck_assert_ptr_nonnull(got);
    ck_assert_str_eq(got, want);
    free(got);
}

START_TEST(test_plain_words_unquoted)
{
    const char *const a[] = {"sonnx-cts", "run", "--op", "Div", "--json", "out/r.json"};
    expect_line(6, a, "sonnx-cts run --op Div --json out/r.json");
}
END_TEST

START_TEST(test_spaces_quotes_and_globs_quoted)
{
    const char *const a[] = {"x", "a b", "it's", "*.json", ""};
    expect_line(5, a, "x 'a b' 'it'\\''s' '*.json' ''");
}
END_TEST

/* Brace expansion, tilde expansion, comments and history expansion would
 * each change the words when pasted. */
START_TEST(test_brace_tilde_comment_history_quoted)
{
    const char *const a[] = {"x", "div/{a,b}", "~/v", "#c", "a!b"};
    expect_line(5, a, "x 'div/{a,b}' '~/v' '#c' 'a!b'");
}
END_TEST

int main(void)
{
    Suite *s = suite_create("command_line");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_plain_words_unquoted);
    tcase_add_test(tc, test_spaces_quotes_and_globs_quoted);
    tcase_add_test(tc, test_brace_tilde_comment_history_quoted);
    suite_add_tcase(s, tc);
    return sct_check_run_suite(s);
}
