/*
 * test_escape.c — HTML text/id escaping and Markdown escaping
 * (html_escape.h, markdown_escape.h) on hand-written inputs.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "html_escape.h"
#include "markdown_escape.h"

typedef void (*escape_fn)(FILE *, const char *);

static char *run(escape_fn fn, const char *in)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    fn(f, in);
    fclose(f);
    return buf;
}

#define EXPECT(fn, in, want) do { char *got_ = run(fn, in); \
    ck_assert_str_eq(got_, want); free(got_); } while (0)

START_TEST(html_text)
{
    EXPECT(sct_html_escape, "a<b>&\"c'", "a&lt;b&gt;&amp;&quot;c&#39;");
    EXPECT(sct_html_escape, "tab\tnl\n", "tab\tnl\n");
    EXPECT(sct_html_escape, "bell\a del\x7f", "bell&#xFFFD; del&#xFFFD;");
    EXPECT(sct_html_escape, "h\xc3\xa9", "h\xc3\xa9"); /* UTF-8 passes */
    EXPECT(sct_html_escape, NULL, "");
}
END_TEST

START_TEST(html_ids)
{
    EXPECT(sct_html_id, "div/float32/x_1.5", "div-2Ffloat32-2Fx_1.5");
    /* '-' is escaped too: "a-b" and "a/b" stay distinct. */
    EXPECT(sct_html_id, "a-b", "a-2Db");
    EXPECT(sct_html_id, "a/b", "a-2Fb");
    EXPECT(sct_html_id, "\"><script>", "-22-3E-3Cscript-3E");
}
END_TEST

START_TEST(markdown_text)
{
    EXPECT(sct_md_escape, "a|b*c_d`e[f]g#h~i\\j", "a\\|b\\*c\\_d\\`e\\[f\\]g\\#h\\~i\\\\j");
    EXPECT(sct_md_escape, "<script>&", "&lt;script&gt;&amp;");
    EXPECT(sct_md_escape, "two\nlines\r", "two lines ");
}
END_TEST

int main(void)
{
    Suite *s = suite_create("escape");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, html_text);
    tcase_add_test(tc, html_ids);
    tcase_add_test(tc, markdown_text);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
