/*
 * text_writer.c — the human-readable report: one fixed-format line per
 * shown mismatching element (the layout of TestFloat's error lines: inputs,
 * expected, actual, each in decimal and hex bits), a line per case that did
 * not pass, then the summary table per op × types and the overall verdict.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "sct/writers/report_writers.h"
#include "sct/results/run_summary.h"
#include "sct/results/value_format.h"
#include "sct/text/atomic_file.h"

static void write_coords(FILE *out, const sct_sample *s)
{
    fputc('(', out);
    for (int32_t d = 0; d < s->rank; d++)
        fprintf(out, "%s%" PRId64, d ? "," : "", s->coords[d]);
    fputc(')', out);
}

static void write_value(FILE *out, const char *label, int32_t type, uint64_t bits)
{
    char dec[SCT_VALUE_TEXT_MAX], hex[SCT_VALUE_TEXT_MAX];
    sct_format_value(type, bits, dec, sizeof dec);
    sct_format_bits(type, bits, hex, sizeof hex);
    fprintf(out, " %s=%s (%s)", label, dec, hex);
}

static void write_sample(FILE *out, const sct_case_result *c, const sct_sample *s)
{
    static const char *const names[2] = {"a", "b"};
    fprintf(out, "  %s[%" PRIu64 "] ", c->id, s->index);
    write_coords(out, s);
    for (size_t k = 0; k < s->n_inputs && k < 2; k++)
        write_value(out, names[k], s->in_types[k], s->in_bits[k]);
    write_value(out, "expected", s->out_type, s->expected_bits);
    write_value(out, "actual", s->out_type, s->actual_bits);
    if (s->ulp == SCT_ULP_NONE)
        fprintf(out, " ulp=-");
    else
        fprintf(out, " ulp=%" PRIu64, s->ulp);
    fprintf(out, " class=%s%s\n", sct_deviation_name(s->deviation),
            s->worst ? " worst" : "");
}

static void write_case(FILE *out, const sct_case_result *c)
{
    if (c->verdict == SCT_VERDICT_PASS)
        return;
    fprintf(out, "%s %s", sct_verdict_name(c->verdict), c->id);
    if (c->exec_status[0] != '\0')
        fprintf(out, " [%s]", c->exec_status);
    if (c->compared && c->stats.mismatches > 0)
        fprintf(out, ": %" PRIu64 " of %" PRIu64 " elements mismatch, max ulp %"
                PRIu64 ", tolerance %" PRIu32 " ulp",
                c->stats.mismatches, c->stats.elements, c->stats.max_ulp,
                c->tolerance_ulp);
    if (c->message[0] != '\0')
        fprintf(out, ": %s", c->message);
    fputc('\n', out);
    /* The requirements this case exercises: what a failure puts in doubt. */
    for (size_t i = 0; i < c->n_requirements; i++)
        fprintf(out, "%s%s%s", i ? ", " : "  requirements: ", c->requirements[i],
                i + 1 == c->n_requirements ? "\n" : "");
    for (size_t i = 0; i < c->n_samples; i++)
        write_sample(out, c, &c->samples[i]);
    if (c->compared && c->stats.mismatches > c->n_samples)
        fprintf(out, "  ... %" PRIu64 " more mismatching elements not shown "
                "(--max-errors)\n", c->stats.mismatches - c->n_samples);
}

static void write_row(FILE *out, const char *op, const char *types, size_t cases,
                      const size_t *n, uint64_t elements, uint64_t mismatches,
                      bool has_ulp, uint64_t max_ulp, const char *verdict)
{
    char ulp[24];
    if (has_ulp)
        snprintf(ulp, sizeof ulp, "%" PRIu64, max_ulp);
    else
        snprintf(ulp, sizeof ulp, "-");
    fprintf(out, "%-6s %-18s %6zu %6zu %6zu %6zu %6zu %6zu %6zu %6zu %6zu %10" PRIu64
            " %10" PRIu64 " %12s  %s\n", op, types, cases, n[SCT_VERDICT_PASS],
            n[SCT_VERDICT_FAIL], n[SCT_VERDICT_CRASH], n[SCT_VERDICT_TIMEOUT],
            n[SCT_VERDICT_UNSUPPORTED], n[SCT_VERDICT_ERROR],
            n[SCT_VERDICT_DECLINED_AT_RUN], n[SCT_VERDICT_NOT_ENFORCED], elements,
            mismatches, ulp, verdict);
}

/* The op x types the implementation declined (UNSUPPORTED): what a PARTIAL
 * run does not certify, listed before anything else (docs/cli.md
 * "Verdicts and exit status"). */
static void write_declined(FILE *out, const sct_run_summary *s)
{
    bool any = false;
    for (size_t i = 0; i < s->n_groups; i++) {
        const sct_group_summary *g = &s->groups[i];
        if (g->counts[SCT_VERDICT_UNSUPPORTED] == 0)
            continue;
        fprintf(out, "%s%s %s (%zu of %zu)", any ? ", " : "declined, not certified: ",
                g->op_type, g->types, g->counts[SCT_VERDICT_UNSUPPORTED], g->cases);
        any = true;
    }
    if (any)
        fputc('\n', out);
}

/* What the run looked at, and whether a certificate can rest on it
 * (run_tier.h): beside the verdict, so a slice never reads as the whole. */
static void write_tier(FILE *out, const sct_run_summary *s)
{
    fprintf(out, "tier: %s: %s%s\n", sct_tier_name(s->tier.kind), s->tier.detail,
            s->tier.certifiable ? "" : " -- " SCT_TIER_NOT_CERTIFIABLE);
}

/* --claim: what lies outside it (listed, not run), and each declared bound
 * judged apart from the tolerance, with the worst element beyond it. */
static void write_claims(FILE *out, const sct_run_summary *s)
{
    bool any = false;
    for (size_t i = 0; i < s->n_groups; i++) {
        const sct_group_summary *g = &s->groups[i];
        if (g->counts[SCT_VERDICT_OUT_OF_SCOPE] == 0)
            continue;
        fprintf(out, "%s%s %s (%zu)", any ? ", " : "out of scope (not claimed, not run): ",
                g->op_type, g->types, g->counts[SCT_VERDICT_OUT_OF_SCOPE]);
        any = true;
    }
    if (any)
        fputc('\n', out);
    for (size_t i = 0; i < s->n_groups; i++) {
        char text[1024];
        sct_claim_text(&s->groups[i], text, sizeof text);
        if (text[0] != '\0')
            fprintf(out, "claim: %s\n", text);
    }
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

static void write_summary(FILE *out, const sct_run_report *r,
                          const sct_run_summary *s)
{
    fprintf(out, "\n%-6s %-18s %6s %6s %6s %6s %6s %6s %6s %6s %6s %10s %10s %12s  %s\n",
            "op", "types", "cases", "pass", "fail", "crash", "tmout", "unsup",
            "error", "drun", "nenf", "elements", "mismatch", "max_ulp", "verdict");
    bool any_ulp = false;
    for (size_t i = 0; i < s->n_groups; i++) {
        const sct_group_summary *g = &s->groups[i];
        any_ulp = any_ulp || g->has_ulp;
        write_row(out, g->op_type, g->types, g->cases, g->counts, g->elements,
                  g->mismatches, g->has_ulp, g->max_ulp,
                  sct_overall_name(g->verdict));
    }
    uint64_t max_ulp = 0;
    for (size_t i = 0; i < s->n_groups; i++)
        if (s->groups[i].has_ulp && s->groups[i].max_ulp > max_ulp)
            max_ulp = s->groups[i].max_ulp;
    write_row(out, "TOTAL", "", s->cases, s->counts, s->elements, s->mismatches,
              any_ulp, max_ulp, sct_overall_name(s->overall));
    fprintf(out, "\nnot run: %zu case(s) not in profile %s, %zu excluded by "
            "filters\n", r->n_filtered_profile, r->identity.profile,
            r->n_filtered_selection);
    bool any_dev = false;
    for (int d = 1; d < (int)SCT_DEV_COUNT; d++) {
        if (s->deviation_counts[d] == 0)
            continue;
        fprintf(out, "%s%s=%" PRIu64, any_dev ? ", " : "deviations: ",
                sct_deviation_name((sct_deviation)d), s->deviation_counts[d]);
        any_dev = true;
    }
    if (any_dev)
        fputc('\n', out);
    write_declined(out, s);
    write_claims(out, s);
    write_waivers(out, r, s);
    write_tier(out, s);
    /* One exit claim: the status the process returns (sct_run_exit). */
    char baseline[4608];
    sct_run_exit_text(r, baseline, sizeof baseline);
    fprintf(out, "overall: %s%s (exit %d)\n%s\n", sct_overall_name(s->overall),
            r->baseline.used ? ", against the baseline" : "", sct_run_exit(r, s),
            sct_overall_meaning(s->overall));
    if (baseline[0] != '\0')
        fprintf(out, "%s\n", baseline);
    /* The enforcement answer apart from the values one (SN-24). */
    char enforcement[2048];
    sct_enforcement_text(s, enforcement, sizeof enforcement);
    if (s->not_enforced > 0)
        fprintf(out, "verdict: %s (values); %s\n", sct_overall_name(s->overall), enforcement);
    else if (enforcement[0] != '\0')
        fprintf(out, "enforcement: %s\n", enforcement);
}

int sct_write_text(FILE *out, const sct_run_report *r, char *err, size_t err_cap)
{
    const sct_run_identity *id = &r->identity;
    sct_run_summary s;
    char why[512];
    if (sct_run_summary_build(r, &s, why, sizeof why) != 0) {
        snprintf(err, err_cap, "text report: %s", why);
        return 1;
    }
    fprintf(out, "sonnx-cts %s run, profile %s\n", id->harness_version, id->profile);
    fprintf(out, "vectors: %s (sha256 %s)\n", id->vectors_dir, id->vector_set_sha256);
    fprintf(out, "backend: %s %s %s (%s, ABI %" PRIu32 ".%" PRIu32
            ", isolation: %s)\n", id->vendor, id->runtime_name,
            id->runtime_version, id->plugin_path, id->abi_major, id->abi_minor,
            id->isolation);
    write_tier(out, &s);
    write_declined(out, &s);
    write_claims(out, &s);
    /* Case by case from the spool (report_model.h): one record in memory. */
    for (size_t i = 0; i < r->n_cases; i++) {
        const sct_case_result *c = sct_run_report_case(r, i);
        if (c == NULL) {
            snprintf(err, err_cap, "text report: %s", sct_run_report_error(r));
            sct_run_summary_free(&s);
            return 1;
        }
        write_case(out, c);
    }
    write_summary(out, r, &s);
    sct_run_summary_free(&s);
    if (ferror(out)) {
        snprintf(err, err_cap, "text report: write error");
        return 1;
    }
    return 0;
}

int sct_write_text_file(const char *path, const sct_run_report *r, char *err,
                        size_t err_cap)
{
    /* Whole or not at all (atomic_file.h): a failed write keeps the
     * previous report. */
    sct_atomic_file a;
    FILE *f = sct_atomic_open(&a, path, err, err_cap);
    if (f == NULL)
        return 1;
    /* A write error is left to the commit, which says why. */
    if (sct_write_text(f, r, err, err_cap) != 0 && !ferror(f)) {
        sct_atomic_abort(&a);
        return 1;
    }
    return sct_atomic_commit(&a, err, err_cap);
}
