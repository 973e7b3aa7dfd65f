/*
 * sweep_json.c — the "sweep" detail object of a sweep case in the JSON
 * report (schema in docs/sweeps.md):
 *   "sweep": {
 *     "space_bits": 32, "first_pair": 0, "pairs": 4294967296,
 *     "pair_index": "(a_bits << b_width) | b_bits",
 *     "shard_range": {"unit": "pair" | "sample", "first", "count", "of"},
 *     "sampling": {"samples", "seed", "generator", "generator_version",
 *                  "reference_correctly_rounded"}       (sampled sweeps),
 *     "compared", "exact", "within_tolerance", "mismatches",
 *     "undefined_not_compared", "undefined_run": {"status", "message"},
 *     "not_run", "arbitration": {"judged_pairs", "reference_corrected"}
 *                (spaces judged against MPFR, sct_sweep_arbitrated),
 *     "max_ulp": {"ulp", "pair", "a_bits", "b_bits", "expected_bits",
 *                 "actual_bits"} | null,
 *     "ulp_histogram": [{"ulp": "0", "count": N}, ...] | null,
 *     "failed_batches": N, "failures": [{"first_pair", "pairs", "status",
 *                                        "message"}],
 *     "threads", "seconds", "pairs_per_second" }
 * Counts are exact integer literals (json_util.h).
 */
#include <stdio.h>
#include <string.h>

#include "sct/writers/json_util.h"
#include "sct/numeric/dtype.h"
#include "sct/sweep/sweep_report.h"
#include "sct/sweep/sweep_arbiter.h"
#include "sct/sweep/sweep_sample.h"

static void add_hex(cJSON *o, const char *name, uint64_t v)
{
    char buf[24];
    snprintf(buf, sizeof buf, "0x%04llx", (unsigned long long)v);
    sct_json_add_str(o, name, buf);
}

static cJSON *max_ulp_json(const sct_sweep_result *r, bool unary)
{
    cJSON *m = cJSON_CreateObject();
    sct_json_add_u64(m, "ulp", r->max_ulp_seen);
    sct_json_add_u64(m, "pair", r->max_ulp_pair);
    add_hex(m, "a_bits", r->max_ulp_a);
    if (!unary) /* a unary sweep has one input */
        add_hex(m, "b_bits", r->max_ulp_b);
    add_hex(m, "expected_bits", r->max_ulp_expected);
    add_hex(m, "actual_bits", r->max_ulp_actual);
    return m;
}

cJSON *sct_sweep_sampling_json(const sct_sweep_spec *spec)
{
    cJSON *smp = cJSON_CreateObject();
    if (smp == NULL)
        return NULL;
    sct_json_add_u64(smp, "samples", spec->samples);
    sct_json_add_u64(smp, "seed", spec->seed);
    sct_json_add_str(smp, "generator", "splitmix64 counter, mix "
                     "uniform 96/256, special 64/256, hard 96/256");
    sct_json_add_u64(smp, "generator_version", SCT_SAMPLE_GEN_VERSION);
    /* false: the reference itself is not correctly rounded here, a
     * PASS bounds the implementation from it (docs/sweeps.md) */
    cJSON_AddBoolToObject(smp, "reference_correctly_rounded",
                          sct_sweep_reference_exact(spec));
    /* where it is not: who judges the pairs that differ from it (null: no
     * one, a PASS is then relative to the reference; sweep_arbiter.h) */
    if (sct_sweep_reference_exact(spec))
        ;
    else if (sct_sweep_arbitrated(spec))
        sct_json_add_str(smp, "differing_pairs_judged_by", sct_sweep_arbiter_name());
    else
        cJSON_AddNullToObject(smp, "differing_pairs_judged_by");
    return smp;
}

static cJSON *detail_json(const sct_sweep_spec *spec, const sct_sweep_result *r)
{
    cJSON *o = cJSON_CreateObject();
    if (o == NULL)
        return NULL;
    unsigned bits = 8u * (unsigned)(sct_dtype_elem_size(spec->a_type) +
                                    sct_dtype_elem_size(spec->b_type));
    sct_json_add_u64(o, "space_bits", bits);
    if (spec->samples > 0) {
        /* Sampled: the pairs are samples 0..samples-1 of the
         * generator; "pair" and "first_pair" are sample indices. */
        sct_json_add_str(o, "pair_index", "sample index (sweep_sample.h)");
        cJSON *smp = sct_sweep_sampling_json(spec);
        if (smp != NULL)
            cJSON_AddItemToObject(o, "sampling", smp);
    } else {
        sct_json_add_str(o, "pair_index", spec->b_type == SONNX_DT_UNDEFINED
                                              ? "a_bits (unary: the input's encoding)"
                                              : "(a_bits << b_width) | b_bits");
    }
    sct_json_add_u64(o, "first_pair", r->first_pair);
    sct_json_add_u64(o, "pairs", r->n_pairs);
    /* The part of the sweep this report covers, in the unit its shards are
     * cut in: what `merge` checks for gaps and overlaps (sweep_merge.h). */
    cJSON *range = cJSON_AddObjectToObject(o, "shard_range");
    if (range != NULL) {
        /* Sampled: sample indices of the `samples` drawn (the space itself,
         * 2^64 or 2^128 pairs, is not what the shards tile). */
        sct_json_add_str(range, "unit", spec->samples > 0 ? "sample" : "pair");
        sct_json_add_u64(range, "first", r->first_pair);
        sct_json_add_u64(range, "count", r->n_pairs);
        sct_json_add_u64(range, "of", spec->samples > 0 ? spec->samples
                                                       : UINT64_C(1) << bits);
    }
    sct_json_add_u64(o, "compared", r->compared);
    sct_json_add_u64(o, "exact", r->exact);
    sct_json_add_u64(o, "within_tolerance", r->within_tolerance);
    sct_json_add_u64(o, "mismatches", r->mismatches);
    sct_json_add_u64(o, "undefined_not_compared", r->undefined);
    cJSON *u = cJSON_AddObjectToObject(o, "undefined_run");
    if (u != NULL) { /* the separate call of the undefined pairs */
        sct_json_add_str(u, "status", sct_exec_status_name(r->undefined_status));
        sct_json_add_str(u, "message", r->undefined_message);
    }
    sct_json_add_u64(o, "not_run", r->not_run);
    if (sct_sweep_arbitrated(spec)) {
        cJSON *arb = cJSON_AddObjectToObject(o, "arbitration");
        if (arb != NULL) { /* per shard: the counts of this range */
            sct_json_add_u64(arb, "judged_pairs", r->arbitrated);
            sct_json_add_u64(arb, "reference_corrected", r->reference_corrected);
        }
    }
    if (r->has_ulp && r->max_ulp_seen > 0)
        cJSON_AddItemToObject(o, "max_ulp", max_ulp_json(r, spec->b_type == SONNX_DT_UNDEFINED));
    else if (r->has_ulp)
        cJSON_AddItemToObject(o, "max_ulp", cJSON_CreateObject());
    else
        cJSON_AddNullToObject(o, "max_ulp");
    if (r->has_ulp) {
        unsigned out_bits = 8u * (unsigned)sct_dtype_elem_size(r->out_type);
        cJSON *h = cJSON_AddArrayToObject(o, "ulp_histogram");
        for (unsigned k = 0; h != NULL && k < SCT_SWEEP_HIST_BUCKETS; k++) {
            if (r->ulp_histogram[k] == 0)
                continue;
            cJSON *b = cJSON_CreateObject();
            sct_json_add_str(b, "ulp", sct_sweep_hist_label_for(k, out_bits));
            sct_json_add_u64(b, "count", r->ulp_histogram[k]);
            cJSON_AddItemToArray(h, b);
        }
    } else {
        cJSON_AddNullToObject(o, "ulp_histogram");
    }
    sct_json_add_u64(o, "failed_batches", r->n_failures);
    cJSON *f = cJSON_AddArrayToObject(o, "failures");
    for (size_t i = 0; f != NULL && i < r->n_failures && i < SCT_SWEEP_MAX_FAILURES; i++) {
        cJSON *e = cJSON_CreateObject();
        sct_json_add_u64(e, "first_pair", r->failures[i].first_pair);
        sct_json_add_u64(e, "pairs", r->failures[i].n_pairs);
        sct_json_add_str(e, "status", sct_exec_status_name(r->failures[i].status));
        sct_json_add_str(e, "message", r->failures[i].message);
        cJSON_AddItemToArray(f, e);
    }
    sct_json_add_u64(o, "threads", spec->threads);
    cJSON_AddNumberToObject(o, "seconds", r->seconds);
    cJSON_AddNumberToObject(o, "pairs_per_second",
                            r->seconds > 0 ? (double)r->n_pairs / r->seconds : 0.0);
    return o;
}

int sct_sweep_json_annotate(const char *path, const char *case_id,
                            const sct_sweep_spec *spec,
                            const sct_sweep_result *r, char *err,
                            size_t err_cap)
{
    cJSON *root = sct_json_read_file(path, err, err_cap);
    if (root == NULL)
        return 1;
    cJSON *cases = cJSON_GetObjectItemCaseSensitive(root, "cases");
    cJSON *found = NULL, *c;
    cJSON_ArrayForEach(c, cases) {
        const char *id = sct_json_get_str(c, "id");
        if (id != NULL && strcmp(id, case_id) == 0)
            found = c;
    }
    int rc = 1;
    if (found == NULL) {
        snprintf(err, err_cap, "%s: no case '%s' to annotate", path, case_id);
    } else {
        cJSON *d = detail_json(spec, r);
        if (d == NULL || !cJSON_AddItemToObject(found, "sweep", d)) {
            cJSON_Delete(d);
            snprintf(err, err_cap, "%s: out of memory", path);
        } else {
            rc = sct_json_write_file(path, root, err, err_cap);
        }
    }
    cJSON_Delete(root);
    return rc;
}
