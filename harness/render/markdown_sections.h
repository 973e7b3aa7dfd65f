/*
 * markdown_sections.h — one function per section of the Markdown report
 * (markdown_report.h).  Internal to the writer.
 */
#ifndef SCT_REPORT_MARKDOWN_SECTIONS_H
#define SCT_REPORT_MARKDOWN_SECTIONS_H

#include <stdio.h>

#include "sct/render/render_model.h"
#include "render_trace.h"

void sct_md_identity(FILE *out, const sct_render_doc *doc);
void sct_md_matrix(FILE *out, const sct_render_doc *doc);
void sct_md_ulp_summary(FILE *out, const sct_render_doc *doc);
void sct_md_trace(FILE *out, const sct_render_doc *doc, const sct_trace *t);
void sct_md_cases(FILE *out, const sct_render_doc *doc);
void sct_md_notes(FILE *out, const sct_render_doc *doc);
void sct_md_legend(FILE *out);

/* An explicit anchor <a id="PREFIX-ID"></a> (ids via sct_html_id). */
void sct_md_anchor(FILE *out, const char *prefix, const char *id);

#endif /* SCT_REPORT_MARKDOWN_SECTIONS_H */
