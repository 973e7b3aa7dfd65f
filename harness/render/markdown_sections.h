/*
 * markdown_sections.h — one function per section of the Markdown report
 * (markdown_report.h).  Internal to the writer.
 */
#ifndef SCT_REPORT_MARKDOWN_SECTIONS_H
#define SCT_REPORT_MARKDOWN_SECTIONS_H

#include <stdio.h>

#include "sct/render/render_model.h"
#include "render_trace.h"

/* Title, overall verdict, problems reading the inputs. */
void sct_md_identity(FILE *out, const sct_render_doc *doc);
/* Identity of the run, totals, sign-off. */
void sct_md_identity_table(FILE *out, const sct_render_doc *doc);
void sct_md_matrix(FILE *out, const sct_render_doc *doc);
void sct_md_ulp_summary(FILE *out, const sct_render_doc *doc);
void sct_md_trace(FILE *out, const sct_render_doc *doc, const sct_trace *t);
/* The cases that did not pass, in detail; every case by op x types. */
void sct_md_failures(FILE *out, const sct_render_doc *doc);
void sct_md_all_cases(FILE *out, const sct_render_doc *doc);
void sct_md_notes(FILE *out, const sct_render_doc *doc);
void sct_md_legend(FILE *out);

#endif /* SCT_REPORT_MARKDOWN_SECTIONS_H */
