/*
 * html_common.c — tiny markup helpers shared by the HTML sections.
 */
#include "html_escape.h"
#include "html_sections.h"

void sct_html_badge(FILE *out, const char *css_class, const char *text)
{
    fputs("<span class=\"badge ", out);
    sct_html_escape(out, css_class);
    fputs("\">", out);
    sct_html_escape(out, text);
    fputs("</span>", out);
}

void sct_html_case_link(FILE *out, const char *case_id)
{
    fputs("<a href=\"#c-", out);
    sct_html_id(out, case_id);
    fputs("\">", out);
    sct_html_escape(out, case_id);
    fputs("</a>", out);
}
