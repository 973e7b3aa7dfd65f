/*
 * runner.c — one case: declaration checks, load, query, run on outputs
 * shaped as the manifest declares them (the harness computes nothing
 * itself), verdict (case_verdict.h), element comparison with capped
 * samples.  Cases outside the profile or the filters are counted, not run.
 */
#include "runner.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "case_permute.h"
#include "case_record.h"
#include "progress.h"
#include "waiver_file.h"
#include "sct/check/compare_tensors.h"
#include "sct/numeric/dtype.h"
#include "sct/results/case_verdict.h"
#include "sct/results/run_summary.h"
#include "sct/results/sample_keeper.h"
#include "sct/select/case_walk.h"
#include "sct/exec/monotonic_clock.h"

static void set_exec(sct_case_result *out, const sct_exec_result *r)
{
    free(out->exec_status);
    out->exec_status = sct_strdup(sct_exec_status_name(r->status));
    out->signal_number = r->signal_number;
    out->exit_code = r->exit_code;
}

static void set_error(sct_case_result *out, const char *what, const char *why)
{
    out->verdict = SCT_VERDICT_ERROR;
    sct_case_record_message(out, what, why);
}

/* Allocates outputs with the declared type and shape (runner.h). */
int sct_make_outputs(const sct_case *c, sonnx_tensor *outs, char *err, size_t err_cap)
{
    for (size_t k = 0; k < c->n_outputs; k++) {
        const sct_tensor_decl *d = &c->outputs[k];
        uint64_t nelem, nbytes;
        memset(&outs[k], 0, sizeof outs[k]);
        if (!sct_shape_nelem(d->rank, d->dims, &nelem) ||
            !sct_dtype_storage_bytes(d->elem_type, nelem, &nbytes) ||
            nbytes > SIZE_MAX - 1u) {
            snprintf(err, err_cap, "output %s: unusable declared type or shape",
                     d->name);
            return 1;
        }
        outs[k].elem_type = d->elem_type;
        outs[k].rank = d->rank;
        memcpy(outs[k].dims, d->dims, sizeof outs[k].dims);
        outs[k].nbytes = nbytes;
        outs[k].data = calloc(1, (size_t)nbytes + 1u);
        if (outs[k].data == NULL) {
            snprintf(err, err_cap, "output %s: cannot allocate %llu bytes", d->name,
                     (unsigned long long)nbytes);
            return 1;
        }
    }
    return 0;
}

void sct_free_outputs(sonnx_tensor *outs, size_t n)
{
    for (size_t k = 0; k < n; k++)
        free(outs[k].data);
}

/* The comparison callback: keeps the capped samples and bins every
 * mismatch by ULP distance (ulp_histogram.h). */
typedef struct mismatch_sink {
    sct_sample_keeper *keeper;
    uint64_t *ulp_hist;
} mismatch_sink;

static void record_mismatch(void *user, const sct_mismatch *m)
{
    mismatch_sink *sink = user;
    sct_sample_keeper_add(sink->keeper, m);
    sink->ulp_hist[sct_ulp_bin_of(m->ulp)]++;
}

/* Compares every output with its golden; records stats and samples. */
/* A declared bound (--claim), judged apart from the profile's tolerance:
 * the elements beyond it and the worst of them (claim_file.h). */
static void judge_claim_bound(const sct_case *c, const sct_case_data *data,
                              const sonnx_tensor *outs, const sct_run_config *cfg,
                              uint32_t bound, sct_case_result *out)
{
    sct_compare_opts opts = {bound, cfg->strict_nan};
    sct_op_id op = sct_op_id_of(c->op_type);
    out->has_claim_bound = true;
    out->claim_bound_ulp = bound;
    for (size_t k = 0; k < c->n_outputs; k++) {
        sct_sample_keeper keeper; /* max_errors 0: the worst element only */
        if (sct_sample_keeper_init(&keeper, 0, outs[k].rank, outs[k].dims) != 0)
            return;
        char err[256];
        sct_tensor_stats st;
        if (sct_compare_tensors(op, data->inputs, data->n_inputs, &data->expected[k],
                                &outs[k], &opts, sct_sample_keeper_add, &keeper, &st, err,
                                sizeof err) == 0) {
            out->claim_violations += st.mismatches;
            size_t n;
            sct_sample *s = sct_sample_keeper_take(&keeper, &n);
            if (n > 0 && !out->has_claim_worst) {
                out->claim_worst = s[0];
                out->has_claim_worst = true;
            }
            free(s);
        }
        sct_sample_keeper_free(&keeper);
    }
}

static void compare_outputs(const sct_case *c, const sct_case_data *data,
                            const sonnx_tensor *outs, const sct_run_config *cfg,
                            const sct_claim_entry *claim, sct_case_result *out)
{
    if (claim != NULL && claim->has_bound)
        judge_claim_bound(c, data, outs, cfg, claim->bound_ulp, out);
    sct_compare_opts opts = {c->max_ulp, cfg->strict_nan};
    sct_op_id op = sct_op_id_of(c->op_type);
    if (data->n_expected != c->n_outputs || c->n_outputs == 0) {
        set_error(out, "golden outputs", "count differs from the declared outputs");
        return;
    }
    bool match = true;
    for (size_t k = 0; k < c->n_outputs; k++) {
        sct_sample_keeper keeper;
        if (sct_sample_keeper_init(&keeper, cfg->max_errors, outs[k].rank,
                                   outs[k].dims) != 0) {
            set_error(out, "harness", "out of memory");
            return;
        }
        char err[256];
        sct_tensor_stats st;
        mismatch_sink sink = {&keeper, out->ulp_hist};
        int rc = sct_compare_tensors(op, data->inputs, data->n_inputs,
                                     &data->expected[k], &outs[k], &opts,
                                     record_mismatch, &sink, &st, err,
                                     sizeof err);
        if (rc != 0) {
            sct_sample_keeper_free(&keeper);
            set_error(out, "golden output does not match its declaration", err);
            return;
        }
        /* One output per op here (Div, Mul, Pow, Less); with several the
         * statistics add up and the samples of the first mismatching output
         * are kept. */
        out->stats.elements += st.elements;
        out->stats.mismatches += st.mismatches;
        out->stats.unmeasurable += st.unmeasurable;
        if (st.max_ulp > out->stats.max_ulp)
            out->stats.max_ulp = st.max_ulp;
        for (int d = 0; d < (int)SCT_DEV_COUNT; d++)
            out->stats.deviation_counts[d] += st.deviation_counts[d];
        size_t n;
        sct_sample *s = sct_sample_keeper_take(&keeper, &n);
        if (out->samples == NULL && n > 0) {
            out->samples = s;
            out->n_samples = n;
        } else {
            free(s);
        }
        sct_sample_keeper_free(&keeper);
        match = match && st.mismatches == 0;
    }
    out->compared = true;
    const char *why;
    out->verdict = sct_case_verdict(SCT_EXPECT_VALUES, SCT_EXEC_OK, match, &why);
}

sonnx_op sct_case_op(const sct_case *c, const char *profile)
{
    /* The case's attributes as they are (docs/plugin-abi.md §2.1): owned by
     * the case, which outlives every call made with this op. */
    sonnx_op op = {c->op_type, c->domain ? c->domain : "", c->opset, profile,
                   c->n_attributes, c->n_attributes ? c->attributes : NULL};
    return op;
}

void sct_run_one_case(const sct_vector_set *set, const sct_case *c,
                      sct_backend *backend, const sct_run_config *cfg,
                      sct_case_result *out)
{
    double t0 = sct_monotonic_seconds();
    sct_case_record_init(out, c);
    /* --claim: a case outside the claim is listed, not run. */
    const sct_claim_entry *claim = NULL;
    if (cfg->claim_path != NULL && c->error == NULL) {
        char types[96];
        sct_case_types_text(c, types, sizeof types);
        claim = sct_claim_find(&cfg->claim, c->op_type, types);
        if (claim == NULL) {
            out->verdict = SCT_VERDICT_OUT_OF_SCOPE;
            sct_case_record_message(out, "outside the claim (--claim): not run", "");
            out->seconds = sct_monotonic_seconds() - t0;
            return;
        }
    }
    if (c->error != NULL) {
        set_error(out, "vectors", c->error);
        out->seconds = sct_monotonic_seconds() - t0;
        return;
    }
    if (c->expectation == SCT_EXPECT_VALUES && !c->has_expected_output) {
        set_error(out, "vectors", "expectation 'values' but no golden output");
        out->seconds = sct_monotonic_seconds() - t0;
        return;
    }
    char err[512];
    sct_case_data data;
    memset(&data, 0, sizeof data);
    if (sct_case_load(set, c, &data, err, sizeof err) != 0) {
        set_error(out, "load", err);
        out->seconds = sct_monotonic_seconds() - t0;
        return;
    }
    sonnx_op op = sct_case_op(c, cfg->profile);
    int32_t in_types[SCT_MAX_INPUTS] = {0};
    for (size_t k = 0; k < c->n_inputs && k < SCT_MAX_INPUTS; k++)
        in_types[k] = c->inputs[k].elem_type;

    const char *why = "";
    sct_exec_result r = sct_backend_query(backend, &op, in_types, c->n_inputs);
    if (r.status == SCT_EXEC_OK) {
        sonnx_tensor outs[SCT_MAX_OUTPUTS];
        memset(outs, 0, sizeof outs);
        if (sct_make_outputs(c, outs, err, sizeof err) != 0) {
            sct_free_outputs(outs, c->n_outputs);
            sct_case_data_free(&data);
            set_error(out, "vectors", err);
            out->seconds = sct_monotonic_seconds() - t0;
            return;
        }
        /* element order permuted with the fresh sample's seed (case_permute.h) */
        sct_case_permutation perm;
        bool permuted = cfg->fresh.on &&
                        sct_case_permute_begin(&perm, c->id, cfg->fresh.seed, data.inputs,
                                               data.n_inputs, outs, c->n_outputs);
        r = sct_backend_run(backend, &op, permuted ? perm.in : data.inputs, data.n_inputs,
                            outs, c->n_outputs);
        if (permuted)
            sct_case_permute_end(&perm, outs, r.status == SCT_EXEC_OK);
        set_exec(out, &r);
        if (r.status == SCT_EXEC_OK && c->expectation == SCT_EXPECT_VALUES) {
            compare_outputs(c, &data, outs, cfg, claim, out);
        } else {
            out->verdict = sct_case_verdict_after_query(c->expectation, r.status, false,
                                                        &why);
            if (out->verdict == SCT_VERDICT_NOT_ENFORCED && cfg->require_enforcement) {
                /* The integrator asked the runtime itself to enforce the
                 * profile's restrictions (SN-24). */
                out->verdict = SCT_VERDICT_FAIL;
                why = r.status == SCT_EXEC_OK
                          ? "accepted a model outside the profile (must answer "
                            "INVALID_ARGUMENT: --require-enforcement)"
                          : "refused a model outside the profile with ERROR (must answer "
                            "INVALID_ARGUMENT: --require-enforcement)";
            }
            sct_case_record_message(out, why, r.message);
        }
        sct_free_outputs(outs, c->n_outputs);
    } else {
        /* query said UNSUPPORTED (or crashed / hung): run is not called. */
        set_exec(out, &r);
        out->verdict = sct_case_verdict(c->expectation, r.status, false, &why);
        if (out->verdict == SCT_VERDICT_UNSUPPORTED && claim != NULL) {
            /* The vendor claimed this op x types: declining it fails. */
            out->verdict = SCT_VERDICT_FAIL;
            why = "declined an op x types the vendor claims (--claim)";
        }
        sct_case_record_message(out, why, r.message);
    }
    sct_case_data_free(&data);
    out->seconds = sct_monotonic_seconds() - t0;
}

int sct_run_cases(const sct_vector_set *set, sct_backend *backend,
                  const sct_run_config *cfg, sct_run_report *report, char *err,
                  size_t err_cap)
{
    /* Progress on stderr only when it is a terminal (progress.h).  Only
     * then is the total counted: counting materialises every manifest case
     * once more (parse + file checks, about a third of a run's CPU time at
     * 6450 cases), which a run nobody watches does not need. */
    sct_progress progress;
    sct_progress_begin(&progress, stderr, 0, SCT_PROGRESS_AUTO);
    if (progress.stream != NULL)
        sct_progress_begin(&progress, stderr,
                           sct_case_walk_count(set, &cfg->filter, cfg->shard),
                           SCT_PROGRESS_AUTO);
    sct_case_walk walk = sct_case_walk_begin(set, &cfg->filter, cfg->shard);
    const sct_case *c;
    /* Each case is valid until the next sct_vector_set_case() call: only
     * this case is used until the loop comes back here. */
    while ((c = sct_case_walk_next(&walk)) != NULL) {
        sct_case_result *out = sct_run_report_add_case(report);
        if (out == NULL) {
            snprintf(err, err_cap, "out of memory after %zu cases", report->n_cases);
            sct_progress_end(&progress);
            return 1;
        }
        sct_run_one_case(set, c, backend, cfg, out);
        if (cfg->waivers != NULL) {
            char types[96], group[160];
            sct_case_types_label(out, types, sizeof types);
            snprintf(group, sizeof group, "%s %s", out->op_type, types);
            sct_waivers_judge(cfg->waivers, out, group);
        }
        sct_progress_case_done(&progress, out->verdict != SCT_VERDICT_PASS &&
                                              out->verdict != SCT_VERDICT_UNSUPPORTED);
    }
    report->n_filtered_profile += walk.n_not_in_profile;
    report->n_filtered_selection += walk.n_excluded;
    sct_progress_end(&progress);
    if (sct_waivers_record(cfg->waivers, report) != 0) {
        snprintf(err, err_cap, "out of memory");
        return 1;
    }
    report->shard_index = cfg->shard.index;
    report->shard_count = cfg->shard.count;
    report->shard_total = walk.filtered;
    if (cfg->shard_source != NULL &&
        (report->shard_source = sct_strdup(cfg->shard_source)) == NULL) {
        snprintf(err, err_cap, "out of memory");
        return 1;
    }
    return 0;
}
