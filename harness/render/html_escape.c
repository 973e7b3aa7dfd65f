/*
 * html_escape.c — HTML text and id escaping (why: html_escape.h).
 */
#include "html_escape.h"

void sct_html_escape(FILE *out, const char *text)
{
    if (text == NULL)
        return;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        switch (*p) {
        case '&': fputs("&amp;", out); break;
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '"': fputs("&quot;", out); break;
        case '\'': fputs("&#39;", out); break;
        default:
            if ((*p < 0x20 && *p != '\t' && *p != '\n' && *p != '\r') ||
                *p == 0x7f)
                fputs("&#xFFFD;", out);
            else
                fputc(*p, out);
        }
    }
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
