/*
 * html_escape.c — HTML text and id escaping (why: html_escape.h).
 */
#include "html_escape.h"

#include "sct/text/xml_escape.h"

void sct_html_escape(FILE *out, const char *text)
{
    sct_xml_escape(out, text, &sct_xml_policy_html);
}

void sct_html_id(FILE *out, const char *text)
{
    static const char hex[] = "0123456789ABCDEF";
    if (text == NULL)
        return;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        unsigned char c = *p;
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
            (c >= '0' && c <= '9') || c == '_' || c == '.')
            fputc(c, out);
        else {
            /* '-' is the escape character itself, so it is escaped too:
             * "a-b" and "a/b" must not collide. */
            fputc('-', out);
            fputc(hex[c >> 4], out);
            fputc(hex[c & 15], out);
        }
    }
}
