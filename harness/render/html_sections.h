/*
 * html_sections.h — one function per section of the HTML report
 * (html_report.h says which and in what order).  Internal to the writer.
 */
#ifndef SCT_REPORT_HTML_SECTIONS_H
#define SCT_REPORT_HTML_SECTIONS_H

#include <stdio.h>

#include "sct/render/render_model.h"
#include "render_trace.h"

void sct_html_style(FILE *out);
void sct_html_identity(FILE *out, const sct_render_doc *doc);
void sct_html_signoff(FILE *out);
void sct_html_matrix(FILE *out, const sct_render_doc *doc);
void sct_html_histograms(FILE *out, const sct_render_doc *doc);
void sct_html_trace(FILE *out, const sct_render_doc *doc, const sct_trace *t);
void sct_html_cases(FILE *out, const sct_render_doc *doc);
void sct_html_notes(FILE *out, const sct_render_doc *doc);
void sct_html_legend(FILE *out);

/* A verdict badge: <span class="badge v-...">NAME</span>. */
void sct_html_badge(FILE *out, const char *css_class, const char *text);
/* <a href="#c-ID">ID</a> for a case id. */
void sct_html_case_link(FILE *out, const char *case_id);

#endif /* SCT_REPORT_HTML_SECTIONS_H */
