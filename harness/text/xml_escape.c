/*
 * xml_escape.c — the one markup escaper (policies: xml_escape.h).
 */
#include "sct/text/xml_escape.h"

const sct_xml_policy sct_xml_policy_html = {
    .apos = SCT_XML_APOS_NUMERIC, .unsafe = SCT_XML_UNSAFE_REPLACEMENT, .del_unsafe = true};
const sct_xml_policy sct_xml_policy_xml10 = {
    .apos = SCT_XML_APOS_NAMED, .unsafe = SCT_XML_UNSAFE_QUESTION, .del_unsafe = false};

static bool unsafe(unsigned char c, const sct_xml_policy *policy)
{
    if (c < 0x20)
        return c != '\t' && c != '\n' && c != '\r';
    return c == 0x7f && policy->del_unsafe;
}

void sct_xml_escape(FILE *out, const char *text, const sct_xml_policy *policy)
{
    if (text == NULL)
        return;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        switch (*p) {
        case '&': fputs("&amp;", out); break;
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '"': fputs("&quot;", out); break;
        case '\'':
            fputs(policy->apos == SCT_XML_APOS_NAMED ? "&apos;" : "&#39;", out);
            break;
        default:
            if (!unsafe(*p, policy))
                fputc(*p, out);
            else if (policy->unsafe == SCT_XML_UNSAFE_QUESTION)
                fputc('?', out);
            else
                fputs("&#xFFFD;", out);
        }
    }
}
