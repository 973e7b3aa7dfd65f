/*
 * test_xml_escape.c — sct_xml_escape, table-driven over every policy: each
 * special character, the controls kept and replaced, DEL, UTF-8 valid and
 * invalid (each ill-formed byte unsafe), the code points XML 1.0 §2.2
 * forbids, the empty string and NULL.
 * Expected strings are written by hand from xml_escape.h's rules.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sct/text/xml_escape.h"
#include "sct_check_main.h"

/* The two named policies, and one mixing their parameters the other way,
 * so each parameter is seen to act on its own. */
static const sct_xml_policy MIXED = {
    .apos = SCT_XML_APOS_NAMED, .unsafe = SCT_XML_UNSAFE_REPLACEMENT, .del_unsafe = false};

#define HTML (&sct_xml_policy_html)
#define XML10 (&sct_xml_policy_xml10)

static const struct row {
    const sct_xml_policy *policy;
    const char *in; /* NULL: the NULL pointer */
    const char *want;
} ROWS[] = {
    /* & < > " are the same under every policy */
    {HTML, "a&b<c>d\"e", "a&amp;b&lt;c&gt;d&quot;e"},
    {XML10, "a&b<c>d\"e", "a&amp;b&lt;c&gt;d&quot;e"},
    {&MIXED, "a&b<c>d\"e", "a&amp;b&lt;c&gt;d&quot;e"},
    /* an entity already in the text is escaped again, not trusted */
    {HTML, "&amp;", "&amp;amp;"},
    {XML10, "&lt;", "&amp;lt;"},
    /* the apostrophe: the apos parameter */
    {HTML, "it's", "it&#39;s"},
    {XML10, "it's", "it&apos;s"},
    {&MIXED, "'", "&apos;"},
    /* markup and script injection stay text */
    {HTML, "\"><script>x</script>", "&quot;&gt;&lt;script&gt;x&lt;/script&gt;"},
    {XML10, "]]><x a='1'/>", "]]&gt;&lt;x a=&apos;1&apos;/&gt;"},
    /* tab, newline, CR are copied under every policy */
    {HTML, "a\tb\nc\rd", "a\tb\nc\rd"},
    {XML10, "a\tb\nc\rd", "a\tb\nc\rd"},
    /* the other C0 controls: the unsafe parameter */
    {HTML, "\x01\x08\x0b\x0c\x1b\x1f", "&#xFFFD;&#xFFFD;&#xFFFD;&#xFFFD;&#xFFFD;&#xFFFD;"},
    {XML10, "\x01\x08\x0b\x0c\x1b\x1f", "??????"},
    {&MIXED, "bell\a", "bell&#xFFFD;"},
    {XML10, "bell\a!", "bell?!"},
    /* space and '~' are the printable ends: copied */
    {HTML, " ~", " ~"},
    {XML10, " ~", " ~"},
    /* DEL: the del_unsafe parameter */
    {HTML, "del\x7f", "del&#xFFFD;"},
    {XML10, "del\x7f", "del\x7f"},
    {&MIXED, "\x7f", "\x7f"},
    /* UTF-8, valid: copied */
    {HTML, "h\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80", "h\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80"},
    {XML10, "h\xc3\xa9 \xe2\x82\xac", "h\xc3\xa9 \xe2\x82\xac"},
    /* C1 controls U+0080-U+009F (UTF-8 C2 80 - C2 9F): bytes >= 0x80 are
     * copied, not judged */
    {HTML, "\xc2\x85", "\xc2\x85"},
    {XML10, "\xc2\x9f", "\xc2\x9f"},
    /* invalid UTF-8 (lone continuation, truncated sequence, overlong C0 AF,
     * 0xFF): each byte unsafe */
    {HTML, "a\x80" "b\xc3" "c\xc0\xaf\xff",
     "a&#xFFFD;b&#xFFFD;c&#xFFFD;&#xFFFD;&#xFFFD;"},
    {XML10, "a\x80" "b\xc3" "c\xc0\xaf\xff", "a?b?c???"},
    /* a truncated 3-byte sequence before ASCII; a 4-byte one at the end */
    {XML10, "\xe2\x82x\xf0\x9f\x98", "??x???"},
    /* overlong E0 80 80, above U+10FFFF (F4 90 80 80), F5 lead */
    {XML10, "\xe0\x80\x80|\xf4\x90\x80\x80|\xf5", "???|????|?"},
    /* the largest code points that are well-formed: U+10FFFF, U+FFFD */
    {XML10, "\xf4\x8f\xbf\xbf\xef\xbf\xbd", "\xf4\x8f\xbf\xbf\xef\xbf\xbd"},
    /* code points XML 1.0 forbids: surrogate U+D800 (ED A0 80: ill-formed
     * UTF-8, three bytes), U+FFFE, U+FFFF (one character each) */
    {XML10, "\xed\xa0\x80\xef\xbf\xbe\xef\xbf\xbf", "?????"},
    {HTML, "\xef\xbf\xbf", "&#xFFFD;"},
    /* empty and NULL write nothing */
    {HTML, "", ""},
    {XML10, "", ""},
    {HTML, NULL, ""},
    {XML10, NULL, ""},
    {&MIXED, NULL, ""},
};

START_TEST(rows)
{
    const struct row *r = &ROWS[_i];
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    ck_assert_ptr_nonnull(f);
    sct_xml_escape(f, r->in, r->policy);
    ck_assert_int_eq(fclose(f), 0);
    ck_assert_msg(len == strlen(r->want) && memcmp(buf, r->want, len) == 0,
                  "row %d: got \"%s\", want \"%s\"", _i, buf, r->want);
    free(buf);
}
END_TEST

/* The named policies are what xml_escape.h documents. */
START_TEST(named_policies)
{
    ck_assert_int_eq(sct_xml_policy_html.apos, SCT_XML_APOS_NUMERIC);
    ck_assert_int_eq(sct_xml_policy_html.unsafe, SCT_XML_UNSAFE_REPLACEMENT);
    ck_assert(sct_xml_policy_html.del_unsafe);
    ck_assert_int_eq(sct_xml_policy_xml10.apos, SCT_XML_APOS_NAMED);
    ck_assert_int_eq(sct_xml_policy_xml10.unsafe, SCT_XML_UNSAFE_QUESTION);
    ck_assert(!sct_xml_policy_xml10.del_unsafe);
}
END_TEST

int main(void)
{
    TCase *tc = tcase_create("rows");
    tcase_add_loop_test(tc, rows, 0, (int)(sizeof ROWS / sizeof ROWS[0]));
    tcase_add_test(tc, named_policies);
    return sct_check_run_tcase("xml_escape", tc);
}
