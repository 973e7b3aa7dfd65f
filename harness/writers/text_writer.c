/*
 * text_writer.c — the human-readable report: the legend of the status
 * words, one fixed-format line per shown mismatching element (the layout of
 * TestFloat's error lines: inputs, expected, actual, each in decimal and hex
 * bits) under each case that did not pass (UNSUPPORTED cases folded into
 * one line per op x types unless verbose), then the summary table per
 * op x types (types in dtype.h order) and the closing block
 * (text_closing.c): the failing cases with their re-run command, the
 * reports written, the totals and the verdict line.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sct/numeric/dtype.h"
#include "sct/results/value_format.h"
#include "sct/text/atomic_file.h"
#include "sct/text/owned.h"
#include "text_parts.h"
static void write_case(FILE *out, const sct_case_result *c)
{
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
    for (size_t i = 0; i < c->n_samples; i++) {
        fprintf(out, "  %s", c->id);
        sct_text_sample(out, &c->samples[i]);
    }
    if (c->compared && c->stats.mismatches > c->n_samples)
        fprintf(out, "  ... %" PRIu64 " more mismatching elements not shown "
                "(--max-errors)\n", c->stats.mismatches - c->n_samples);
}

/* Widths: a ULP distance between 64-bit values has up to 20 digits, element
 * counts 12 (a trillion elements), case counts 6: the columns stay aligned. */
#define ROW_FORMAT "%-6s %-18s %6s %6s %6s %6s %6s %6s %6s %6s %6s %12s %12s %20s  %s\n"

static void write_row(FILE *out, const char *op, const char *types, size_t cases,
                      const size_t *n, uint64_t elements, uint64_t mismatches,
                      bool has_ulp, uint64_t max_ulp, const char *verdict)
{
    char c[9][24], e[24], m[24], ulp[24];
    size_t v[9] = {cases, n[SCT_VERDICT_PASS], n[SCT_VERDICT_FAIL],
                   n[SCT_VERDICT_CRASH], n[SCT_VERDICT_TIMEOUT],
                   n[SCT_VERDICT_UNSUPPORTED], n[SCT_VERDICT_ERROR],
                   n[SCT_VERDICT_DECLINED_AT_RUN], n[SCT_VERDICT_NOT_ENFORCED]};
    for (int i = 0; i < 9; i++)
        snprintf(c[i], sizeof c[i], "%zu", v[i]);
    snprintf(e, sizeof e, "%" PRIu64, elements);
    snprintf(m, sizeof m, "%" PRIu64, mismatches);
    if (has_ulp)
        snprintf(ulp, sizeof ulp, "%" PRIu64, max_ulp);
    else
        snprintf(ulp, sizeof ulp, "-");
    fprintf(out, ROW_FORMAT, op, types, c[0], c[1], c[2], c[3], c[4], c[5],
            c[6], c[7], c[8], e, m, ulp, verdict);
}

/* Group order of the table: ops in order of first appearance, then the
 * types by their dtype.h position, operand by operand ("int8" before
 * "int16", "float32" before "float32,int32"). */
typedef struct group_key {
    size_t op_rank;
    size_t types[3];
    size_t index;
} group_key;

static void key_of(const sct_run_summary *s, size_t g, group_key *k)
{
    k->index = g;
    k->op_rank = g;
    for (size_t j = 0; j < g; j++)
        if (strcmp(s->groups[j].op_type, s->groups[g].op_type) == 0) {
            k->op_rank = j;
            break;
        }
    char label[sizeof s->groups[g].types];
    memcpy(label, s->groups[g].types, sizeof label);
    size_t n = 0;
    for (char *save = NULL, *t = strtok_r(label, ",", &save); t != NULL;
         t = strtok_r(NULL, ",", &save)) {
        const sct_dtype_info *d = sct_dtype_by_name(t);
        if (n < 3)
            k->types[n++] = d != NULL ? sct_dtype_order(d->code) + 1u : SIZE_MAX;
    }
    while (n < 3)
        k->types[n++] = 0; /* fewer operands first */
}

static int cmp_key(const void *pa, const void *pb)
{
    const group_key *a = pa, *b = pb;
    if (a->op_rank != b->op_rank)
        return a->op_rank < b->op_rank ? -1 : 1;
    for (int i = 0; i < 3; i++)
        if (a->types[i] != b->types[i])
            return a->types[i] < b->types[i] ? -1 : 1;
    return a->index < b->index ? -1 : a->index > b->index;
}

/* Indices of s->groups in table order (malloc'ed; NULL when out of
 * memory or no group). */
static size_t *group_order(const sct_run_summary *s)
{
    if (s->n_groups == 0)
        return NULL;
    group_key *k = malloc(s->n_groups * sizeof *k);
    size_t *order = malloc(s->n_groups * sizeof *order);
    if (k == NULL || order == NULL) {
        free(k);
        free(order);
        return NULL;
    }
    for (size_t g = 0; g < s->n_groups; g++)
        key_of(s, g, &k[g]);
    qsort(k, s->n_groups, sizeof *k, cmp_key);
    for (size_t g = 0; g < s->n_groups; g++)
        order[g] = k[g].index;
    free(k);
    return order;
}

static void write_summary(FILE *out, const sct_run_report *r,
                          const sct_run_summary *s, const size_t *order)
{
    fprintf(out, "\n" ROW_FORMAT, "op", "types", "cases", "pass", "fail", "crash",
            "tmout", "unsup", "error", "drun", "nenf", "elements", "mismatch", "max_ulp",
            "verdict");
    bool any_ulp = false;
    uint64_t max_ulp = 0;
    for (size_t i = 0; i < s->n_groups; i++) {
        const sct_group_summary *g = &s->groups[order[i]];
        any_ulp = any_ulp || g->has_ulp;
        if (g->has_ulp && g->max_ulp > max_ulp)
            max_ulp = g->max_ulp;
        write_row(out, g->op_type, g->types, g->cases, g->counts, g->elements,
                  g->mismatches, g->has_ulp, g->max_ulp,
                  sct_overall_name(g->verdict));
    }
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
}

/* The cases that did not pass, in case order; UNSUPPORTED ones only counted
 * per group (first[g]: the first one's message) unless verbose. */
static int write_cases(FILE *out, const sct_run_report *r, const sct_text_options *o,
                       const uint32_t *case_group, const char **first_msg,
                       char **owned, char *err, size_t err_cap)
{
    for (size_t i = 0; i < r->n_cases; i++) {
        const sct_case_result *c = sct_run_report_case(r, i);
        if (c == NULL) {
            snprintf(err, err_cap, "text report: %s", sct_run_report_error(r));
            return 1;
        }
        if (c->verdict == SCT_VERDICT_PASS)
            continue;
        if (c->verdict == SCT_VERDICT_UNSUPPORTED && !o->verbose) {
            uint32_t g = case_group[i];
            if (first_msg[g] == NULL) {
                owned[g] = sct_strdup(c->message);
                first_msg[g] = owned[g] != NULL ? owned[g] : "";
            }
            continue;
        }
        write_case(out, c);
    }
    return 0;
}

static void write_folded(FILE *out, const sct_run_summary *s, const size_t *order,
                         const char **first_msg)
{
    bool any = false;
    for (size_t i = 0; i < s->n_groups; i++) {
        const sct_group_summary *g = &s->groups[order[i]];
        size_t n = g->counts[SCT_VERDICT_UNSUPPORTED];
        if (n == 0)
            continue;
        fprintf(out, "UNSUPPORTED %s %s: %zu case(s)", g->op_type, g->types, n);
        const char *m = first_msg[order[i]];
        if (m != NULL && m[0] != '\0')
            fprintf(out, ": %s", m);
        fputc('\n', out);
        any = true;
    }
    if (any)
        fprintf(out, "(UNSUPPORTED cases one per line: --verbose)\n");
}

int sct_write_text_with(FILE *out, const sct_run_report *r,
                        const sct_text_options *o, char *err, size_t err_cap)
{
    const sct_run_identity *id = &r->identity;
    sct_run_summary s;
    uint32_t *case_group = NULL;
    char why[512];
    if (sct_run_summary_build_indexed(r, &s, &case_group, why, sizeof why) != 0) {
        snprintf(err, err_cap, "text report: %s", why);
        return 1;
    }
    int rc = 0;
    size_t *order = group_order(&s);
    const char **first_msg = calloc(s.n_groups + 1u, sizeof *first_msg);
    char **owned = calloc(s.n_groups + 1u, sizeof *owned);
    if ((order == NULL && s.n_groups > 0) || first_msg == NULL || owned == NULL) {
        snprintf(err, err_cap, "text report: out of memory");
        rc = 1;
    }
    if (rc == 0 && !o->quiet) {
        fprintf(out, "sonnx-cts %s run, profile %s\n", id->harness_version, id->profile);
        fprintf(out, "vectors: %s (sha256 %s)\n", id->vectors_dir, id->vector_set_sha256);
        /* Each identity field once, named: the vendor is often the start
         * of the runtime's name ("sonnx-cts" and "sonnx-cts reference
         * kernels"), so the two are not run together. */
        fprintf(out, "implementation: %s %s (vendor %s; plugin %s; ABI %" PRIu32
                ".%" PRIu32 "; isolation: %s)\n", id->runtime_name,
                id->runtime_version, id->vendor, id->plugin_path, id->abi_major,
                id->abi_minor, id->isolation);
        /* What the run looked at and what it does not certify, before any
         * case: a slice never reads as the whole. */
        sct_text_tier(out, &s);
        sct_text_declined(out, &s);
        sct_text_claims(out, &s);
        fprintf(out, "status words:\n");
        sct_write_status_legend(out, 2);
        fputc('\n', out);
        /* Case by case from the spool (report_model.h): one record in memory. */
        rc = write_cases(out, r, o, case_group, first_msg, owned, err, err_cap);
        if (rc == 0) {
            write_folded(out, &s, order, first_msg);
            write_summary(out, r, &s, order);
        }
    }
    if (rc == 0)
        rc = sct_text_closing(out, r, &s, o, err, err_cap);
    for (size_t g = 0; owned != NULL && g < s.n_groups; g++)
        free(owned[g]);
    free(owned);
    free(first_msg);
    free(order);
    free(case_group);
    sct_run_summary_free(&s);
    if (rc == 0 && ferror(out)) {
        snprintf(err, err_cap, "text report: write error");
        rc = 1;
    }
    return rc;
}

int sct_write_text(FILE *out, const sct_run_report *r, char *err, size_t err_cap)
{
    sct_text_options o = {.verbose = true};
    return sct_write_text_with(out, r, &o, err, err_cap);
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
