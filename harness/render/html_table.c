/*
 * html_table.c — the HTML writer of render_table.h: <table>, a header row
 * of <th>, rows of <td> (class "num" for numbers, or the cell's verdict
 * class), hashes in <code>.
 */
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

static void row_begin(FILE *out)
{
    fputs("<tr>", out);
}

static void cell(FILE *out, sct_cell_kind kind, const char *css, const char *text)
{
    if (css == NULL && kind == SCT_CELL_NUM)
        css = "num";
    if (css) {
        fputs("<td class=\"", out);
        sct_html_escape(out, css);
        fputs("\">", out);
    } else {
        fputs("<td>", out);
    }
    if (kind == SCT_CELL_CODE)
        fputs("<code>", out);
    sct_html_escape(out, text);
    if (kind == SCT_CELL_CODE)
        fputs("</code>", out);
    fputs("</td>", out);
}

static void row_end(FILE *out)
{
    fputs("</tr>\n", out);
}

static void end(FILE *out)
{
    fputs("</table>\n", out);
}

static void kv(FILE *out, const sct_render_kv *kv, size_t n)
{
    fputs("<table class=\"kv\">\n", out);
    for (size_t i = 0; i < n; i++) {
        fputs("<tr><th>", out);
        sct_html_escape(out, kv[i].label);
        fputs("</th><td>", out);
        if (kv[i].value[0] == '\0')
            fputs("<i>(not recorded)</i>", out);
        else
            sct_html_escape(out, kv[i].value);
        fputs("</td></tr>\n", out);
    }
    fputs("</table>\n", out);
}

const sct_table_writer sct_html_table = {head, row_begin, cell, row_end, end, kv};
