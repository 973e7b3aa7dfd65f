/*
 * html_notes.c — the spec notes (docs/spec-notes.md), one article per
 * SN-<n> note, anchored so the traceability table and cases can link to
 * the note they cite.  The note's Markdown is rendered by cmark, its
 * formulas as readable text (html_markdown.c).
 */
#include "html_escape.h"
#include "html_sections.h"

void sct_html_notes(FILE *out, const sct_render_doc *doc)
{
    fputs("<h2 id=\"spec-notes\">Spec notes</h2>\n<p class=\"note\">Where the "
          "specifications disagree with each other or with IEEE 754, and the "
          "choice the vectors make; cited by requirement ids "
          "<code>spec-notes:SN-&lt;n&gt;</code>. Source: <code>", out);
    sct_html_escape(out, doc->notes_path ? doc->notes_path : "(none)");
    fputs("</code>.</p>\n<div class=\"notes\">\n", out);
    if (doc->n_notes == 0)
        fputs("<p><i>No spec notes could be read.</i></p>\n", out);
    for (size_t i = 0; i < doc->n_notes; i++) {
        const sct_render_note *n = &doc->notes[i];
        fputs("<article id=\"n-", out);
        sct_html_id(out, n->id);
        fputs("\"><h3>", out);
        sct_html_escape(out, n->title);
        fputs("</h3>\n", out);
        sct_html_markdown(out, n->body, false);
        fputs("</article>\n", out);
    }
    fputs("</div>\n", out);
}
