/*
 * test_escape.c — HTML text/id escaping and Markdown escaping
 * (html_escape.h, markdown_escape.h), Markdown anchors, and the two table
 * writers (render_table.h) on hand-written inputs.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "html_escape.h"
#include "markdown_escape.h"
#include "render_table.h"
#include "sct_check_main.h"

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

START_TEST(markdown_anchor)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    sct_md_anchor(f, "c", "div/x-1\"><script>");
    fclose(f);
    /* The id is sct_html_id's: the same as the HTML report's links. */
    ck_assert_str_eq(buf, "<a id=\"c-div-2Fx-2D1-22-3E-3Cscript-3E\"></a>");
    free(buf);
}
END_TEST

/* One table through a writer: a header (number and hash columns), one row
 * of hostile text, one coloured cell, then a kv table with an empty value. */
static char *table(const sct_table_writer *w)
{
    static const sct_table_col cols[] = {
        {"name|<b>", SCT_CELL_TEXT}, {"n", SCT_CELL_NUM}, {"sha", SCT_CELL_CODE}};
    static const sct_render_kv kv[] = {{(char *)"Host", (char *)"a|b"},
                                       {(char *)"Date", (char *)""}};
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    w->head(f, "t1", cols, 3);
    w->row_begin(f);
    w->cell(f, SCT_CELL_TEXT, NULL, "x<script>|*");
    w->cell(f, SCT_CELL_NUM, NULL, "42");
    w->cell(f, SCT_CELL_CODE, "v-fail", "ab\"cd");
    w->row_end(f);
    w->end(f);
    sct_table_kv(f, w, kv, 2);
    fclose(f);
    return buf;
}

START_TEST(table_writers)
{
    char *html = table(&sct_html_table);
    ck_assert_str_eq(html,
        "<table id=\"t1\"><tr><th>name|&lt;b&gt;</th><th class=\"num\">n</th>"
        "<th>sha</th></tr>\n"
        "<tr><td>x&lt;script&gt;|*</td><td class=\"num\">42</td>"
        "<td class=\"v-fail\"><code>ab&quot;cd</code></td></tr>\n</table>\n"
        "<table class=\"kv\">\n<tr><th>Host</th><td>a|b</td></tr>\n"
        "<tr><th>Date</th><td><i>(not recorded)</i></td></tr>\n</table>\n");
    free(html);
    char *md = table(&sct_md_table);
    ck_assert_str_eq(md,
        "| name\\|&lt;b&gt; | n | sha |\n|---|---:|---|\n"
        "| x&lt;script&gt;\\|\\* | 42 | ab\"cd |\n\n"
        "| | |\n|---|---|\n| Host | a\\|b |\n| Date | *(not recorded)* |\n\n");
    free(md);
}
END_TEST

int main(void)
{
    const TTest *const tests[] = {html_text, html_ids, markdown_text, markdown_anchor,
                                  table_writers};
    return SCT_CHECK_RUN("escape", tests);
}
