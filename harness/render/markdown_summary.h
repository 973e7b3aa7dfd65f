/*
 * markdown_summary.h — a short Markdown summary of a run for pull-request
 * comments, which GitHub caps at 65,536 characters (a full Markdown report
 * of a failing runtime is several times that): verdict, identity in one
 * line, totals, the op x type matrices, requirement coverage with every gap
 * and every non-passing requirement named, and the first
 * SCT_MD_SUMMARY_CASES non-passing cases.  Everything else is in the full
 * reports, which the summary points to.
 */
#ifndef SCT_REPORT_MARKDOWN_SUMMARY_H
#define SCT_REPORT_MARKDOWN_SUMMARY_H

#include <stddef.h>
#include <stdio.h>

#include "sct/render/render_model.h"

#define SCT_MD_SUMMARY_CASES 25

int sct_markdown_summary_write(FILE *out, const sct_render_doc *doc);
/* Via a temporary file renamed into place.  0, or non-zero with `err`. */
int sct_markdown_summary_write_file(const char *path, const sct_render_doc *doc,
                                    char *err, size_t err_cap);

#endif /* SCT_REPORT_MARKDOWN_SUMMARY_H */
