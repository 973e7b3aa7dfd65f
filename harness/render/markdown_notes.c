/*
 * markdown_notes.c — the spec notes in the Markdown report: each note's
 * own Markdown, under an anchored heading, quoted so its headings cannot
 * break the report's outline.
 */
#include <stdlib.h>
#include <string.h>

#include "markdown_escape.h"
#include "markdown_sections.h"
#include "render_math.h"

void sct_md_notes(FILE *out, const sct_render_doc *doc)
{
    fputs("## Spec notes\n\nWhere the specifications disagree with each other "
          "or with IEEE 754, and the choice the vectors make; cited as "
          "`spec-notes:SN-<n>`. Source: `", out);
    sct_md_escape(out, doc->notes_path ? doc->notes_path : "(none)");
    fputs("`.\n\n", out);
    if (doc->n_notes == 0)
        fputs("*No spec notes could be read.*\n\n", out);
    for (size_t i = 0; i < doc->n_notes; i++) {
        const sct_render_note *n = &doc->notes[i];
        fputs("### ", out);
        sct_md_anchor(out, "n", n->id);
        sct_md_escape(out, n->title);
        fputs("\n\n", out);
        /* The body is the project's own Markdown (docs/spec-notes.md): kept
         * as Markdown, each line quoted, its formulas as readable text
         * (render_math.h; the body itself when out of memory). */
        char *math = sct_render_math_text(n->body, true);
        const char *p = math != NULL ? math : n->body;
        while (*p) {
            const char *nl = strchr(p, '\n');
            size_t len = nl ? (size_t)(nl - p) : strlen(p);
            fputs(len ? "> " : ">", out);
            fwrite(p, 1, len, out);
            fputc('\n', out);
            p += len + (nl != NULL);
        }
        free(math);
        fputc('\n', out);
    }
}
