/*
 * run_summary.c — per-verdict, per-group and overall counts.
 */
#include "sct/results/run_summary.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sct/check/fp_format.h"
#include "sct/numeric/dtype.h"

void sct_types_label(size_t n_inputs, const int32_t *in_types, int32_t out_type,
                     char *buf, size_t cap)
{
    if (n_inputs == 0) {
        snprintf(buf, cap, "%s", sct_dtype_name(out_type));
        return;
    }
    if (n_inputs > SCT_CHECK_MAX_INPUTS)
        n_inputs = SCT_CHECK_MAX_INPUTS;
    bool one_type = true;
    for (size_t k = 1; k < n_inputs; k++)
        one_type = one_type && in_types[k] == in_types[0];
    size_t len = 0;
    buf[0] = '\0';
    for (size_t k = 0; k < (one_type ? 1 : n_inputs) && len < cap; k++) {
        int n = snprintf(buf + len, cap - len, "%s%s", k ? "," : "",
                         sct_dtype_name(in_types[k]));
        if (n < 0)
            break;
        len += (size_t)n;
    }
}

void sct_case_types_label(const sct_case_result *c, char *buf, size_t cap)
{
    int32_t t[SCT_CHECK_MAX_INPUTS];
    for (size_t k = 0; k < SCT_CHECK_MAX_INPUTS; k++)
        t[k] = c->inputs[k].elem_type;
    sct_types_label(c->n_inputs, t, c->output.elem_type, buf, cap);
}

static bool has_tag(const sct_case_result *c, const char *tag)
{
    for (size_t i = 0; i < c->n_tags; i++)
        if (strcmp(c->tags[i], tag) == 0)
            return true;
    return false;
}

/* A sweep case's share of the tier facts: the pairs it looked at (its
 * input's elements, sweep_report.h) and its space, 2^(width a + width b)
 * when that is countable in 64 bits. */
static void add_tier_facts(sct_tier_facts *f, const sct_case_result *c)
{
    f->cases++;
    if (!has_tag(c, "sweep"))
        return;
    f->sweep_cases++;
    if (has_tag(c, "sampled"))
        f->sampled_cases++;
    uint64_t n = 1;
    for (int32_t d = 0; d < c->inputs[0].rank; d++)
        n *= (uint64_t)c->inputs[0].dims[d];
    f->pairs += n;
    /* The space is every input's bits together: 2^16 for a unary float16
     * sweep, 2^32 for a binary one. */
    unsigned bits = 0;
    for (size_t k = 0; k < c->n_inputs && k < SCT_CHECK_MAX_INPUTS; k++)
        bits += 8u * (unsigned)sct_dtype_elem_size(c->inputs[k].elem_type);
    if (bits < 64 && f->space != UINT64_MAX)
        f->space += (uint64_t)1 << bits;
    else
        f->space = UINT64_MAX; /* not countable: never read as complete */
}

/* A restriction of the profile: a requirement id whose last part is R<n>
 * ("sonnx-pow:R4", "sonnx-div:real:R1"), not a constraint (A.C1) or a note:
 * the restrictions are what a model checker or the runtime enforces. */
static bool is_restriction(const char *id)
{
    const char *last = strrchr(id, ':');
    last = last ? last + 1 : id;
    if (last[0] != 'R' || last[1] == '\0')
        return false;
    for (const char *p = last + 1; *p; p++)
        if (*p < '0' || *p > '9')
            return false;
    return true;
}

static void add_enforcement(sct_run_summary *s, const sct_case_result *c)
{
    if (c->expectation == NULL || strcmp(c->expectation, "reject") != 0)
        return;
    s->reject_cases++;
    if (c->verdict != SCT_VERDICT_NOT_ENFORCED)
        return;
    s->not_enforced++;
    for (size_t i = 0; i < c->n_requirements; i++) {
        if (!is_restriction(c->requirements[i]))
            continue;
        bool known = false;
        for (size_t k = 0; k < s->n_enforcement_requirements && !known; k++)
            known = strcmp(s->enforcement_requirements[k], c->requirements[i]) == 0;
        size_t cap = sizeof s->enforcement_requirements / sizeof s->enforcement_requirements[0];
        if (!known && s->n_enforcement_requirements < cap)
            snprintf(s->enforcement_requirements[s->n_enforcement_requirements++],
                     sizeof s->enforcement_requirements[0], "%s", c->requirements[i]);
    }
}

void sct_enforcement_text(const sct_run_summary *s, char *buf, size_t cap)
{
    buf[0] = '\0';
    if (s->reject_cases == 0)
        return;
    if (s->not_enforced == 0) {
        snprintf(buf, cap, "restrictions enforced by the runtime (%zu reject case(s))",
                 s->reject_cases);
        return;
    }
    size_t len = (size_t)snprintf(buf, cap, "restrictions ");
    for (size_t i = 0; i < s->n_enforcement_requirements && len < cap; i++)
        len += (size_t)snprintf(buf + len, cap - len, "%s%s", i ? ", " : "",
                                s->enforcement_requirements[i]);
    if (len < cap)
        snprintf(buf + len, cap - len, "%snot enforced by the runtime (%zu case(s) "
                 "NOT_ENFORCED) -- to be enforced by the model checker",
                 s->n_enforcement_requirements ? " " : "", s->not_enforced);
}

/* A declared bound's judgement, case by case into the group: the worst
 * violating element of the group (an unmeasurable distance counts as the
 * largest, as for the samples). */
static void add_claim(sct_group_summary *g, const sct_case_result *c)
{
    if (!c->has_claim_bound)
        return;
    g->has_claim_bound = true;
    g->claim_bound_ulp = c->claim_bound_ulp;
    g->claim_violations += c->claim_violations;
    if (c->has_claim_worst &&
        (!g->has_claim_worst || c->claim_worst.ulp > g->claim_worst.ulp)) {
        g->has_claim_worst = true;
        g->claim_worst = c->claim_worst;
        snprintf(g->claim_worst_case, sizeof g->claim_worst_case, "%s", c->id);
    }
}

static sct_group_summary *find_or_add(sct_run_summary *s, size_t *cap,
                                      const char *op, const char *types)
{
    for (size_t i = 0; i < s->n_groups; i++)
        if (strcmp(s->groups[i].op_type, op) == 0 &&
            strcmp(s->groups[i].types, types) == 0)
            return &s->groups[i];
    if (s->n_groups == *cap) {
        size_t ncap = *cap ? 2 * *cap : 16;
        sct_group_summary *g = realloc(s->groups, ncap * sizeof *g);
        if (g == NULL)
            return NULL;
        s->groups = g;
        *cap = ncap;
    }
    sct_group_summary *g = &s->groups[s->n_groups++];
    memset(g, 0, sizeof *g);
    snprintf(g->op_type, sizeof g->op_type, "%s", op);
    snprintf(g->types, sizeof g->types, "%s", types);
    return g;
}

int sct_run_summary_build_indexed(const sct_run_report *r, sct_run_summary *s,
                                  uint32_t **case_group, char *err, size_t err_cap)
{
    memset(s, 0, sizeof *s);
    size_t cap = 0;
    uint32_t *cg = NULL;
    if (case_group != NULL) {
        *case_group = NULL;
        if (r->n_cases > 0 && (cg = malloc(r->n_cases * sizeof *cg)) == NULL) {
            snprintf(err, err_cap, "out of memory");
            return 1;
        }
    }
    sct_tier_facts facts;
    memset(&facts, 0, sizeof facts);
    for (size_t i = 0; i < r->n_cases; i++) {
        const sct_case_result *c = sct_run_report_case(r, i);
        if (c == NULL) {
            snprintf(err, err_cap, "%s", sct_run_report_error(r));
            sct_run_summary_free(s);
            free(cg);
            return 1;
        }
        add_tier_facts(&facts, c);
        add_enforcement(s, c);
        char types[96];
        sct_case_types_label(c, types, sizeof types);
        sct_group_summary *g = find_or_add(s, &cap, c->op_type, types);
        if (g == NULL) {
            snprintf(err, err_cap, "out of memory");
            sct_run_summary_free(s);
            free(cg);
            return 1;
        }
        if (cg != NULL)
            cg[i] = (uint32_t)(g - s->groups);
        add_claim(g, c);
        size_t v = c->verdict < SCT_VERDICT_COUNT ? (size_t)c->verdict
                                                  : (size_t)SCT_VERDICT_ERROR;
        g->cases++;
        g->counts[v]++;
        g->seconds += c->seconds;
        s->cases++;
        s->counts[v]++;
        if (sct_fp_format_of(c->output.elem_type) != NULL)
            g->has_ulp = true;
        if (!c->compared)
            continue;
        g->elements += c->stats.elements;
        g->mismatches += c->stats.mismatches;
        s->elements += c->stats.elements;
        s->mismatches += c->stats.mismatches;
        if (c->stats.max_ulp > g->max_ulp)
            g->max_ulp = c->stats.max_ulp;
        for (int d = 0; d < (int)SCT_DEV_COUNT; d++) {
            g->deviation_counts[d] += c->stats.deviation_counts[d];
            s->deviation_counts[d] += c->stats.deviation_counts[d];
        }
        for (size_t b = 0; b < SCT_ULP_HIST_BINS; b++)
            g->ulp_hist[b] += c->ulp_hist[b];
    }
    bool claim_violated = false;
    for (size_t i = 0; i < s->n_groups; i++) {
        sct_group_summary *g = &s->groups[i];
        g->verdict = sct_overall_from_counts(g->counts);
        /* A declared bound the implementation does not keep is a false
         * claim: the group fails, whatever the profile's tolerance says. */
        if (g->claim_violations > 0 && g->verdict != SCT_OVERALL_ERROR) {
            g->verdict = SCT_OVERALL_NON_CONFORMANT;
            claim_violated = true;
        }
    }
    s->overall = sct_overall_from_counts(s->counts);
    if (claim_violated && s->overall != SCT_OVERALL_ERROR)
        s->overall = SCT_OVERALL_NON_CONFORMANT;
    if (facts.space == UINT64_MAX)
        facts.space = 0;
    sct_tier_decide(&facts, r->options.filters, r->options.claim, r->n_filtered_selection,
                    r->shard_index,
                    r->shard_count, r->shard_total, &s->tier);
    if (case_group != NULL)
        *case_group = cg;
    return 0;
}

int sct_run_summary_build(const sct_run_report *r, sct_run_summary *s, char *err,
                          size_t err_cap)
{
    return sct_run_summary_build_indexed(r, s, NULL, err, err_cap);
}

int sct_run_exit(const sct_run_report *r, const sct_run_summary *s)
{
    if (!r->baseline.used)
        return sct_overall_exit_code(s->overall);
    const sct_baseline_result *b = &r->baseline;
    return b->changed + b->worse + b->unknown > 0 ? 1 : 0;
}

void sct_run_exit_text(const sct_run_report *r, char *buf, size_t cap)
{
    buf[0] = '\0';
    if (!r->baseline.used)
        return;
    const sct_baseline_result *b = &r->baseline;
    if (b->changed + b->worse + b->unknown == 0)
        snprintf(buf, cap, "baseline %s: NO CHANGE: %zu case(s) compared, none changed "
                 "verdict or got worse, none new (that is what exit 0 says here)",
                 b->path, b->compared);
    else
        snprintf(buf, cap, "baseline %s: CHANGED: %zu case(s) changed verdict, %zu got "
                 "worse, %zu new (of %zu compared)", b->path, b->changed, b->worse,
                 b->unknown, b->compared);
}

void sct_run_summary_free(sct_run_summary *s)
{
    free(s->groups);
    memset(s, 0, sizeof *s);
}
