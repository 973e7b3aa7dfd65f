/*
 * markdown_identity.c — title, overall verdict, identity, totals, input
 * problems and the sign-off block of the Markdown report.
 */
#include "markdown_escape.h"
#include "markdown_sections.h"
#include "render_table.h"

void sct_md_identity(FILE *out, const sct_render_doc *doc)
{
    fputs("# ", out);
    sct_md_escape(out, doc->title);
    fputs("\n\nSONNX conformance test report, operators Div, Mul, Pow, Less.\n\n"
          "**Overall verdict: ", out);
    sct_md_escape(out, doc->overall_verdict[0] ? doc->overall_verdict : "NO VERDICT");
    fputs("**. ", out);
    sct_md_escape(out, doc->exit_meaning);
    fputs("\n\n", out);
    if (doc->n_warnings) {
        fputs("> **Problems reading the report inputs** (the sections below "
              "show what could be read):\n", out);
        for (size_t i = 0; i < doc->n_warnings; i++) {
            fputs("> - ", out);
            sct_md_escape(out, doc->warnings[i]);
            fputc('\n', out);
        }
        fputc('\n', out);
    }
}

void sct_md_identity_table(FILE *out, const sct_render_doc *doc)
{
    fputs("## Identity of the run\n\n", out);
    sct_table_kv(out, &sct_md_table, doc->identity, doc->n_identity);
    fputs("### Totals\n\n", out);
    sct_table_kv(out, &sct_md_table, doc->totals, doc->n_totals);
    fputs("### Review and sign-off\n\n| Role | Name | Signature | Date |\n"
          "|---|---|---|---|\n| Prepared by | | | |\n| Reviewed by | | | |\n"
          "| Approved by | | | |\n\n", out);
}
