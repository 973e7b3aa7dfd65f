/*
 * html_markdown.c — the Markdown of the spec statements and notes as HTML,
 * by cmark (the CommonMark reference implementation, Debian libcmark-dev),
 * formulas first turned into readable text (render_math.h).  cmark's safe
 * mode (the default) drops raw HTML and unsafe link targets: a statement
 * from the catalogue cannot inject markup; entities of the source (the
 * SONNX documents write "&lt;Tensors") are decoded once, never shown as
 * "&lt;".
 */
#include <cmark.h>
#include <stdlib.h>
#include <string.h>

#include "html_escape.h"
#include "html_sections.h"
#include "render_math.h"

void sct_html_markdown(FILE *out, const char *md, bool inline_only)
{
    char *text = sct_render_math_text(md != NULL ? md : "", true);
    char *html = text != NULL ? cmark_markdown_to_html(text, strlen(text), CMARK_OPT_DEFAULT)
                              : NULL;
    if (html == NULL) { /* out of memory: the source, escaped */
        sct_html_escape(out, md);
        free(text);
        return;
    }
    const char *body = html;
    size_t len = strlen(html);
    /* One paragraph in a table cell: without its <p>, so that the cell
     * keeps the row's height. */
    if (inline_only && len >= 8 && strncmp(html, "<p>", 3) == 0 &&
        strstr(html + 3, "<p>") == NULL && strcmp(html + len - 5, "</p>\n") == 0) {
        body = html + 3;
        len -= 8;
    }
    fwrite(body, 1, len, out);
    free(html);
    free(text);
}
