/*
 * xml_escape.h — the one escaper of untrusted text (case ids, plugin names
 * and messages, command lines, spec text) into markup: the HTML reports
 * (harness/render) and the JUnit XML (harness/writers) both write through
 * it, so a plugin cannot inject markup into either.  What differs between
 * the two targets is a policy, named here, never a second copy.
 *
 * Under every policy:
 *   - & < > " ' become references, so one output is safe in element
 *     content and in double- or single-quoted attribute values alike (no
 *     text/attribute context parameter: both contexts get the same bytes);
 *   - tab, newline and carriage return are copied (XML 1.0 §2.2 Char, and
 *     HTML whitespace);
 *   - the other C0 controls (0x01-0x1F) are "unsafe": XML 1.0 §2.2 cannot
 *     carry them even as a character reference, and HTML parses them as an
 *     error (HTML Living Standard §13.2.3.5, control-character-in-input-
 *     stream).  The policy says what an unsafe character becomes;
 *   - well-formed UTF-8 (sct/text/utf8_check.h) is copied; every byte that
 *     starts no well-formed sequence (a lone continuation, a truncated or
 *     overlong sequence, a surrogate, 0xF5-0xFF) is unsafe, and so are
 *     U+FFFE and U+FFFF, which XML 1.0 §2.2 forbids (the noncharacter as
 *     one unsafe character).
 * NULL and "" write nothing.
 */
#ifndef SCT_TEXT_XML_ESCAPE_H
#define SCT_TEXT_XML_ESCAPE_H

#include <stdbool.h>
#include <stdio.h>

/* How the apostrophe is written. */
typedef enum sct_xml_apos {
    SCT_XML_APOS_NUMERIC, /* "&#39;": HTML 4 has no &apos; entity */
    SCT_XML_APOS_NAMED    /* "&apos;": predefined in XML 1.0 §4.6 */
} sct_xml_apos;

/* What an unsafe character (see above) becomes. */
typedef enum sct_xml_unsafe {
    SCT_XML_UNSAFE_REPLACEMENT, /* "&#xFFFD;", U+FFFD REPLACEMENT CHARACTER
                                 * as a reference: visible, ASCII bytes */
    SCT_XML_UNSAFE_QUESTION     /* "?": plain ASCII for CI dashboards */
} sct_xml_unsafe;

typedef struct sct_xml_policy {
    sct_xml_apos apos;
    sct_xml_unsafe unsafe;
    /* DEL (0x7F) is unsafe too: HTML counts it among the controls; XML 1.0
     * §2.2 allows it (only discouraged), so the XML policy copies it. */
    bool del_unsafe;
} sct_xml_policy;

/* The HTML reports: &#39;, unsafe characters and DEL as &#xFFFD;. */
extern const sct_xml_policy sct_xml_policy_html;
/* The JUnit XML (XML 1.0): &apos;, unsafe characters as '?', DEL copied. */
extern const sct_xml_policy sct_xml_policy_xml10;

/* Writes `text` escaped under `policy` (rules above) to `out`. */
void sct_xml_escape(FILE *out, const char *text, const sct_xml_policy *policy);

#endif /* SCT_TEXT_XML_ESCAPE_H */
