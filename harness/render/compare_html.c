/* compare_html.c — the cross-runtime matrix as one self-contained HTML
 * file (compare_render.h), styled like the conformance report
 * (html_style.c); its tables are compare_tables.c's. */
#include "sct/render/compare_render.h"
#include "compare_tables.h"
#include "html_escape.h"
#include "html_sections.h"

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
    fputs("<h2>Runtimes</h2>\n", out);
    sct_compare_runtimes_table(out, &sct_html_table, cmp);
    fprintf(out, "<h2>Where the runtimes differ</h2>\n<p class=\"note\">%zu of "
                 "%zu rows (op, types) differ between runtimes that ran "
                 "them.</p>\n", differing, cmp->n_rows);
    /* A column per runtime: with many runtimes the matrices scroll in
     * their own box, so the page keeps its width (1400 px and less). */
    fputs("<div class=\"wide\">\n", out);
    sct_compare_matrix_table(out, &sct_html_table, cmp, true, "differ");
    fputs("</div>\n<h2>Every row</h2>\n<div class=\"wide\">\n", out);
    sct_compare_matrix_table(out, &sct_html_table, cmp, false, "matrix");
    fputs("</div>\n", out);
    fputs("</main></body></html>\n", out);
    return ferror(out) ? -1 : 0;
}
