/*
 * html_table.c — the HTML writer of render_table.h: <table>, a header row
 * of <th>, rows of <td> (class "num" for numbers, or the cell's verdict
 * class), hashes in <code>; a label -> value table is class "kv", its
 * labels <th>.
 */
#include <string.h>

#include "html_escape.h"
#include "render_table.h"

static void head(FILE *out, const char *id, const sct_table_col *cols, size_t n)
{
    fputs("<table", out);
    if (id) {
        fputs(" id=\"", out);
        sct_html_escape(out, id);
        fputc('"', out);
    }
    fputs("><tr>", out);
    for (size_t i = 0; i < n; i++) {
        fputs(cols[i].kind == SCT_CELL_NUM ? "<th class=\"num\">" : "<th>", out);
        sct_html_escape(out, cols[i].head);
        fputs("</th>", out);
    }
    fputs("</tr>\n", out);
}

static void open_kv(FILE *out, size_t n)
{
    (void)n;
    fputs("<table class=\"kv\">\n", out);
}

static void row_begin(FILE *out)
{
    fputs("<tr>", out);
}

static void cell(FILE *out, sct_cell_kind kind, const char *css, const char *text)
{
    if (kind == SCT_CELL_LABEL) {
        fputs("<th>", out);
        sct_html_escape(out, text);
        fputs("</th>", out);
        return;
    }
    if (css == NULL && kind == SCT_CELL_NUM)
        css = "num";
    if (css) {
        fputs("<td class=\"", out);
        sct_html_escape(out, css);
        fputs("\">", out);
    } else {
        fputs("<td>", out);
    }
    if (text == NULL)
        fputs("<i>(not recorded)</i>", out);
    else if (kind == SCT_CELL_CODE && strlen(text) > 16) {
        /* A hash: its first 12 digits fit a column, the whole in the
         * tooltip (a 64-digit sha256 would widen the page past 1400 px). */
        fputs("<code title=\"", out);
        sct_html_escape(out, text);
        fputs("\">", out);
        fprintf(out, "%.12s", text);
        fputs("&hellip;</code>", out);
    } else if (kind == SCT_CELL_CODE) {
        fputs("<code>", out);
        sct_html_escape(out, text);
        fputs("</code>", out);
    } else
        sct_html_escape(out, text);
    fputs("</td>", out);
}

static void group_cell(FILE *out, const char *css, const char *text,
                       const char *href, const char *op, const char *types)
{
    if (href == NULL) {
        cell(out, SCT_CELL_TEXT, css, text);
        return;
    }
    fputs(css ? "<td class=\"" : "<td>", out);
    if (css) {
        sct_html_escape(out, css);
        fputs("\">", out);
    }
    fputs("<a href=\"", out);
    sct_html_escape(out, href);
    fputs("#g-", out);
    sct_html_id(out, op);
    fputc('-', out);
    sct_html_id(out, types);
    fputs("\">", out);
    sct_html_escape(out, text);
    fputs("</a></td>", out);
}

static void row_end(FILE *out)
{
    fputs("</tr>\n", out);
}

static void end(FILE *out)
{
    fputs("</table>\n", out);
}

const sct_table_writer sct_html_table = {head, open_kv, row_begin, cell, group_cell,
                                         row_end, end};
