/*
 * xml_escape.c — the one markup escaper (policies: xml_escape.h).
 */
#include "sct/text/xml_escape.h"

#include "sct/text/utf8_check.h"

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

static void write_unsafe(FILE *out, const sct_xml_policy *policy)
{
    if (policy->unsafe == SCT_XML_UNSAFE_QUESTION)
        fputc('?', out);
    else
        fputs("&#xFFFD;", out);
}

/* U+FFFE and U+FFFF (EF BF BE, EF BF BF): well-formed UTF-8, yet no XML 1.0
 * Char (§2.2) and noncharacters to HTML. */
static bool nonchar(const unsigned char *p)
{
    return p[0] == 0xef && p[1] == 0xbf && (p[2] == 0xbe || p[2] == 0xbf);
}

void sct_xml_escape(FILE *out, const char *text, const sct_xml_policy *policy)
{
    if (text == NULL)
        return;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        if (*p >= 0x80) {
            size_t n = sct_utf8_sequence_length(p);
            if (n == 0 || (n == 3 && nonchar(p))) {
                /* one replacement per byte of the bad sequence: a bad lead
                 * byte is replaced, its followers are judged on their own */
                write_unsafe(out, policy);
                if (n == 3)
                    p += 2;
            } else {
                fwrite(p, 1, n, out);
                p += n - 1;
            }
            continue;
        }
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
            else
                write_unsafe(out, policy);
        }
    }
}
