/*
 * markdown_trace.c — requirement traceability in Markdown: every catalogue
 * requirement, its verdict over the cases citing it, and those cases.
 * Non-passing cases are always all listed; passing ones are listed up to
 * MD_PASSING_IDS and then counted, to keep the file usable as a
 * pull-request comment (the HTML and JSON reports list every case).
 */
#include <stdlib.h>
#include <string.h>

#include "markdown_escape.h"
#include "markdown_sections.h"
#include "render_math.h"

#define MD_PASSING_IDS 5

typedef struct id_list {
    FILE *out;
    size_t shown_pass;
    bool first;
} id_list;

static bool id_one(void *user, const sct_render_doc *doc, size_t i, const char *id)
{
    id_list *l = user;
    bool passed = sct_render_doc_case_verdict(doc, i) == SCT_VC_PASS;
    if (passed && l->shown_pass == MD_PASSING_IDS)
        return false; /* passing cases come last: the rest are counted */
    l->shown_pass += passed;
    fputs(l->first ? "" : ", ", l->out);
    l->first = false;
    sct_md_escape(l->out, id);
    if (!passed) {
        fputs(" (**", l->out);
        sct_md_escape(l->out, sct_render_doc_case_brief(doc, i)->verdict);
        fputs("**)", l->out);
    }
    return true;
}

static void case_ids(FILE *out, const sct_render_doc *doc, const sct_trace_row *row)
{
    id_list l = {out, 0, true};
    sct_trace_each_case(doc, row, id_one, &l);
    size_t passing = row->tally.n[SCT_VC_PASS];
    size_t hidden = passing - (l.shown_pass < passing ? l.shown_pass : passing);
    if (hidden)
        fprintf(out, " and %zu more, all PASS", hidden);
}

static void uncatalogued(FILE *out, size_t n)
{
    fprintf(out, "| **cited by cases but not in the catalogue (%zu)** | | | | |\n", n);
}

/* The requirement's statement and where it comes from. */
static void statement(FILE *out, const sct_render_requirement *req)
{
    if (req == NULL) {
        fputs("*not in the catalogue*", out);
        return;
    }
    /* Formulas as readable text; the cell itself stays escaped text. */
    char *math = sct_render_math_text(req->text, false);
    sct_md_escape(out, math != NULL ? math : req->text);
    free(math);
    if (req->source[0]) {
        fputs(" (", out);
        sct_md_escape(out, req->source);
        fputs(")", out);
    }
}

static void trace_row(FILE *out, const sct_render_doc *doc, const sct_trace_row *row)
{
    fputs("| ", out);
    sct_md_anchor(out, "r", row->id);
    sct_md_escape(out, row->id);
    fputs(" | ", out);
    statement(out, row->req);
    fprintf(out, " | %zu | ", row->n_cases);
    char satisfied[160];
    sct_trace_satisfied_text(row, satisfied, sizeof satisfied);
    if (row->n_cases == 0) {
        fprintf(out, "**GAP** | no case exercises this requirement%s%s |\n",
                satisfied[0] ? "; " : "", satisfied);
        return;
    }
    fprintf(out, "%s | ", sct_group_verdict_name(sct_tally_verdict(&row->tally)));
    case_ids(out, doc, row);
    if (satisfied[0])
        fprintf(out, "; %s", satisfied);
    fputs(" |\n", out);
}

void sct_md_trace(FILE *out, const sct_render_doc *doc, const sct_trace *t)
{
    fputs("## Requirement traceability\n\nEvery requirement of the catalogue `", out);
    sct_md_escape(out, doc->catalogue_path ? doc->catalogue_path : "(none)");
    fprintf(out, "` (%zu requirements, **%zu gap(s)**: not exercised by any case "
                 "of this run), the cases citing it and their verdict.\n\n",
            doc->n_reqs, t->n_gaps);
    if (!doc->catalogue_loaded)
        fputs("> The requirement catalogue could not be read: gaps cannot be "
              "shown, only the requirements the cases cite.\n\n", out);
    fputs("| requirement | statement (source) | cases | verdict | cases exercising it |\n"
          "|---|---|--:|---|---|\n", out);
    sct_trace_each_row(out, doc, t, uncatalogued, trace_row);
    fputc('\n', out);
}
