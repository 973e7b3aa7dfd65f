/*
 * sweep_tally.c — see sweep_tally.h.
 *
 * Hot path: a batch whose results are bitwise identical to the reference
 * (memcmp, the common case) needs no per-element work; only differing
 * elements go through the classifier of
 * harness/check (sct_compare_elem), the one definition of the match rule
 * and of the deviation classes.
 */
#include "sweep_tally.h"

#include <stdlib.h>
#include <string.h>

#include "sct/numeric/dtype.h"

int sct_sweep_tally_init(sct_sweep_tally *t, size_t keep_mismatches)
{
    memset(t, 0, sizeof *t);
    t->cap = keep_mismatches;
    if (keep_mismatches) {
        t->r.first_mismatches = calloc(keep_mismatches, sizeof(sct_mismatch));
        t->scratch = calloc(keep_mismatches, sizeof(sct_mismatch));
        if (t->r.first_mismatches == NULL || t->scratch == NULL) {
            sct_sweep_tally_free(t);
            return -1;
        }
    }
    return 0;
}

void sct_sweep_tally_free(sct_sweep_tally *t)
{
    free(t->r.first_mismatches);
    free(t->scratch);
    t->r.first_mismatches = NULL;
    t->scratch = NULL;
}

static void note_ulp(sct_sweep_result *r, uint64_t pair, uint64_t ulp,
                     uint64_t want, uint64_t got, uint64_t a, uint64_t b)
{
    if (ulp == SCT_ULP_NONE)
        return;
    if (ulp > r->max_ulp_seen ||
        (ulp == r->max_ulp_seen && ulp > 0 && pair < r->max_ulp_pair)) {
        r->max_ulp_seen = ulp;
        r->max_ulp_pair = pair;
        r->max_ulp_expected = want;
        r->max_ulp_actual = got;
        r->max_ulp_a = a;
        r->max_ulp_b = b;
    }
}

void sct_sweep_tally_batch(sct_sweep_tally *t, const sct_sweep_space *s,
                           sct_op_id op, const sct_compare_opts *opts,
                           uint64_t first, const uint32_t *offsets, size_t n,
                           const void *a, const void *b, const void *want,
                           const void *got)
{
    sct_sweep_result *r = &t->r;
    r->compared += n;
    if (memcmp(want, got, n * s->out_size) == 0) {
        r->exact += n;
        if (r->has_ulp)
            r->ulp_histogram[0] += n;
        return;
    }
    sct_elem_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.op = op;
    ctx.out_type = s->out_type;
    ctx.n_inputs = s->b_size ? 2 : 1; /* unary: b is NULL */
    ctx.in_types[0] = s->a_type;
    ctx.in_types[1] = s->b_type;
    for (size_t i = 0; i < n; i++) {
        ctx.expected_bits = sct_sweep_elem_bits(want, s->out_size, i);
        ctx.actual_bits = sct_sweep_elem_bits(got, s->out_size, i);
        if (ctx.expected_bits == ctx.actual_bits) {
            r->exact++;
            if (r->has_ulp)
                r->ulp_histogram[0]++;
            continue;
        }
        ctx.in_bits[0] = sct_sweep_elem_bits(a, s->a_size, i);
        ctx.in_bits[1] = s->b_size ? sct_sweep_elem_bits(b, s->b_size, i) : 0;
        uint64_t pair = first + (offsets ? offsets[i] : i);
        sct_elem_result e = sct_compare_elem(&ctx, opts);
        if (r->has_ulp) {
            r->ulp_histogram[sct_sweep_hist_bucket(e.ulp)]++;
            note_ulp(r, pair, e.ulp, ctx.expected_bits, ctx.actual_bits,
                     ctx.in_bits[0], ctx.in_bits[1]);
        }
        if (e.match) {
            /* NaN vs NaN with other bits is equal for the rule, not within
             * a tolerance: count it as exact (ULP distance 0). */
            if (e.ulp == 0)
                r->exact++;
            else
                r->within_tolerance++;
            continue;
        }
        r->mismatches++;
        r->unmeasurable += e.ulp == SCT_ULP_NONE;
        r->deviation_counts[e.deviation]++;
        if (r->n_first_mismatches < t->cap) {
            sct_mismatch *m = &r->first_mismatches[r->n_first_mismatches++];
            m->index = pair;
            m->n_inputs = ctx.n_inputs;
            m->in_types[0] = s->a_type;
            m->in_types[1] = s->b_type;
            m->in_bits[0] = ctx.in_bits[0];
            m->in_bits[1] = ctx.in_bits[1];
            m->out_type = s->out_type;
            m->expected_bits = ctx.expected_bits;
            m->actual_bits = ctx.actual_bits;
            m->ulp = e.ulp;
            m->deviation = e.deviation;
        }
    }
}

void sct_sweep_tally_merge(sct_sweep_tally *dst, const sct_sweep_tally *src)
{
    sct_sweep_result *d = &dst->r;
    const sct_sweep_result *s = &src->r;
    d->undefined += s->undefined;
    d->compared += s->compared;
    d->exact += s->exact;
    d->within_tolerance += s->within_tolerance;
    d->mismatches += s->mismatches;
    d->unmeasurable += s->unmeasurable;
    d->not_run += s->not_run;
    d->arbitrated += s->arbitrated;
    d->reference_corrected += s->reference_corrected;
    for (int k = 0; k < SCT_DEV_COUNT; k++)
        d->deviation_counts[k] += s->deviation_counts[k];
    for (int k = 0; k < SCT_SWEEP_HIST_BUCKETS; k++)
        d->ulp_histogram[k] += s->ulp_histogram[k];
    if (s->max_ulp_seen > 0)
        note_ulp(d, s->max_ulp_pair, s->max_ulp_seen, s->max_ulp_expected,
                 s->max_ulp_actual, s->max_ulp_a, s->max_ulp_b);
    /* Both lists ascend: merge and keep the lowest `cap` indices. */
    size_t cap = dst->cap, i = 0, j = 0, k = 0;
    sct_mismatch *merged = dst->scratch;
    if (cap > 0) {
        while (k < cap && (i < d->n_first_mismatches || j < s->n_first_mismatches)) {
            bool take_d = j >= s->n_first_mismatches ||
                          (i < d->n_first_mismatches &&
                           d->first_mismatches[i].index < s->first_mismatches[j].index);
            merged[k++] = take_d ? d->first_mismatches[i++] : s->first_mismatches[j++];
        }
        memcpy(d->first_mismatches, merged, k * sizeof *merged);
        d->n_first_mismatches = k;
    }
    for (size_t f = 0; f < s->n_failures && f < SCT_SWEEP_MAX_FAILURES; f++)
        if (d->n_failures < SCT_SWEEP_MAX_FAILURES)
            d->failures[d->n_failures++] = s->failures[f];
        else
            d->n_failures++;
    if (s->n_failures > SCT_SWEEP_MAX_FAILURES)
        d->n_failures += s->n_failures - SCT_SWEEP_MAX_FAILURES;
}
