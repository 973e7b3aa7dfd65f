/*
 * markdown_report.h — the Markdown conformance report (GitHub-flavoured):
 * the same content as the HTML report minus the plots, for pull-request
 * comments and docs.  Sections: identity and verdict, sign-off, op x type
 * matrix (+ Pow), ULP summary per group (numbers instead of histograms),
 * requirement traceability, non-passing cases with their mismatch samples,
 * all cases (per group), spec notes, legend.
 */
#ifndef SCT_REPORT_MARKDOWN_REPORT_H
#define SCT_REPORT_MARKDOWN_REPORT_H

#include <stddef.h>
#include <stdio.h>

#include "sct/render/render_model.h"

int sct_markdown_write(FILE *out, const sct_render_doc *doc);
/* Via a temporary file renamed into place.  0, or non-zero with `err`. */
int sct_markdown_write_file(const char *path, const sct_render_doc *doc,
                            char *err, size_t err_cap);

#endif /* SCT_REPORT_MARKDOWN_REPORT_H */
