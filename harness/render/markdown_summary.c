/*
 * markdown_summary.c — the short Markdown summary (markdown_summary.h).
 */
#include "markdown_summary.h"

#include <string.h>

#include "markdown_escape.h"
#include "markdown_sections.h"
#include "sct/render/render_atomic_write.h"
#include "render_trace.h"
#include "sct/results/verdict_tally.h"

/* The identity value of `label`, or "". */
static const char *identity(const sct_render_doc *doc, const char *label)
{
    for (size_t i = 0; i < doc->n_identity; i++)
        if (strcmp(doc->identity[i].label, label) == 0)
            return doc->identity[i].value;
    return "";
}

static void header(FILE *out, const sct_render_doc *doc)
{
    fputs("### ", out);
    sct_md_escape(out, doc->title);
    fputs(": **", out);
    sct_md_escape(out, doc->overall_verdict[0] ? doc->overall_verdict : "NO VERDICT");
    fputs("**\n\n", out);
    sct_md_escape(out, doc->exit_meaning);
    fputs("\n\nProfile ", out);
    sct_md_escape(out, identity(doc, "Profile"));
    fputs(" · vector set `", out);
    sct_md_escape(out, identity(doc, "Vector set sha256"));
    fputs("` · ", out);
    sct_md_escape(out, identity(doc, "Harness"));
    fputs(" · ", out);
    sct_md_escape(out, identity(doc, "Sharding"));
    fputs("\n\n", out);
    for (size_t i = 0; i < doc->n_totals; i++) {
        if (i)
            fputs(" · ", out);
        sct_md_escape(out, doc->totals[i].label);
        fputs(": ", out);
        sct_md_escape(out, doc->totals[i].value);
    }
    fputs("\n\n", out);
    if (doc->n_warnings)
        fprintf(out, "> %zu problem(s) reading the report inputs: see the full "
                     "report.\n\n", doc->n_warnings);
}

/* Requirement ids of the rows selected by `want` (gaps or non-passing). */
static void id_list(FILE *out, const sct_trace *t, bool gaps)
{
    bool first = true;
    for (size_t i = 0; i < t->n_rows; i++) {
        const sct_trace_row *r = &t->rows[i];
        sct_group_verdict v = sct_tally_verdict(&r->tally);
        bool pick = gaps ? (r->n_cases == 0 && r->in_catalogue)
                         : (r->n_cases > 0 && v != SCT_GV_PASS);
        if (!pick)
            continue;
        fputs(first ? "" : ", ", out);
        first = false;
        sct_md_escape(out, r->id);
        if (!gaps)
            fprintf(out, " (%s)", sct_group_verdict_name(v));
    }
    fputs(first ? "none\n" : "\n", out);
}

static void coverage(FILE *out, const sct_render_doc *doc)
{
    sct_trace t;
    sct_trace_build(doc, &t);
    size_t by[8] = {0};
    for (size_t i = 0; i < t.n_rows; i++)
        if (t.rows[i].in_catalogue)
            by[sct_tally_verdict(&t.rows[i].tally)]++;
    fprintf(out, "**Requirements** (%zu in the catalogue): %zu PASS, %zu FAIL, "
                 "%zu CRASH, %zu ERROR, %zu PARTIAL, %zu UNSUPPORTED, %zu GAP "
                 "(no case); %zu cited ids not in the catalogue.\n\n",
            doc->n_reqs, by[SCT_GV_PASS], by[SCT_GV_FAIL], by[SCT_GV_CRASH],
            by[SCT_GV_ERROR], by[SCT_GV_MIXED], by[SCT_GV_UNSUPPORTED],
            by[SCT_GV_NOT_RUN], t.n_uncatalogued);
    fputs("- gaps: ", out);
    id_list(out, &t, true);
    fputs("- not passing: ", out);
    id_list(out, &t, false);
    fputc('\n', out);
    sct_trace_free(&t);
}

static void failing_cases(FILE *out, const sct_render_doc *doc)
{
    size_t n = 0;
    for (size_t i = 0; i < doc->n_cases; i++) {
        sct_verdict_cat v = sct_render_doc_case_verdict(doc, i);
        n += v == SCT_VC_FAIL || v == SCT_VC_CRASH || v == SCT_VC_ERROR;
    }
    fprintf(out, "**Cases that did not pass: %zu**", n);
    if (n == 0) {
        fputs("\n\n", out);
        return;
    }
    fputs("\n\n| case | verdict | mismatches | max ULP | message |\n"
          "|---|---|--:|--:|---|\n", out);
    size_t shown = 0;
    for (size_t i = 0; i < doc->n_cases && shown < SCT_MD_SUMMARY_CASES; i++) {
        sct_verdict_cat v = sct_render_doc_case_verdict(doc, i);
        if (v != SCT_VC_FAIL && v != SCT_VC_CRASH && v != SCT_VC_ERROR)
            continue;
        const sct_render_case *c = sct_render_doc_case_brief(doc, i);
        shown++;
        fputs("| ", out);
        sct_md_escape(out, c->id);
        fputs(" | ", out);
        sct_md_escape(out, c->verdict);
        fprintf(out, " | %llu of %llu | ", (unsigned long long)c->mismatches,
                (unsigned long long)c->elements);
        if (c->has_max_ulp)
            fprintf(out, "%llu", (unsigned long long)c->max_ulp);
        else
            fputs("–", out);
        fputs(" | ", out);
        /* One short line per case: the message's first 160 bytes, cut at a
         * UTF-8 character boundary. */
        char msg[161];
        snprintf(msg, sizeof msg, "%s", c->message);
        size_t len = strlen(msg);
        if (len == sizeof msg - 1) {
            /* Possibly cut inside a character: drop its continuation bytes
             * and its lead byte (a whole last character may go too). */
            while (len > 0 && ((unsigned char)msg[len - 1] & 0xC0) == 0x80)
                msg[--len] = '\0';
            if (len > 0 && ((unsigned char)msg[len - 1] & 0xC0) == 0xC0)
                msg[--len] = '\0';
        }
        sct_md_escape(out, msg);
        fputs(" |\n", out);
    }
    if (n > shown)
        fprintf(out, "\n… and %zu more (all in the full report).\n", n - shown);
    fputc('\n', out);
}

int sct_markdown_summary_write(FILE *out, const sct_render_doc *doc)
{
    header(out, doc);
    sct_md_matrix(out, doc);
    coverage(out, doc);
    failing_cases(out, doc);
    fputs("Full details (per-element mismatches, traceability, spec notes): the "
          "HTML / Markdown reports rendered from the same JSON report "
          "(docs/reports.md).\n", out);
    return ferror(out) ? -1 : 0;
}

int sct_markdown_summary_write_file(const char *path, const sct_render_doc *doc,
                                    char *err, size_t err_cap)
{
    return sct_render_write_atomic(path, sct_markdown_summary_write, doc, err,
                                   err_cap);
}
