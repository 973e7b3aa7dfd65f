/*
 * markdown_notes.c — the spec notes in the Markdown report: each note's
 * own Markdown, under an anchored heading, quoted so its headings cannot
 * break the report's outline.
 */
#include <string.h>

#include "markdown_escape.h"
#include "markdown_sections.h"

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
         * as Markdown, each line quoted. */
        const char *p = n->body;
        while (*p) {
            const char *nl = strchr(p, '\n');
            size_t len = nl ? (size_t)(nl - p) : strlen(p);
            fputs(len ? "> " : ">", out);
            fwrite(p, 1, len, out);
            fputc('\n', out);
            p += len + (nl != NULL);
        }
        fputc('\n', out);
    }
}
