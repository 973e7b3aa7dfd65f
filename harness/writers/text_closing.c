/*
 * text_closing.c — the end of the text report, what a person reads first
 * after a run: the cases that did not conform (id, first deviating
 * element, how many, and the one command that re-runs just that case),
 * where the reports went, the totals and the verdict line, last.
 */
#include <inttypes.h>
#include <string.h>

#include "sct/numeric/dtype.h"
#include "sct/results/repro_command.h"
#include "sct/results/value_format.h"
#include "text_parts.h"

bool sct_text_is_failing(sct_verdict v)
{
    /* the implementation's failures (the one list, verdict.h), and the
     * cases that could not be judged; what is counted apart (UNSUPPORTED
     * folded per group, NOT_ENFORCED, OUT_OF_SCOPE, WAIVED) is not listed */
    return sct_verdict_is_failure(v) || v == SCT_VERDICT_ERROR;
}

/* --waivers: every waiver with the failures it covered; one that covered
 * none is stale (docs/cli.md "Waivers"). */
static void write_waivers(FILE *out, const sct_run_report *r, const sct_run_summary *s)
{
    if (r->n_waivers > 0)
        fprintf(out, "waived: %zu failing case(s), counted apart, never as passed\n",
                s->counts[SCT_VERDICT_WAIVED]);
    for (size_t i = 0; i < r->n_waivers; i++) {
        const sct_waiver_note *w = &r->waivers[i];
        fprintf(out, "%s %s (%s; owner %s; expires %s; %s; %s): ",
                w->matched ? "waiver" : "stale waiver", w->what, w->runtime, w->owner,
                w->expires, w->reason, w->link);
        if (w->matched)
            fprintf(out, "covered %zu failure(s)\n", w->matched);
        else
            fprintf(out, "covers no failure of this run: remove it\n");
    }
}

void sct_write_status_legend(FILE *out, int indent)
{
    static const char *const lines[] = {
        "PASS         every output element equals its golden value (within the case's\n"
        "             ULP tolerance), or the expected rejection happened",
        "FAIL         an element differs from its golden value (or the status is wrong)",
        "CRASH        the implementation crashed or wrote outside its output",
        "TIMEOUT      the implementation did not return within --timeout",
        "UNSUPPORTED  the implementation declined the op and types: neither passed\n"
        "             nor failed",
        "ERROR        the case could not be judged (bad vectors, harness failure)",
        "DECLINED_AT_RUN  run() declined a case whose op and types query() accepted:\n"
        "             a failure (declines are per op and types)",
        "NOT_ENFORCED a model outside the SONNX profile was accepted, or refused with\n"
        "             ERROR instead of INVALID_ARGUMENT: counted apart from the values\n"
        "             (FAIL with --require-enforcement)",
        "OUT_OF_SCOPE outside the vendor's --claim: not run",
        "WAIVED       a failure covered by a governed waiver: never a pass",
        "[STATUS]     after a case id: what the implementation's call returned\n"
        "             ([OK], [CRASH], [UNSUPPORTED] ...), before any comparison",
    };
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        /* Continuation lines get the same indent. */
        fprintf(out, "%*s", indent, "");
        for (const char *p = lines[i]; *p; p++) {
            fputc(*p, out);
            if (*p == '\n')
                fprintf(out, "%*s", indent, "");
        }
        fputc('\n', out);
    }
}

/* The first deviating element: the lowest flat index among the kept
 * samples (the worst one is kept too, maybe out of order). */
static const sct_sample *first_sample(const sct_case_result *c)
{
    const sct_sample *f = NULL;
    for (size_t i = 0; i < c->n_samples; i++)
        if (f == NULL || c->samples[i].index < f->index)
            f = &c->samples[i];
    return f;
}

static void write_failing(FILE *out, const sct_run_report *r, const sct_case_result *c)
{
    fprintf(out, "  %-7s %s", sct_verdict_name(c->verdict), c->id);
    if (c->compared && c->stats.mismatches > 0) {
        fprintf(out, ": %" PRIu64 " of %" PRIu64 " elements mismatch",
                c->stats.mismatches, c->stats.elements);
        /* ULP distance is a float measure: integer and bool outputs are
         * exact or wrong. */
        const sct_dtype_info *t = sct_dtype_by_code(c->output.elem_type);
        if (t != NULL && t->kind == SCT_KIND_FLOAT)
            fprintf(out, ", max ulp %" PRIu64, c->stats.max_ulp);
    } else if (c->message[0] != '\0')
        fprintf(out, ": %s", c->message);
    fputc('\n', out);
    const sct_sample *f = first_sample(c);
    if (f != NULL) {
        fprintf(out, "          first: ");
        sct_text_sample(out, f);
    }
    char cmd[8192];
    sct_repro_command(&r->identity, &r->options, c->id, cmd, sizeof cmd);
    fprintf(out, "          re-run: %s\n", cmd);
}

static void write_totals(FILE *out, const sct_run_summary *s)
{
    fprintf(out, "totals: %zu case(s):", s->cases);
    bool any = false;
    for (int v = 0; v < (int)SCT_VERDICT_COUNT; v++) {
        if (s->counts[v] == 0)
            continue;
        fprintf(out, "%s %zu %s", any ? "," : "", s->counts[v],
                sct_verdict_name((sct_verdict)v));
        any = true;
    }
    fprintf(out, "; %" PRIu64 " elements compared, %" PRIu64 " mismatch\n",
            s->elements, s->mismatches);
}

int sct_text_closing(FILE *out, const sct_run_report *r, const sct_run_summary *s,
                     const sct_text_options *o, char *err, size_t err_cap)
{
    size_t n_failing = 0;
    for (int v = 0; v < (int)SCT_VERDICT_COUNT; v++)
        if (sct_text_is_failing((sct_verdict)v))
            n_failing += s->counts[v];
    if (n_failing > 0 && !o->quiet)
        fprintf(out, "\ncases that do not conform (%zu):\n", n_failing);
    else if (!o->quiet)
        fputc('\n', out);
    for (size_t i = 0; i < r->n_cases && n_failing > 0; i++) {
        const sct_case_result *c = sct_run_report_case(r, i);
        if (c == NULL) {
            snprintf(err, err_cap, "text report: %s", sct_run_report_error(r));
            return 1;
        }
        if (!sct_text_is_failing(c->verdict))
            continue;
        if (o->quiet)
            fprintf(out, "%s\n", c->id);
        else
            write_failing(out, r, c);
    }
    if (!o->quiet) {
        for (size_t i = 0; i < o->n_reports; i++)
            fprintf(out, "%s%s%s", i ? ", " : "reports written: ", o->reports[i],
                    i + 1 == o->n_reports ? "\n" : "");
        /* What the verdict rests on, then the totals and the one verdict
         * line, last: the lines a CI log's tail shows. */
        sct_text_tier(out, s);
        sct_text_declined(out, s);
        sct_text_claims(out, s);
        write_waivers(out, r, s);
        char baseline[4608];
        sct_run_exit_text(r, baseline, sizeof baseline);
        if (baseline[0] != '\0')
            fprintf(out, "%s\n", baseline);
        /* The enforcement answer apart from the values one (SN-24). */
        char enforcement[2048];
        sct_enforcement_text(s, enforcement, sizeof enforcement);
        if (s->not_enforced > 0)
            fprintf(out, "verdict: %s (values); %s\n", sct_overall_name(s->overall),
                    enforcement);
        else if (enforcement[0] != '\0')
            fprintf(out, "enforcement: %s\n", enforcement);
        fprintf(out, "meaning: %s\n", sct_overall_meaning(s->overall));
        write_totals(out, s);
    }
    /* One exit claim: the status the process returns (sct_run_exit). */
    fprintf(out, "overall: %s%s (exit %d)\n", sct_overall_name(s->overall),
            r->baseline.used ? ", against the baseline" : "", sct_run_exit(r, s));
    return 0;
}
