/*
 * markdown_escape.h — writing untrusted text into GitHub-flavoured
 * Markdown: table cells and running text.  Characters with Markdown or HTML
 * meaning are escaped, so a case id like "a|b" or a plugin message with
 * "<script>" cannot break a table or inject markup into a PR comment.
 */
#ifndef SCT_REPORT_MARKDOWN_ESCAPE_H
#define SCT_REPORT_MARKDOWN_ESCAPE_H

#include <stdio.h>

/* Escapes \ ` * _ [ ] | # ~ with a backslash, & < > as entities; newlines
 * and other control characters become a space (a cell is one line).
 * NULL writes nothing. */
void sct_md_escape(FILE *out, const char *text);

/* GitHub heading anchor text is not stable across renderers; reports link
 * with explicit anchors: writes <a id="PREFIX-ID"></a>, the id made by
 * sct_html_id (html_escape.h), so the HTML report's links and these agree. */
void sct_md_anchor(FILE *out, const char *prefix, const char *id);

#endif /* SCT_REPORT_MARKDOWN_ESCAPE_H */
