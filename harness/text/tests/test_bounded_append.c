/*
 * test_bounded_append.c — sct_bounded_appendf, table-driven: what the
 * buffer holds and the length returned, at, below and above the capacity.
 * Expected strings are written by hand.
 */
#include <check.h>
#include <string.h>

#include "sct/text/bounded_append.h"
#include "sct_check_main.h"

static const struct row {
    const char *start; /* the buffer's string before */
    size_t cap;
    const char *text;  /* appended with "%s" */
    const char *want;
    size_t want_len;
} ROWS[] = {
    {"", 16, "abc", "abc", 3},
    {"ab", 16, "cd", "abcd", 4},
    {"ab", 5, "cd", "abcd", 4},          /* exactly fills: 4 chars + NUL */
    {"ab", 5, "cde", "abcd", 4},         /* cut at cap - 1 */
    {"abcd", 5, "e", "abcd", 4},         /* full: unchanged */
    {"", 1, "a", "", 0},                 /* room for the NUL only */
    {"ab", 16, "", "ab", 2},
    {"", 4, "abcdefgh", "abc", 3},
};

START_TEST(rows)
{
    const struct row *r = &ROWS[_i];
    char buf[32];
    memset(buf, 'x', sizeof buf);
    strcpy(buf, r->start);
    size_t got = sct_bounded_appendf(buf, r->cap, "%s", r->text);
    ck_assert_str_eq(buf, r->want);
    ck_assert_uint_eq(got, r->want_len);
    /* nothing past the capacity is touched */
    ck_assert_int_eq(buf[r->cap], 'x');
}
END_TEST

/* Formats, and a buffer without its NUL inside the capacity is cut there. */
START_TEST(format_and_unterminated)
{
    char buf[8] = "";
    ck_assert_uint_eq(sct_bounded_appendf(buf, sizeof buf, "%s=%d", "n", 42), 4);
    ck_assert_uint_eq(sct_bounded_appendf(buf, sizeof buf, ", %u", 7u), 7);
    ck_assert_str_eq(buf, "n=42, 7");
    char raw[4] = {'a', 'b', 'c', 'd'};
    ck_assert_uint_eq(sct_bounded_appendf(raw, sizeof raw, "e"), 3);
    ck_assert_str_eq(raw, "abc");
    ck_assert_uint_eq(sct_bounded_appendf(raw, 0, "e"), 0);
}
END_TEST

int main(void)
{
    TCase *tc = tcase_create("rows");
    tcase_add_loop_test(tc, rows, 0, (int)(sizeof ROWS / sizeof ROWS[0]));
    tcase_add_test(tc, format_and_unterminated);
    return sct_check_run_tcase("bounded_append", tc);
}
