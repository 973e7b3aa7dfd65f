/*
 * html_sections.h — one function per section of the HTML report
 * (html_report.h says which and in what order).  Internal to the writer.
 */
#ifndef SCT_REPORT_HTML_SECTIONS_H
#define SCT_REPORT_HTML_SECTIONS_H

#include <stdbool.h>
#include <stdio.h>

#include "sct/render/render_model.h"
#include "render_trace.h"

void sct_html_style(FILE *out);
/* Title, verdict banner (linking to the failures), problems, the short
 * summary with the table of contents. */
void sct_html_identity(FILE *out, const sct_render_doc *doc);
/* The identity of the run and its totals, in full. */
void sct_html_identity_table(FILE *out, const sct_render_doc *doc);
void sct_html_signoff(FILE *out);
void sct_html_matrix(FILE *out, const sct_render_doc *doc);
void sct_html_histograms(FILE *out, const sct_render_doc *doc);
void sct_html_trace(FILE *out, const sct_render_doc *doc, const sct_trace *t);
/* Cases that did not pass (FAIL, CRASH, TIMEOUT, ERROR), in detail. */
size_t sct_html_failure_count(const sct_render_doc *doc);
void sct_html_failures(FILE *out, const sct_render_doc *doc);
/* Every case, grouped by op x types. */
void sct_html_all_cases(FILE *out, const sct_render_doc *doc);
void sct_html_notes(FILE *out, const sct_render_doc *doc);
void sct_html_legend(FILE *out);

/* Markdown (a requirement statement, a spec note) as HTML, formulas as
 * readable text; inline_only: one paragraph without its <p> (a cell). */
void sct_html_markdown(FILE *out, const char *md, bool inline_only);
/* A verdict badge: <span class="badge v-...">NAME</span>. */
void sct_html_badge(FILE *out, const char *css_class, const char *text);
/* <a href="#c-ID">ID</a> for a case id. */
void sct_html_case_link(FILE *out, const char *case_id);

#endif /* SCT_REPORT_HTML_SECTIONS_H */
