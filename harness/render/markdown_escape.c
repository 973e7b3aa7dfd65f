/*
 * markdown_escape.c — Markdown text escaping and anchors
 * (markdown_escape.h).
 */
#include "markdown_escape.h"

#include "html_escape.h"

void sct_md_escape(FILE *out, const char *text)
{
    if (text == NULL)
        return;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        switch (*p) {
        case '\\': case '`': case '*': case '_': case '[': case ']':
        case '|': case '#': case '~':
            fputc('\\', out);
            fputc(*p, out);
            break;
        case '&': fputs("&amp;", out); break;
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        default:
            fputc(*p < 0x20 || *p == 0x7f ? ' ' : *p, out);
        }
    }
}

void sct_md_anchor(FILE *out, const char *prefix, const char *id)
{
    fprintf(out, "<a id=\"%s-", prefix);
    sct_html_id(out, id);
    fputs("\"></a>", out);
}
