/*
 * html_cases.c — the cases: a detail block for every case that did not pass
 * or decline (FAIL, CRASH, TIMEOUT, ERROR...: verdict, message, deviation
 * classes, the mismatch samples with the worst element marked), then every
 * case of the run, grouped by op x types, in collapsible tables.
 */
#include <string.h>

#include "html_escape.h"
#include "html_sections.h"
#include "render_matrix.h"
#include "sct/results/verdict_tally.h"

static bool cat_needs_detail(sct_verdict_cat v)
{
    return v == SCT_VC_FAIL || v == SCT_VC_CRASH || v == SCT_VC_ERROR;
}

static bool needs_detail(const sct_render_case *c)
{
    return cat_needs_detail(sct_verdict_category(c->verdict));
}

static void u64_or_na(FILE *out, bool has, uint64_t v)
{
    if (has)
        fprintf(out, "%llu", (unsigned long long)v);
    else
        fputs("n/a", out);
}

static void samples_table(FILE *out, const sct_render_case *c)
{
    fprintf(out, "<p>Mismatching elements: %llu of %llu; %zu shown "
                 "(the run's --max-errors cap; the worst element is always "
                 "shown and highlighted).</p>\n",
            (unsigned long long)c->mismatches, (unsigned long long)c->elements,
            c->n_samples);
    if (c->n_samples == 0)
        return;
    fputs("<table class=\"samples\"><tr><th class=\"num\">index</th>"
          "<th>coords</th><th>inputs</th><th>expected</th><th>actual</th>"
          "<th class=\"num\">ULP</th><th>class</th></tr>\n", out);
    for (size_t i = 0; i < c->n_samples; i++) {
        const sct_render_sample *s = &c->samples[i];
        fputs(s->worst ? "<tr class=\"worst\" title=\"worst element\">" : "<tr>", out);
        const char *cells[] = {s->index, s->coords, s->inputs, s->expected,
                               s->actual, s->ulp, s->deviation};
        for (size_t k = 0; k < sizeof cells / sizeof cells[0]; k++) {
            fputs(k == 0 || k == 5 ? "<td class=\"num\">" : "<td>", out);
            sct_html_escape(out, cells[k]);
            fputs("</td>", out);
        }
        fputs("</tr>\n", out);
    }
    fputs("</table>\n", out);
}

static void detail_block(FILE *out, const sct_render_case *c)
{
    sct_verdict_cat v = sct_verdict_category(c->verdict);
    fprintf(out, "<section class=\"case %s\" id=\"c-", sct_verdict_cat_class(v));
    sct_html_id(out, c->id);
    fputs("\"><h3>", out);
    sct_html_badge(out, sct_verdict_cat_class(v), c->verdict);
    fputs(" <code>", out);
    sct_html_escape(out, c->id);
    fputs("</code></h3>\n<table class=\"kv\">", out);
    fputs("<tr><th>Operator, types</th><td>", out);
    sct_html_escape(out, c->op);
    fputs(" ", out);
    sct_html_escape(out, c->types);
    fputs(" &rarr; ", out);
    sct_html_escape(out, c->type_out);
    fputs("</td></tr><tr><th>Expectation</th><td>", out);
    sct_html_escape(out, c->expectation);
    fputs("</td></tr><tr><th>Tolerance</th><td>", out);
    if (c->has_tolerance)
        fprintf(out, "%llu ULP", (unsigned long long)c->tolerance_ulp);
    else
        fputs("n/a", out);
    fputs("</td></tr><tr><th>Max ULP</th><td>", out);
    u64_or_na(out, c->has_max_ulp, c->max_ulp);
    fputs("</td></tr>", out);
    if (c->message[0]) {
        fputs("<tr><th>Message</th><td>", out);
        sct_html_escape(out, c->message);
        fputs("</td></tr>", out);
    }
    fputs("<tr><th>Requirements</th><td>", out);
    for (size_t i = 0; i < c->n_requirements; i++) {
        fputs(i ? ", <a href=\"#r-" : "<a href=\"#r-", out);
        sct_html_id(out, c->requirements[i]);
        fputs("\">", out);
        sct_html_escape(out, c->requirements[i]);
        fputs("</a>", out);
    }
    fputs("</td></tr><tr><th>Tags</th><td>", out);
    for (size_t i = 0; i < c->n_tags; i++) {
        if (i)
            fputs(", ", out);
        sct_html_escape(out, c->tags[i]);
    }
    fputs("</td></tr></table>\n", out);
    if (c->n_deviations) {
        fputs("<table><tr><th>Deviation class</th><th class=\"num\">elements</th></tr>", out);
        for (size_t i = 0; i < c->n_deviations; i++) {
            fputs("<tr><td><code>", out);
            sct_html_escape(out, c->deviations[i].name);
            fprintf(out, "</code></td><td class=\"num\">%llu</td></tr>",
                    (unsigned long long)c->deviations[i].count);
        }
        fputs("</table>\n", out);
    }
    if (c->elements || c->mismatches)
        samples_table(out, c);
    fputs("</section>\n", out);
}

static void group_table(FILE *out, const sct_render_doc *doc,
                        const sct_render_group *g)
{
    sct_verdict_tally t = g->tally;
    sct_group_verdict gv = sct_tally_verdict(&t);
    fprintf(out, "<details id=\"g-");
    sct_html_id(out, g->op);
    fputs("-", out);
    sct_html_id(out, g->type);
    fprintf(out, "\"%s><summary>", gv == SCT_GV_PASS ? "" : " open");
    sct_html_badge(out, sct_group_verdict_class(gv), sct_group_verdict_name(gv));
    fputs(" <b>", out);
    sct_html_escape(out, g->op);
    fputs(" ", out);
    sct_html_escape(out, g->type);
    fprintf(out, "</b>: %zu cases, %zu passed</summary>\n", t.total,
            t.n[SCT_VC_PASS]);
    fputs("<table><tr><th>case</th><th>verdict</th><th>expectation</th>"
          "<th class=\"num\">elements</th><th class=\"num\">mismatches</th>"
          "<th class=\"num\">max ULP</th><th>message</th></tr>\n", out);
    for (size_t i = 0; i < doc->n_cases; i++) {
        if (sct_render_doc_case_group(doc, i) != g->first)
            continue;
        /* One row per case: no samples needed. */
        const sct_render_case *c = sct_render_doc_case_brief(doc, i);
        sct_verdict_cat v = sct_verdict_category(c->verdict);
        if (needs_detail(c)) {
            fputs("<tr><td><code>", out);
            sct_html_case_link(out, c->id);
        } else {
            fputs("<tr id=\"c-", out);
            sct_html_id(out, c->id);
            fputs("\"><td><code>", out);
            sct_html_escape(out, c->id);
        }
        fputs("</code></td><td>", out);
        sct_html_badge(out, sct_verdict_cat_class(v), c->verdict);
        fputs("</td><td>", out);
        sct_html_escape(out, c->expectation);
        fprintf(out, "</td><td class=\"num\">%llu</td><td class=\"num\">%llu</td>"
                     "<td class=\"num\">",
                (unsigned long long)c->elements, (unsigned long long)c->mismatches);
        u64_or_na(out, c->has_max_ulp, c->max_ulp);
        fputs("</td><td>", out);
        sct_html_escape(out, c->message);
        fputs("</td></tr>\n", out);
    }
    fputs("</table></details>\n", out);
}

void sct_html_cases(FILE *out, const sct_render_doc *doc)
{
    size_t n_detail = 0;
    for (size_t i = 0; i < doc->n_cases; i++)
        n_detail += cat_needs_detail(sct_render_doc_case_verdict(doc, i));
    fputs("<h2 id=\"cases\">Cases</h2>\n", out);
    fprintf(out, "<h3 id=\"failures\">Cases that did not pass (%zu)</h3>\n",
            n_detail);
    if (n_detail == 0)
        fputs("<p>None: no case failed, crashed, timed out or ended in an "
              "error. (Unsupported cases, if any, are listed below; they are "
              "not counted as passed.)</p>\n", out);
    for (size_t i = 0; i < doc->n_cases; i++)
        if (cat_needs_detail(sct_render_doc_case_verdict(doc, i)))
            detail_block(out, sct_render_doc_case(doc, i));
    fprintf(out, "<h3 id=\"all-cases\">All %zu cases by operator and types</h3>\n",
            doc->n_cases);
    for (size_t i = 0; i < doc->n_groups; i++)
        group_table(out, doc, &doc->groups[i]);
}
