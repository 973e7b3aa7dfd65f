/*
 * html_trace.c — requirement traceability table (render_trace.h): every
 * catalogue requirement -> the cases exercising it -> their verdicts; gaps
 * (no case) highlighted; ids cited but missing from the catalogue listed
 * after them.
 */
#include <stdint.h>
#include <string.h>

#include "html_escape.h"
#include "html_sections.h"

/* Case links shown inline; the rest fold into a <details> list so a
 * requirement cited by every Div case does not bury the table. */
#define INLINE_CASES 4

typedef struct link_list {
    FILE *out;
    size_t shown, limit;
} link_list;

static bool link_one(void *user, const sct_render_doc *doc, size_t i, const char *id)
{
    (void)doc;
    (void)i;
    link_list *l = user;
    if (l->shown == l->limit)
        return false;
    if (l->shown++)
        fputs(", ", l->out);
    sct_html_case_link(l->out, id);
    return true;
}

static void case_list(FILE *out, const sct_render_doc *doc, const sct_trace_row *row)
{
    size_t inline_n = row->n_cases < INLINE_CASES ? row->n_cases : INLINE_CASES;
    link_list first = {out, 0, inline_n};
    sct_trace_each_case(doc, row, link_one, &first);
    if (row->n_cases > inline_n) {
        fprintf(out, "<details><summary>all %zu cases</summary>", row->n_cases);
        link_list all = {out, 0, SIZE_MAX};
        sct_trace_each_case(doc, row, link_one, &all);
        fputs("</details>", out);
    }
}

static void note_link(FILE *out, const char *id)
{
    static const char prefix[] = "spec-notes:";
    if (strncmp(id, prefix, sizeof prefix - 1) != 0)
        return;
    fputs(" <a href=\"#n-", out);
    sct_html_id(out, id + sizeof prefix - 1);
    fputs("\">(note)</a>", out);
}

static void uncatalogued(FILE *out, size_t n)
{
    fprintf(out, "<tr><th colspan=\"5\">Cited by cases but not in the "
                 "catalogue (%zu)</th></tr>\n", n);
}

/* The requirement's statement and where it comes from. */
static void statement(FILE *out, const sct_render_requirement *req)
{
    if (req == NULL) {
        fputs("<i>not in the catalogue</i>", out);
        return;
    }
    sct_html_markdown(out, req->text, true);
    if (req->source[0]) {
        fputs(" <span class=\"note\">(", out);
        sct_html_escape(out, req->source);
        fputs(")</span>", out);
    }
}

static void trace_row(FILE *out, const sct_render_doc *doc, const sct_trace_row *row)
{
    fprintf(out, "<tr%s id=\"r-", row->n_cases ? "" : " class=\"gap\"");
    sct_html_id(out, row->id);
    fputs("\"><td class=\"req\">", out);
    sct_html_escape(out, row->id);
    note_link(out, row->id);
    fputs("</td><td>", out);
    statement(out, row->req);
    fprintf(out, "</td><td class=\"num\">%zu</td><td>", row->n_cases);
    char satisfied[160];
    sct_trace_satisfied_text(row, satisfied, sizeof satisfied);
    if (row->n_cases == 0) {
        sct_html_badge(out, "v-notrun", "GAP");
        fputs("</td><td class=\"ids\"><b>no case exercises this requirement</b>", out);
    } else {
        sct_group_verdict v = sct_tally_verdict(&row->tally);
        sct_html_badge(out, sct_group_verdict_class(v), sct_group_verdict_name(v));
        fputs("</td><td class=\"ids\">", out);
        case_list(out, doc, row);
    }
    if (satisfied[0]) {
        fputs("<br>", out);
        sct_html_escape(out, satisfied);
    }
    fputs("</td></tr>\n", out);
}

void sct_html_trace(FILE *out, const sct_render_doc *doc, const sct_trace *t)
{
    fputs("<h2 id=\"traceability\">Requirement traceability</h2>\n", out);
    fputs("<p class=\"note\">Every requirement of the catalogue <code>", out);
    sct_html_escape(out, doc->catalogue_path ? doc->catalogue_path : "(none)");
    fprintf(out, "</code> (%zu requirements; %zu not exercised by any case of "
                 "this run: <b>gaps</b>), the cases that cite it, and their "
                 "verdicts. Non-passing cases are listed first.</p>\n",
            doc->n_reqs, t->n_gaps);
    if (!doc->catalogue_loaded)
        fputs("<p class=\"warn\">The requirement catalogue could not be read: "
              "gaps cannot be shown, only the requirements the cases cite.</p>\n",
              out);
    fputs("<table class=\"trace\"><tr><th>Requirement</th><th>Statement "
          "(source)</th><th class=\"num\">Cases</th><th>Verdict</th>"
          "<th>Cases exercising it</th></tr>\n", out);
    sct_trace_each_row(out, doc, t, uncatalogued, trace_row);
    fputs("</table>\n", out);
}
