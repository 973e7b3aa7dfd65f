/* compare_html.c — the cross-runtime matrix as one self-contained HTML
 * file (compare_render.h), styled like the conformance report
 * (html_style.c). */
#include "sct/render/compare_render.h"
#include "html_escape.h"
#include "html_sections.h"
#include "sct/results/render_verdict.h"

static void runtimes(FILE *out, const sct_compare *cmp)
{
    fputs("<h2>Runtimes</h2>\n<table><tr><th>column</th><th>implementation "
          "(version; what the verdict depends on)</th><th>profile</th>"
          "<th>overall</th><th class=\"num\">cases</th><th>library sha256</th>"
          "</tr>\n", out);
    for (size_t c = 0; c < cmp->n_columns; c++) {
        const sct_compare_column *col = &cmp->columns[c];
        fputs("<tr><td>", out);
        sct_html_escape(out, col->label);
        fputs("</td><td>", out);
        sct_html_escape(out, col->implementation);
        fputs("</td><td>", out);
        sct_html_escape(out, col->profile);
        fputs("</td><td>", out);
        sct_html_escape(out, col->overall);
        fprintf(out, "</td><td class=\"num\">%zu</td><td><code>", col->n_cases);
        sct_html_escape(out, col->library_sha256[0] ? col->library_sha256 : "-");
        fputs("</code></td></tr>\n", out);
    }
    fputs("</table>\n", out);
}

static void table(FILE *out, const sct_compare *cmp, bool differing_only,
                  const char *id)
{
    fprintf(out, "<table id=\"%s\"><tr><th>op</th><th>types</th>", id);
    for (size_t c = 0; c < cmp->n_columns; c++) {
        fputs("<th>", out);
        sct_html_escape(out, cmp->columns[c].label);
        fputs("</th>", out);
    }
    fputs("</tr>\n", out);
    char buf[1024];
    for (size_t r = 0; r < cmp->n_rows; r++) {
        if (differing_only && !sct_compare_row_differs(cmp, r))
            continue;
        const sct_compare_row *row = &cmp->rows[r];
        fputs("<tr><td>", out);
        sct_html_escape(out, row->op);
        fputs("</td><td>", out);
        sct_html_escape(out, row->types);
        fputs("</td>", out);
        for (size_t c = 0; c < cmp->n_columns; c++) {
            const sct_compare_cell *cell = &row->cells[c];
            const char *cls = cell->present
                ? sct_group_verdict_class(sct_tally_verdict(&cell->tally))
                : "v-notrun";
            fprintf(out, "<td class=\"%s\">", cls);
            sct_html_escape(out, sct_compare_cell_text(cell, buf, sizeof buf));
            fputs("</td>", out);
        }
        fputs("</tr>\n", out);
    }
    fputs("</table>\n", out);
}

int sct_compare_write_html(FILE *out, const void *ctx)
{
    const sct_compare *cmp = ctx;
    size_t differing = 0;
    for (size_t r = 0; r < cmp->n_rows; r++)
        differing += sct_compare_row_differs(cmp, r);
    /* Nothing may be loaded from anywhere (as html_report.c). */
    fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
          "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src "
          "'none'; style-src 'unsafe-inline'; img-src data:\">\n"
          "<meta name=\"generator\" content=\"sonnx-cts\">\n"
          "<title>sonnx-cts: runtimes side by side</title>\n", out);
    sct_html_style(out);
    fputs("</head><body><main>\n<header class=\"doc\"><div class=\"kicker\">"
          "sonnx-cts compare</div><h1>Runtimes side by side (profile ", out);
    sct_html_escape(out, cmp->profile[0] ? cmp->profile : "as recorded");
    fputs(")</h1></header>\n<p class=\"note\">A cell: the group verdict, "
          "passed/cases, then failed, crashed or timed out, error and "
          "unsupported cases, the largest ULP distance over compared float "
          "elements, and the mismatching elements per deviation class. "
          "UNSUPPORTED is neither passed nor failed. Colour repeats the "
          "verdict written in the cell.</p>\n", out);
    runtimes(out, cmp);
    fprintf(out, "<h2>Where the runtimes differ</h2>\n<p class=\"note\">%zu of "
                 "%zu rows (op, types) differ between runtimes that ran "
                 "them.</p>\n", differing, cmp->n_rows);
    table(out, cmp, true, "differ");
    fputs("<h2>Every row</h2>\n", out);
    table(out, cmp, false, "matrix");
    fputs("</main></body></html>\n", out);
    return ferror(out) ? -1 : 0;
}
