/*
 * html_identity.c — the head of the report: what was tested, on what, from
 * which vectors, by which command (every identity field of the JSON), the
 * overall verdict, the case totals and any problem met reading the inputs.
 */
#include "html_escape.h"
#include "html_sections.h"
#include "render_table.h"
#include "sct/results/run_tier.h"
#include "sct/results/verdict_tally.h"

#include <stdbool.h>
#include <string.h>

/* CSS class of the overall verdict names of the JSON (verdict.h:
 * CONFORMS, PARTIAL, NON-CONFORMANT, ERROR, NOTHING-PASSED). */
static bool starts(const char *v, const char *word)
{
    return strncmp(v, word, strlen(word)) == 0;
}

static const char *overall_class(const char *v)
{
    if (starts(v, "NON-CONFORMANT") || strcmp(v, "FAIL") == 0)
        return "v-fail";
    if (starts(v, "NOTHING-PASSED"))
        return "v-notrun";
    /* Below the certification tiers the word carries the mark (render_load.c):
     * never the green of a certificate. */
    if (starts(v, "PARTIAL") ||
        (starts(v, "CONFORMS") && strstr(v, SCT_TIER_NOT_CERTIFIABLE) != NULL))
        return "v-mixed";
    if (starts(v, "CONFORMS") || strcmp(v, "PASS") == 0)
        return "v-pass";
    return "v-error";
}

void sct_html_identity(FILE *out, const sct_render_doc *doc)
{
    fputs("<header class=\"doc\"><div class=\"kicker\">SONNX conformance test "
          "report &middot; operators Div, Mul, Pow, Less</div><h1>", out);
    sct_html_escape(out, doc->title);
    fputs("</h1></header>\n", out);

    fputs("<div class=\"verdict ", out);
    fputs(overall_class(doc->overall_verdict), out);
    fputs("\" id=\"verdict\"><div class=\"big\">", out);
    sct_html_escape(out, doc->overall_verdict[0] ? doc->overall_verdict
                                                 : "NO VERDICT");
    fputs("</div><div>", out);
    sct_html_escape(out, doc->exit_meaning);
    size_t n_fail = sct_html_failure_count(doc);
    if (n_fail > 0)
        fprintf(out, " <a href=\"#failures\">%zu case%s did not pass: see "
                     "below</a>.", n_fail, n_fail == 1 ? "" : "s");
    fputs("</div></div>\n", out);

    if (doc->n_warnings) {
        fputs("<div class=\"warn\" id=\"warnings\"><b>Problems reading the "
              "report inputs</b> (the sections below show what could be "
              "read):<ul>", out);
        for (size_t i = 0; i < doc->n_warnings; i++) {
            fputs("<li>", out);
            sct_html_escape(out, doc->warnings[i]);
            fputs("</li>", out);
        }
        fputs("</ul></div>\n", out);
    }

    /* The short summary: the counts in one line and where to go. */
    fputs("<nav class=\"toc\" id=\"contents\"><p class=\"summary\">", out);
    for (size_t i = 0; i < doc->n_totals; i++) {
        if (i)
            fputs(" &middot; ", out);
        sct_html_escape(out, doc->totals[i].label);
        fputs(": <b>", out);
        sct_html_escape(out, doc->totals[i].value);
        fputs("</b>", out);
    }
    fprintf(out, "</p><p>Contents: <a href=\"#failures\">Cases that did not "
                 "pass (%zu)</a> &middot; <a href=\"#matrix\">Verdict by "
                 "operator and type</a> &middot; <a href=\"#traceability\">Requirement "
                 "traceability</a> &middot; <a href=\"#histograms\">ULP error "
                 "histograms</a> &middot; <a href=\"#identity\">Identity of the "
                 "run</a> &middot; <a href=\"#signoff\">Sign-off</a> &middot; "
                 "<a href=\"#all-cases\">All cases</a> &middot; <a "
                 "href=\"#spec-notes\">Spec notes</a> &middot; <a "
                 "href=\"#legend\">Legend</a></p></nav>\n",
            sct_html_failure_count(doc));
}

void sct_html_identity_table(FILE *out, const sct_render_doc *doc)
{
    fputs("<h2 id=\"identity\">Identity of the run</h2>\n", out);
    sct_table_kv(out, &sct_html_table, doc->identity, doc->n_identity);
    fputs("<h3>Totals</h3>\n", out);
    sct_table_kv(out, &sct_html_table, doc->totals, doc->n_totals);
}

void sct_html_signoff(FILE *out)
{
    fputs("<h3 id=\"signoff\">Review and sign-off</h3>\n"
          "<p class=\"note\">For the assessor. The verdict above is the "
          "harness's; this block records the human review of this exact "
          "report (identify it by the vector-set hash and date above).</p>\n"
          "<table class=\"signoff\"><tr><th>Role</th><th>Name</th>"
          "<th>Signature</th><th>Date</th></tr>\n"
          "<tr><td>Prepared by</td><td></td><td></td><td></td></tr>\n"
          "<tr><td>Reviewed by</td><td></td><td></td><td></td></tr>\n"
          "<tr><td>Approved by</td><td></td><td></td><td></td></tr>\n"
          "</table>\n", out);
}
