/*
 * html_escape.h — writing untrusted text (case ids, plugin names and
 * messages, command lines, spec text) into HTML.  Every string that reaches
 * the HTML report goes through one of these: a plugin cannot inject markup
 * or script into a report an assessor opens.
 */
#ifndef SCT_REPORT_HTML_ESCAPE_H
#define SCT_REPORT_HTML_ESCAPE_H

#include <stdio.h>

/* Writes `text` escaped for HTML: sct_xml_escape under sct_xml_policy_html
 * (sct/text/xml_escape.h): & < > " ' as references, control characters
 * other than tab, newline and CR (which HTML cannot show and a hostile
 * plugin may send) and DEL as U+FFFD.  NULL writes nothing.  Safe in element
 * content and in double- or single-quoted attribute values. */
void sct_html_escape(FILE *out, const char *text);

/* Writes `text` usable as an id / fragment (#...): ASCII letters, digits,
 * '_' and '.' kept, every other byte (also '-') as "-XX" (hex), so distinct texts give
 * distinct ids and no quoting problem can arise.  Prefix "c-" etc. is the
 * caller's. */
void sct_html_id(FILE *out, const char *text);

#endif /* SCT_REPORT_HTML_ESCAPE_H */
