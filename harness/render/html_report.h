/*
 * html_report.h — the HTML conformance report: ONE self-contained file
 * (inline CSS and SVG, no script, no external asset; a Content-Security-
 * Policy forbids any load, so a stray reference shows up as a console error
 * in the Chromium test instead of silently needing the network).
 *
 * Sections, in order (docs/reports.md): identity and overall verdict, a
 * sign-off block, op x type verdict matrix (+ Pow base x exponent), ULP
 * histograms, requirement traceability, cases (detail of every non-passing
 * case: mismatch samples and deviation classes), spec notes, legend.
 * Every text from the inputs is HTML-escaped (html_escape.h).
 */
#ifndef SCT_REPORT_HTML_REPORT_H
#define SCT_REPORT_HTML_REPORT_H

#include <stddef.h>
#include <stdio.h>

#include "sct/render/render_model.h"

int sct_html_write(FILE *out, const sct_render_doc *doc);
/* Writes to `path` (via a temporary file renamed into place, so a reader
 * never sees half a report).  0, or non-zero with `err`. */
int sct_html_write_file(const char *path, const sct_render_doc *doc, char *err,
                        size_t err_cap);

#endif /* SCT_REPORT_HTML_REPORT_H */
