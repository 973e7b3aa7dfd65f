/*
 * test_utf8_check.c — sct_utf8_clean, table-driven: well-formed text of every
 * sequence length kept; each ill-formed case of RFC 3629 §4 (lone
 * continuation, truncated sequence, overlong forms, surrogates, above
 * U+10FFFF, C0/C1/F5-FF leads) replaced byte by byte with '?'.  Expected
 * strings and counts are written by hand from the RFC's table.
 */
#include <check.h>
#include <string.h>

#include "sct/text/utf8_check.h"
#include "sct_check_main.h"

static const struct row {
    const char *in;
    const char *want;
    size_t replaced;
} ROWS[] = {
    {"", "", 0},
    {"plain ASCII ~\t\n", "plain ASCII ~\t\n", 0},
    /* the smallest and largest code point of each length */
    {"\xc2\x80\xdf\xbf", "\xc2\x80\xdf\xbf", 0},
    {"\xe0\xa0\x80\xef\xbf\xbf", "\xe0\xa0\x80\xef\xbf\xbf", 0},
    {"\xf0\x90\x80\x80\xf4\x8f\xbf\xbf", "\xf0\x90\x80\x80\xf4\x8f\xbf\xbf", 0},
    /* around the surrogates: U+D7FF and U+E000 are well-formed */
    {"\xed\x9f\xbf\xee\x80\x80", "\xed\x9f\xbf\xee\x80\x80", 0},
    /* lone continuation bytes */
    {"a\x80z\xbf", "a?z?", 2},
    /* overlong: C0/C1 leads, E0 80..9F, F0 80..8F */
    {"\xc0\xaf\xc1\xbf", "????", 4},
    {"\xe0\x9f\xbf", "???", 3},
    {"\xf0\x8f\xbf\xbf", "????", 4},
    /* surrogates U+D800 and U+DFFF */
    {"\xed\xa0\x80\xed\xbf\xbf", "??????", 6},
    /* above U+10FFFF, and the leads that never occur */
    {"\xf4\x90\x80\x80", "????", 4},
    {"\xf5\x80\xfe\xff", "????", 4},
    /* truncated: at the end, and before ASCII (the ASCII survives) */
    {"ok\xe2\x82", "ok??", 2},
    {"\xf0\x9f\x98x", "???x", 3},
    /* a message cut at its capacity inside a euro sign keeps the rest */
    {"5 \xe2\x82\xac and \xe2\x82", "5 \xe2\x82\xac and ??", 2},
};

START_TEST(rows)
{
    const struct row *r = &ROWS[_i];
    char buf[64];
    ck_assert_uint_lt(strlen(r->in), sizeof buf);
    strcpy(buf, r->in);
    size_t n = sct_utf8_clean(buf);
    ck_assert_msg(strcmp(buf, r->want) == 0, "row %d: got \"%s\", want \"%s\"", _i, buf,
                  r->want);
    ck_assert_uint_eq(n, r->replaced);
}
END_TEST

START_TEST(null_is_allowed)
{
    ck_assert_uint_eq(sct_utf8_clean(NULL), 0);
}
END_TEST

int main(void)
{
    TCase *tc = tcase_create("rows");
    tcase_add_loop_test(tc, rows, 0, (int)(sizeof ROWS / sizeof ROWS[0]));
    tcase_add_test(tc, null_is_allowed);
    return sct_check_run_tcase("utf8_check", tc);
}
