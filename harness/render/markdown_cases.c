/*
 * markdown_cases.c — cases in Markdown: a detail block for every case that
 * failed, crashed, timed out or errored (verdict, message, deviation
 * classes, mismatch samples with the worst element marked), then one line
 * per op x types group with its verdict counts and every case that did
 * not pass (unsupported ones included: declined is not passed).
 */
#include <string.h>

#include "markdown_escape.h"
#include "markdown_sections.h"
#include "sct/results/repro_command.h"
#include "sct/results/verdict_tally.h"

static bool needs_detail(sct_verdict_cat v)
{
    return v == SCT_VC_FAIL || v == SCT_VC_CRASH || v == SCT_VC_ERROR;
}

static void samples(FILE *out, const sct_render_case *c)
{
    fprintf(out, "Mismatching elements: %llu of %llu; %zu shown (--max-errors "
                 "cap; the worst element is always shown, marked ★).\n\n",
            (unsigned long long)c->mismatches, (unsigned long long)c->elements,
            c->n_samples);
    if (c->n_samples == 0)
        return;
    fputs("| index | coords | inputs | expected | actual | ULP | class |\n"
          "|--:|---|---|---|---|--:|---|\n", out);
    for (size_t i = 0; i < c->n_samples; i++) {
        const sct_render_sample *s = &c->samples[i];
        const char *cells[] = {s->index, s->coords, s->inputs, s->expected,
                               s->actual, s->ulp, s->deviation};
        fputs(s->worst ? "| ★ " : "| ", out);
        for (size_t k = 0; k < sizeof cells / sizeof cells[0]; k++) {
            if (k)
                fputs(" | ", out);
            sct_md_escape(out, cells[k]);
        }
        fputs(" |\n", out);
    }
    fputc('\n', out);
}

static void detail(FILE *out, const sct_render_doc *doc, const sct_render_case *c)
{
    fputs("#### ", out);
    sct_md_anchor(out, "c", c->id);
    sct_md_escape(out, c->verdict);
    fputs(": ", out);
    sct_md_escape(out, c->id);
    fputs("\n\n- operator, types: ", out);
    sct_md_escape(out, c->op);
    fputs(" ", out);
    sct_md_escape(out, c->types);
    fputs(" → ", out);
    sct_md_escape(out, c->type_out);
    fputs("\n- expectation: ", out);
    sct_md_escape(out, c->expectation);
    if (c->has_tolerance)
        fprintf(out, "; tolerance %llu ULP", (unsigned long long)c->tolerance_ulp);
    if (c->has_max_ulp)
        fprintf(out, "; max ULP %llu", (unsigned long long)c->max_ulp);
    if (c->message[0]) {
        fputs("\n- message: ", out);
        sct_md_escape(out, c->message);
    }
    /* A double-backtick code span: the command may hold a single one. */
    char cmd[8192];
    sct_repro_command(&doc->head.identity, &doc->head.options, c->id, cmd, sizeof cmd);
    fputs("\n- re-run just this case: `` ", out);
    for (const char *p = cmd; *p; p++)
        fputc(*p == '\n' ? ' ' : *p, out);
    fputs(" ``", out);
    fputs("\n- vector files: ", out);
    sct_md_escape(out, doc->head.identity.vectors_dir != NULL &&
                           doc->head.identity.vectors_dir[0] != '\0'
                       ? doc->head.identity.vectors_dir : ".");
    sct_md_escape(out, "/");
    sct_md_escape(out, c->id);
    sct_md_escape(out, "/ (model.onnx, test_data_set_0/*.pb)");
    fputs("\n- requirements: ", out);
    for (size_t i = 0; i < c->n_requirements; i++) {
        fputs(i ? ", " : "", out);
        sct_md_escape(out, c->requirements[i]);
    }
    fputs("\n- tags: ", out);
    for (size_t i = 0; i < c->n_tags; i++) {
        fputs(i ? ", " : "", out);
        sct_md_escape(out, c->tags[i]);
    }
    fputs("\n", out);
    if (c->n_deviations) {
        fputs("- deviation classes: ", out);
        for (size_t i = 0; i < c->n_deviations; i++) {
            fputs(i ? ", " : "", out);
            sct_md_escape(out, c->deviations[i].name);
            fprintf(out, " ×%llu", (unsigned long long)c->deviations[i].count);
        }
        fputs("\n", out);
    }
    fputc('\n', out);
    if (c->elements || c->mismatches)
        samples(out, c);
}

static void group_line(FILE *out, const sct_render_doc *doc, const sct_render_group *g)
{
    const sct_verdict_tally t = g->tally;
    fputs("| ", out);
    sct_md_escape(out, g->op);
    fputs(" | ", out);
    sct_md_escape(out, g->type);
    fprintf(out, " | %s | %zu |", sct_group_verdict_name(sct_tally_verdict(&t)), t.total);
    for (int v = 0; v < SCT_VC_COUNT; v++)
        fprintf(out, " %zu |", t.n[v]);
    fputs(" ", out);
    bool first = true;
    for (size_t i = 0; i < doc->n_cases; i++) {
        if (sct_render_doc_case_group(doc, i) != g->first ||
            sct_render_doc_case_verdict(doc, i) == SCT_VC_PASS)
            continue;
        const sct_render_case *c = sct_render_doc_case_brief(doc, i);
        fputs(first ? "" : ", ", out);
        first = false;
        sct_md_escape(out, c->id);
        fputs(" (", out);
        sct_md_escape(out, c->verdict);
        fputs(")", out);
    }
    fputs(" |\n", out);
}

void sct_md_failures(FILE *out, const sct_render_doc *doc)
{
    size_t n = 0;
    for (size_t i = 0; i < doc->n_cases; i++)
        n += needs_detail(sct_render_doc_case_verdict(doc, i));
    fprintf(out, "## Cases that did not pass (%zu)\n\n", n);
    if (n == 0)
        fputs("None: no case failed, crashed, timed out or ended in an error. "
              "(Unsupported cases, if any, are listed under all cases; they are "
              "not counted as passed.)\n\n", out);
    /* As in the HTML report: cases with mismatching elements first, then
     * status failures, crashes and errors. */
    for (int pass = 0; pass < 2; pass++)
        for (size_t i = 0; i < doc->n_cases; i++) {
            if (!needs_detail(sct_render_doc_case_verdict(doc, i)))
                continue;
            bool values = sct_render_doc_case_brief(doc, i)->mismatches > 0;
            if (values == (pass == 0))
                detail(out, doc, sct_render_doc_case(doc, i));
        }
}

void sct_md_all_cases(FILE *out, const sct_render_doc *doc)
{
    fprintf(out, "## All %zu cases by operator and types\n\n", doc->n_cases);
    fputs("| op | types | verdict | cases |", out);
    for (int v = 0; v < SCT_VC_COUNT; v++)
        fprintf(out, " %s |", sct_verdict_cat_name((sct_verdict_cat)v));
    fputs(" cases that did not pass |\n|---|---|---|--:|", out);
    for (int v = 0; v < SCT_VC_COUNT; v++)
        fputs("--:|", out);
    fputs("---|\n", out);
    for (size_t i = 0; i < doc->n_groups; i++)
        group_line(out, doc, &doc->groups[i]);
    fputc('\n', out);
}
