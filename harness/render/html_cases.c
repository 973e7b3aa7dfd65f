/*
 * html_cases.c — the cases: a detail block for every case that did not pass
 * or decline (FAIL, CRASH, TIMEOUT, ERROR...: verdict, message, the mismatch
 * samples with the worst element marked, the re-run command, the vector
 * files, deviation classes), right after the verdict; and, further down,
 * every case of the run, grouped by op x types, in collapsible tables.
 */
#include <string.h>

#include "html_escape.h"
#include "html_sections.h"
#include "render_matrix.h"
#include "sct/results/repro_command.h"
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

/* The case's files in the vector set: the case directory is the case id
 * (docs/vector-format.md, manifest `path`). */
static void vector_files(FILE *out, const sct_render_doc *doc, const sct_render_case *c)
{
    const char *dir = doc->head.identity.vectors_dir;
    if (dir == NULL || dir[0] == '\0')
        dir = ".";
    /* One input file per input of the op (docs/vector-format.md); a
     * record that does not say how many names two. */
    size_t n_in = c->n_inputs > 0 ? c->n_inputs : 2u;
    fputs("<tr><th>Vector files</th><td class=\"paths\"><code>", out);
    sct_html_escape(out, dir);
    fputs("/", out);
    sct_html_escape(out, c->id);
    fputs("/</code>: <code>model.onnx</code>", out);
    for (size_t k = 0; k < n_in; k++)
        fprintf(out, ", <code>test_data_set_0/input_%zu.pb</code>", k);
    fputs(", <code>test_data_set_0/output_0.pb</code>", out);
    fputs("</td></tr>", out);
}

/* A failing case, what a person acts on first: the verdict and the count,
 * the mismatching elements (the first one on the first screen), the
 * command that replays just this case, its files, then the details. */
static void detail_block(FILE *out, const sct_render_doc *doc, const sct_render_case *c)
{
    sct_verdict_cat v = sct_verdict_category(c->verdict);
    fprintf(out, "<section class=\"case %s\" id=\"c-", sct_verdict_cat_class(v));
    sct_html_id(out, c->id);
    fputs("\"><h3>", out);
    sct_html_badge(out, sct_verdict_cat_class(v), c->verdict);
    fputs(" <code>", out);
    sct_html_escape(out, c->id);
    fputs("</code> <span class=\"note\">", out);
    sct_html_escape(out, c->op);
    fputs(" ", out);
    sct_html_escape(out, c->types);
    fputs(" &rarr; ", out);
    sct_html_escape(out, c->type_out);
    fputs("; tolerance ", out);
    if (c->has_tolerance)
        fprintf(out, "%llu ULP", (unsigned long long)c->tolerance_ulp);
    else
        fputs("n/a", out);
    fputs("; max ULP ", out);
    u64_or_na(out, c->has_max_ulp, c->max_ulp);
    fputs("</span></h3>\n", out);
    if (c->message[0]) {
        fputs("<p class=\"msg\">", out);
        sct_html_escape(out, c->message);
        fputs("</p>\n", out);
    }
    char cmd[8192];
    sct_repro_command(&doc->head.identity, &doc->head.options, c->id, cmd, sizeof cmd);
    fputs("<p class=\"repro\">Re-run just this case: <code class=\"repro\">", out);
    sct_html_escape(out, cmd);
    fputs("</code></p>\n", out);
    if (c->elements || c->mismatches)
        samples_table(out, c);
    fputs("<table class=\"kv\">", out);
    vector_files(out, doc, c);
    fputs("<tr><th>Expectation</th><td>", out);
    sct_html_escape(out, c->expectation);
    fputs("</td></tr>", out);
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
    fputs("</td></tr>", out);
    if (c->n_deviations) {
        fputs("<tr><th>Deviation classes</th><td>", out);
        for (size_t i = 0; i < c->n_deviations; i++) {
            fputs(i ? ", <code>" : "<code>", out);
            sct_html_escape(out, c->deviations[i].name);
            fprintf(out, "</code>: %llu", (unsigned long long)c->deviations[i].count);
        }
        fputs("</td></tr>", out);
    }
    fputs("</table>\n</section>\n", out);
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
    fputs("<table class=\"group-cases\"><tr><th>case</th><th>verdict</th><th>expectation</th>"
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

size_t sct_html_failure_count(const sct_render_doc *doc)
{
    size_t n = 0;
    for (size_t i = 0; i < doc->n_cases; i++)
        n += cat_needs_detail(sct_render_doc_case_verdict(doc, i));
    return n;
}

void sct_html_failures(FILE *out, const sct_render_doc *doc)
{
    size_t n_detail = sct_html_failure_count(doc);
    fprintf(out, "<h2 class=\"first\" id=\"failures\">Cases that did not pass (%zu)</h2>\n",
            n_detail);
    if (n_detail == 0)
        fputs("<p>None: no case failed, crashed, timed out or ended in an "
              "error. (Unsupported cases, if any, are listed under "
              "<a href=\"#all-cases\">all cases</a>; they are not counted as "
              "passed.)</p>\n", out);
    /* Cases with mismatching elements first (in case order): the first
     * wrong value, its inputs in hex and the command that replays it on the
     * first screen; then status failures, crashes and errors. */
    for (int pass = 0; pass < 2; pass++)
        for (size_t i = 0; i < doc->n_cases; i++) {
            if (!cat_needs_detail(sct_render_doc_case_verdict(doc, i)))
                continue;
            bool values = sct_render_doc_case_brief(doc, i)->mismatches > 0;
            if (values == (pass == 0))
                detail_block(out, doc, sct_render_doc_case(doc, i));
        }
}

void sct_html_all_cases(FILE *out, const sct_render_doc *doc)
{
    fprintf(out, "<h2 id=\"all-cases\">All %zu cases by operator and types</h2>\n",
            doc->n_cases);
    for (size_t i = 0; i < doc->n_groups; i++)
        group_table(out, doc, &doc->groups[i]);
}
