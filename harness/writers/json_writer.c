/*
 * json_writer.c — the JSON run report, schema "sonnx-cts-run" 1.0
 * (docs/report-format.md).  Case order is the run's order (manifest
 * order); values that JSON numbers cannot carry exactly (bits, NaN, inf)
 * are strings; 64-bit counts are exact integer literals.  Every field that
 * varies between identical runs is documented as such; the per-run timing
 * lives in "timing" and in each case's "seconds".
 */
#include <stdbool.h>
#include <stdio.h>

#include "sct/writers/json_util.h"
#include "sct/numeric/dtype.h"
#include "sct/writers/report_writers.h"
#include "sct/results/run_summary.h"
#include "sct/results/value_format.h"

/* Every builder below returns NULL when any of its members could not be
 * allocated (and frees what it built): an object with a member silently
 * missing would make a report that says less than the run found, so the
 * writer turns NULL into an "out of memory" error instead. */
static cJSON *complete_or_null(cJSON *o, bool ok)
{
    if (ok)
        return o;
    cJSON_Delete(o);
    return NULL;
}

static cJSON *shape_array(const sct_tensor_shape *t)
{
    cJSON *a = cJSON_CreateArray();
    bool ok = a != NULL;
    for (int32_t d = 0; ok && d < t->rank; d++) {
        char buf[24];
        snprintf(buf, sizeof buf, "%lld", (long long)t->dims[d]);
        ok = sct_json_append(a, cJSON_CreateRaw(buf));
    }
    return complete_or_null(a, ok);
}

static cJSON *string_array(char *const *v, size_t n)
{
    cJSON *a = cJSON_CreateArray();
    bool ok = a != NULL;
    for (size_t i = 0; ok && i < n; i++)
        ok = sct_json_append(a, cJSON_CreateString(v[i]));
    return complete_or_null(a, ok);
}

static cJSON *verdict_counts(const size_t *counts)
{
    cJSON *o = cJSON_CreateObject();
    bool ok = o != NULL;
    for (int v = 0; ok && v < (int)SCT_VERDICT_COUNT; v++)
        ok = sct_json_add_u64(o, sct_verdict_name((sct_verdict)v), counts[v]);
    return complete_or_null(o, ok);
}

/* Only the classes that occurred, in enum order: stable output. */
static cJSON *deviation_counts(const uint64_t *counts)
{
    cJSON *o = cJSON_CreateObject();
    bool ok = o != NULL;
    for (int d = 1; ok && d < (int)SCT_DEV_COUNT; d++)
        if (counts[d] != 0)
            ok = sct_json_add_u64(o, sct_deviation_name((sct_deviation)d), counts[d]);
    return complete_or_null(o, ok);
}

static bool add_value(cJSON *o, const char *name, int32_t type, uint64_t bits)
{
    char dec[SCT_VALUE_TEXT_MAX], hex[SCT_VALUE_TEXT_MAX], key[32];
    sct_format_value(type, bits, dec, sizeof dec);
    sct_format_bits(type, bits, hex, sizeof hex);
    snprintf(key, sizeof key, "%s_bits", name);
    return sct_json_add_str(o, name, dec) && sct_json_add_str(o, key, hex);
}

static cJSON *sample_json(const sct_sample *s)
{
    cJSON *o = cJSON_CreateObject();
    if (o == NULL)
        return NULL;
    bool ok = sct_json_add_u64(o, "index", s->index);
    cJSON *coords = cJSON_AddArrayToObject(o, "coords");
    ok = ok && coords != NULL;
    for (int32_t d = 0; ok && d < s->rank; d++) {
        char buf[24];
        snprintf(buf, sizeof buf, "%lld", (long long)s->coords[d]);
        ok = sct_json_append(coords, cJSON_CreateRaw(buf));
    }
    for (size_t k = 0; ok && k < s->n_inputs && k < SCT_CHECK_MAX_INPUTS; k++)
        ok = add_value(o, sct_input_key(k), s->in_types[k], s->in_bits[k]);
    ok = ok && add_value(o, "expected", s->out_type, s->expected_bits) &&
         add_value(o, "actual", s->out_type, s->actual_bits);
    if (s->ulp == SCT_ULP_NONE)
        ok = ok && cJSON_AddNullToObject(o, "ulp") != NULL;
    else
        ok = ok && sct_json_add_u64(o, "ulp", s->ulp);
    ok = ok && sct_json_add_str(o, "class", sct_deviation_name(s->deviation)) &&
         cJSON_AddBoolToObject(o, "worst", s->worst) != NULL;
    return complete_or_null(o, ok);
}

static cJSON *case_json(const sct_case_result *c)
{
    cJSON *o = cJSON_CreateObject();
    if (o == NULL)
        return NULL;
    bool ok = sct_json_add_str(o, "id", c->id) && sct_json_add_str(o, "op", c->op_type) &&
              sct_json_add_i64(o, "opset", c->opset);
    /* Only a case with attributes has the member (docs/report-format.md):
     * the text is already JSON, exact (attributes_text.h). */
    if (ok && c->attributes != NULL)
        ok = cJSON_AddRawToObject(o, "attributes", c->attributes) != NULL;
    cJSON *it = ok ? cJSON_AddArrayToObject(o, "input_types") : NULL;
    cJSON *is = it ? cJSON_AddArrayToObject(o, "input_shapes") : NULL;
    ok = ok && it != NULL && is != NULL;
    for (size_t k = 0; ok && k < c->n_inputs && k < SCT_CHECK_MAX_INPUTS; k++)
        ok = sct_json_append(it, cJSON_CreateString(sct_dtype_name(c->inputs[k].elem_type))) &&
             sct_json_append(is, shape_array(&c->inputs[k]));
    ok = ok && sct_json_add_str(o, "output_type", sct_dtype_name(c->output.elem_type)) &&
         sct_json_add_item(o, "output_shape", shape_array(&c->output)) &&
         sct_json_add_item(o, "tags", string_array(c->tags, c->n_tags)) &&
         sct_json_add_item(o, "requirements",
                           string_array(c->requirements, c->n_requirements)) &&
         sct_json_add_item(o, "satisfies", string_array(c->satisfies, c->n_satisfies)) &&
         sct_json_add_str(o, "expectation", c->expectation) &&
         sct_json_add_u64(o, "tolerance_ulp", c->tolerance_ulp) &&
         sct_json_add_str(o, "verdict", sct_verdict_name(c->verdict));
    if (c->exec_status[0] != '\0')
        ok = ok && sct_json_add_str(o, "exec_status", c->exec_status);
    else
        ok = ok && cJSON_AddNullToObject(o, "exec_status") != NULL;
    ok = ok && sct_json_add_i64(o, "signal", c->signal_number) &&
         sct_json_add_i64(o, "exit_code", c->exit_code) &&
         sct_json_add_str(o, "message", c->message) &&
         cJSON_AddBoolToObject(o, "compared", c->compared) != NULL &&
         sct_json_add_u64(o, "elements", c->compared ? c->stats.elements : 0) &&
         sct_json_add_u64(o, "mismatches", c->compared ? c->stats.mismatches : 0) &&
         sct_json_add_u64(o, "unmeasurable", c->compared ? c->stats.unmeasurable : 0);
    if (c->compared && sct_dtype_by_code(c->output.elem_type) != NULL &&
        sct_dtype_by_code(c->output.elem_type)->kind == SCT_KIND_FLOAT)
        ok = ok && sct_json_add_u64(o, "max_ulp", c->stats.max_ulp);
    else
        ok = ok && cJSON_AddNullToObject(o, "max_ulp") != NULL;
    uint64_t none[SCT_DEV_COUNT] = {0};
    ok = ok && sct_json_add_item(o, "deviation_counts",
                                 deviation_counts(c->compared ? c->stats.deviation_counts : none));
    /* Mismatching elements by ULP bin, only the bins that occurred. */
    cJSON *hist = ok ? cJSON_AddObjectToObject(o, "ulp_histogram") : NULL;
    ok = ok && hist != NULL;
    for (size_t b = 0; ok && c->compared && b < SCT_ULP_HIST_BINS; b++)
        if (c->ulp_hist[b] != 0)
            ok = sct_json_add_u64(hist, sct_ulp_bin_defs()[b].label, c->ulp_hist[b]);
    cJSON *samples = ok ? cJSON_AddArrayToObject(o, "samples") : NULL;
    ok = ok && samples != NULL;
    for (size_t i = 0; ok && i < c->n_samples; i++)
        ok = sct_json_append(samples, sample_json(&c->samples[i]));
    ok = ok && cJSON_AddNumberToObject(o, "seconds", c->seconds) != NULL;
    /* --claim with a declared bound: judged apart from the tolerance. */
    if (ok && c->has_claim_bound) {
        cJSON *cl = cJSON_AddObjectToObject(o, "claim");
        ok = cl != NULL && sct_json_add_u64(cl, "bound_ulp", c->claim_bound_ulp) &&
             sct_json_add_u64(cl, "violations", c->claim_violations) &&
             (c->has_claim_worst ? sct_json_add_item(cl, "worst", sample_json(&c->claim_worst))
                                 : cJSON_AddNullToObject(cl, "worst") != NULL);
    }
    return complete_or_null(o, ok);
}

static cJSON *identity_json(const sct_run_identity *id)
{
    cJSON *o = cJSON_CreateObject();
    if (o == NULL)
        return NULL;
    bool ok = sct_json_add_str(o, "harness", "sonnx-cts") &&
              sct_json_add_str(o, "harness_version", id->harness_version) &&
              sct_json_add_str(o, "command_line", id->command_line) &&
              sct_json_add_str(o, "host", id->host) &&
              sct_json_add_str(o, "date_utc", id->date_utc) &&
              sct_json_add_str(o, "profile", id->profile) &&
              sct_json_add_str(o, "vectors_dir", id->vectors_dir) &&
              sct_json_add_str(o, "vector_set_sha256", id->vector_set_sha256) &&
              sct_json_add_str(o, "vector_format_version", id->vector_format_version);
    cJSON *b = ok ? cJSON_AddObjectToObject(o, "backend") : NULL;
    ok = ok && b != NULL && sct_json_add_str(b, "vendor", id->vendor) &&
         sct_json_add_str(b, "runtime_name", id->runtime_name) &&
         sct_json_add_str(b, "runtime_version", id->runtime_version) &&
         sct_json_add_str(b, "plugin_path", id->plugin_path) &&
         sct_json_add_u64(b, "abi_major", id->abi_major) &&
         sct_json_add_u64(b, "abi_minor", id->abi_minor) &&
         sct_json_add_str(b, "isolation", id->isolation);
    return complete_or_null(o, ok);
}

static cJSON *options_json(const sct_run_options *op)
{
    cJSON *o = cJSON_CreateObject();
    if (o == NULL)
        return NULL;
    bool ok = sct_json_add_u64(o, "max_errors", op->max_errors) &&
              cJSON_AddBoolToObject(o, "strict_nan", op->strict_nan) != NULL &&
              cJSON_AddBoolToObject(o, "require_enforcement", op->require_enforcement) != NULL &&
              cJSON_AddNumberToObject(o, "timeout_seconds", op->timeout_seconds) != NULL &&
              cJSON_AddBoolToObject(o, "isolate", op->isolate) != NULL &&
              sct_json_add_str(o, "vendor_options", op->vendor_options) &&
              sct_json_add_str(o, "filters", op->filters) &&
              sct_json_add_str(o, "claim", op->claim);
    return complete_or_null(o, ok);
}

static cJSON *summary_json(const sct_run_report *r, const sct_run_summary *s)
{
    cJSON *o = cJSON_CreateObject();
    if (o == NULL)
        return NULL;
    bool ok = sct_json_add_u64(o, "cases", s->cases) &&
              sct_json_add_item(o, "verdicts", verdict_counts(s->counts)) &&
              sct_json_add_u64(o, "elements", s->elements) &&
              sct_json_add_u64(o, "mismatches", s->mismatches) &&
              sct_json_add_item(o, "deviation_counts", deviation_counts(s->deviation_counts)) &&
              sct_json_add_u64(o, "not_in_profile", r->n_filtered_profile) &&
              sct_json_add_u64(o, "excluded_by_filters", r->n_filtered_selection) &&
              sct_json_add_str(o, "overall", sct_overall_name(s->overall)) &&
              sct_json_add_i64(o, "exit_code", sct_run_exit(r, s)) &&
              sct_json_add_str(o, "overall_meaning", sct_overall_meaning(s->overall));
    /* --baseline: the comparison that decided the exit status. */
    if (ok && r->baseline.used) {
        const sct_baseline_result *b = &r->baseline;
        char text[4608];
        sct_run_exit_text(r, text, sizeof text);
        cJSON *bo = cJSON_AddObjectToObject(o, "baseline");
        ok = bo != NULL && sct_json_add_str(bo, "path", b->path) &&
             sct_json_add_u64(bo, "compared", b->compared) &&
             sct_json_add_u64(bo, "changed", b->changed) &&
             sct_json_add_u64(bo, "worse", b->worse) &&
             sct_json_add_u64(bo, "new", b->unknown) &&
             sct_json_add_u64(bo, "not_run", b->not_run) && sct_json_add_str(bo, "text", text);
    }
    /* What the report looked at (run_tier.h). */
    cJSON *tier = ok ? cJSON_AddObjectToObject(o, "tier") : NULL;
    ok = ok && tier != NULL && sct_json_add_str(tier, "name", sct_tier_name(s->tier.kind)) &&
         sct_json_add_str(tier, "detail", s->tier.detail) &&
         cJSON_AddBoolToObject(tier, "valid_for_certification", s->tier.certifiable) != NULL;
    /* The enforcement answer apart from the values one (SN-24). */
    char enforcement[2048];
    sct_enforcement_text(s, enforcement, sizeof enforcement);
    cJSON *enf = ok ? cJSON_AddObjectToObject(o, "enforcement") : NULL;
    ok = ok && enf != NULL && sct_json_add_u64(enf, "reject_cases", s->reject_cases) &&
         sct_json_add_u64(enf, "not_enforced", s->not_enforced) &&
         cJSON_AddBoolToObject(enf, "required", r->options.require_enforcement) != NULL &&
         sct_json_add_str(enf, "text", enforcement);
    cJSON *restr = ok ? cJSON_AddArrayToObject(enf, "restrictions") : NULL;
    ok = ok && restr != NULL;
    for (size_t i = 0; ok && i < s->n_enforcement_requirements; i++)
        ok = sct_json_append(restr, cJSON_CreateString(s->enforcement_requirements[i]));
    /* --waivers: each with the failures it covered (0: stale). */
    cJSON *waivers = ok ? cJSON_AddArrayToObject(o, "waivers") : NULL;
    ok = ok && waivers != NULL;
    for (size_t i = 0; ok && i < r->n_waivers; i++) {
        const sct_waiver_note *w = &r->waivers[i];
        cJSON *d = cJSON_CreateObject();
        ok = sct_json_append(waivers, d) && sct_json_add_str(d, "what", w->what) &&
             sct_json_add_str(d, "runtime", w->runtime) &&
             sct_json_add_str(d, "reason", w->reason) && sct_json_add_str(d, "link", w->link) &&
             sct_json_add_str(d, "owner", w->owner) &&
             sct_json_add_str(d, "expires", w->expires) &&
             sct_json_add_u64(d, "covered", w->matched) &&
             cJSON_AddBoolToObject(d, "stale", w->matched == 0) != NULL;
    }
    /* --claim: the declared bounds, judged apart from the tolerance, and
     * what lies outside the claim. */
    cJSON *claims = ok ? cJSON_AddArrayToObject(o, "claims") : NULL;
    cJSON *oos = claims ? cJSON_AddArrayToObject(o, "out_of_scope") : NULL;
    ok = ok && claims != NULL && oos != NULL;
    for (size_t i = 0; ok && i < s->n_groups; i++) {
        const sct_group_summary *g = &s->groups[i];
        if (g->counts[SCT_VERDICT_OUT_OF_SCOPE] > 0) {
            cJSON *d = cJSON_CreateObject();
            ok = sct_json_append(oos, d) && sct_json_add_str(d, "op", g->op_type) &&
                 sct_json_add_str(d, "types", g->types) &&
                 sct_json_add_u64(d, "cases", g->counts[SCT_VERDICT_OUT_OF_SCOPE]);
        }
        if (!ok || !g->has_claim_bound)
            continue;
        char text[1024];
        sct_claim_text(g, text, sizeof text);
        cJSON *d = cJSON_CreateObject();
        ok = sct_json_append(claims, d) && sct_json_add_str(d, "op", g->op_type) &&
             sct_json_add_str(d, "types", g->types) &&
             sct_json_add_u64(d, "declared_bound_ulp", g->claim_bound_ulp) &&
             (g->has_ulp ? sct_json_add_u64(d, "observed_max_ulp", g->max_ulp)
                         : cJSON_AddNullToObject(d, "observed_max_ulp") != NULL) &&
             sct_json_add_u64(d, "violations", g->claim_violations) &&
             sct_json_add_str(d, "verdict", g->claim_violations ? "VIOLATED" : "HOLDS") &&
             (g->has_claim_worst
                  ? sct_json_add_str(d, "worst_case", g->claim_worst_case) &&
                        sct_json_add_item(d, "worst", sample_json(&g->claim_worst))
                  : cJSON_AddNullToObject(d, "worst") != NULL) &&
             sct_json_add_str(d, "text", text);
    }
    /* What a PARTIAL run does not certify: the declined op x types. */
    cJSON *declined = ok ? cJSON_AddArrayToObject(o, "declined") : NULL;
    ok = ok && declined != NULL;
    for (size_t i = 0; ok && i < s->n_groups; i++) {
        const sct_group_summary *g = &s->groups[i];
        if (g->counts[SCT_VERDICT_UNSUPPORTED] == 0)
            continue;
        cJSON *d = cJSON_CreateObject();
        ok = sct_json_append(declined, d) && sct_json_add_str(d, "op", g->op_type) &&
             sct_json_add_str(d, "types", g->types) &&
             sct_json_add_u64(d, "cases", g->cases) &&
             sct_json_add_u64(d, "unsupported", g->counts[SCT_VERDICT_UNSUPPORTED]);
    }
    return complete_or_null(o, ok);
}

/* One bar of a group's ULP histogram. */
static cJSON *hist_bin(const char *label, bool match, const sct_ulp_bin_def *d,
                       uint64_t count)
{
    cJSON *bin = cJSON_CreateObject();
    bool ok = bin != NULL && sct_json_add_str(bin, "label", label) &&
              cJSON_AddBoolToObject(bin, "match", match) != NULL;
    if (ok && d != NULL && d->measurable)
        ok = sct_json_add_u64(bin, "lo", d->lo) && sct_json_add_u64(bin, "hi", d->hi);
    ok = ok && sct_json_add_u64(bin, "count", count);
    return complete_or_null(bin, ok);
}

static cJSON *group_json(const sct_group_summary *g)
{
    cJSON *o = cJSON_CreateObject();
    if (o == NULL)
        return NULL;
    bool ok = sct_json_add_str(o, "op", g->op_type) && sct_json_add_str(o, "types", g->types) &&
              sct_json_add_u64(o, "cases", g->cases) &&
              sct_json_add_item(o, "verdicts", verdict_counts(g->counts)) &&
              sct_json_add_u64(o, "passed", g->counts[SCT_VERDICT_PASS]) &&
              sct_json_add_u64(o, "failed", sct_verdict_failures(g->counts)) &&
              sct_json_add_u64(o, "elements", g->elements) &&
              sct_json_add_u64(o, "mismatches", g->mismatches);
    if (g->has_ulp)
        ok = ok && sct_json_add_u64(o, "max_ulp", g->max_ulp);
    else
        ok = ok && cJSON_AddNullToObject(o, "max_ulp") != NULL;
    ok = ok && sct_json_add_item(o, "deviation_counts", deviation_counts(g->deviation_counts));
    /* Elements by ULP distance: one "match" bar, then the mismatches by
     * bin (ulp_histogram.h); drawn by the HTML report. */
    cJSON *hist = ok ? cJSON_AddArrayToObject(o, "ulp_histogram") : NULL;
    ok = ok && hist != NULL &&
         sct_json_append(hist, hist_bin("match", true, NULL, g->elements - g->mismatches));
    for (size_t b = 0; ok && b < SCT_ULP_HIST_BINS; b++) {
        const sct_ulp_bin_def *d = &sct_ulp_bin_defs()[b];
        ok = sct_json_append(hist, hist_bin(d->label, false, d, g->ulp_hist[b]));
    }
    ok = ok && sct_json_add_str(o, "verdict", sct_overall_name(g->verdict));
    return complete_or_null(o, ok);
}

typedef struct case_source {
    const char *path;
    const sct_run_report *r;
    sct_json_case_hook hook;
    void *user;
} case_source;

/* sct_json_item_fn: case i read back from the spool, as JSON. */
static cJSON *case_item(void *user, size_t i, char *err, size_t err_cap)
{
    const case_source *src = user;
    const sct_case_result *c = sct_run_report_case(src->r, i);
    if (c == NULL) {
        snprintf(err, err_cap, "%s: %s", src->path, sct_run_report_error(src->r));
        return NULL;
    }
    cJSON *o = case_json(c);
    if (o == NULL)
        snprintf(err, err_cap, "%s: out of memory while building the JSON report",
                 src->path);
    else if (src->hook != NULL && src->hook(src->user, i, o, err, err_cap) != 0) {
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}

int sct_write_json_file(const char *path, const sct_run_report *r, char *err,
                        size_t err_cap)
{
    return sct_write_json_file_hooked(path, r, NULL, NULL, err, err_cap);
}

int sct_write_json_file_hooked(const char *path, const sct_run_report *r,
                               sct_json_case_hook hook, void *user, char *err,
                               size_t err_cap)
{
    sct_run_summary s;
    char why[512];
    if (sct_run_summary_build(r, &s, why, sizeof why) != 0) {
        snprintf(err, err_cap, "%s: %s", path, why);
        return 1;
    }
    /* Everything but the cases is small (per op x types) and built as one
     * tree; the cases are streamed into its "cases" placeholder one at a
     * time (sct_json_write_streamed), so memory does not grow with them. */
    cJSON *root = cJSON_CreateObject();
    /* Any member that could not be allocated makes the report incomplete,
     * and an incomplete report is an error, never a file (complete_or_null
     * above): a missing case, group or field would hide what the run found. */
    bool complete = root != NULL && sct_json_add_str(root, "schema", SCT_RUN_SCHEMA) &&
                    sct_json_add_str(root, "schema_version", SCT_RUN_SCHEMA_VERSION) &&
                    sct_json_add_item(root, "identity", identity_json(&r->identity)) &&
                    sct_json_add_item(root, "options", options_json(&r->options)) &&
                    sct_json_add_item(root, "summary", summary_json(r, &s));
    cJSON *groups = complete ? cJSON_AddArrayToObject(root, "groups") : NULL;
    complete = complete && groups != NULL;
    for (size_t i = 0; complete && i < s.n_groups; i++)
        complete = sct_json_append(groups, group_json(&s.groups[i]));
    complete = complete &&
               sct_json_add_item(root, "cases", cJSON_CreateRaw(SCT_JSON_STREAM_MARK));
    /* Sharding (docs/reports.md): which part of the selection this is. */
    cJSON *shard = complete ? cJSON_AddObjectToObject(root, "shard") : NULL;
    complete = complete && shard != NULL && sct_json_add_u64(shard, "index", r->shard_index) &&
               sct_json_add_u64(shard, "count", r->shard_count) &&
               sct_json_add_u64(shard, "cases_before_sharding", r->shard_total);
    if (complete && r->merged_from > 0)
        complete = sct_json_add_u64(shard, "merged_from", r->merged_from);
    if (complete && r->shard_source != NULL)
        complete = sct_json_add_str(shard, "source", r->shard_source);
    cJSON *timing = complete ? cJSON_AddObjectToObject(root, "timing") : NULL;
    complete = complete && timing != NULL &&
               cJSON_AddNumberToObject(timing, "seconds", r->seconds) != NULL;
    sct_run_summary_free(&s);
    if (!complete) {
        snprintf(err, err_cap, "%s: out of memory while building the JSON report", path);
        cJSON_Delete(root);
        return 1;
    }
    case_source src = {path, r, hook, user};
    int rc = sct_json_write_streamed(path, root, r->n_cases, case_item, &src, err,
                                     err_cap);
    cJSON_Delete(root);
    return rc;
}
