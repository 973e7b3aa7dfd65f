/*
 * sweep_merge.c — sweep shard reports -> one sweep result (sweep_merge.h).
 * The inverse of sweep_report.c + sweep_json.c for the fields a result
 * has, then sct_sweep_tally_merge, the same addition the worker threads of
 * one sweep go through, in range order.
 */
#include "sct/sweep/sweep_merge.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sct/jsonstream/json_fields.h"
#include "sct/writers/json_util.h"
#include "sct/sweep/sweep_report.h"
#include "sweep_tally.h"

/* Members of the "sweep" object that differ from shard to shard; every
 * other member identifies the sweep and must be equal in all shards. */
static const char *const k_per_shard[] = {
    "first_pair", "pairs", "shard_range", "compared", "exact", "within_tolerance",
    "mismatches", "undefined_not_compared", "undefined_run", "not_run", "arbitration", "max_ulp",
    "ulp_histogram", "failed_batches", "failures", "threads", "seconds",
    "pairs_per_second"};

static bool per_shard(const char *name)
{
    for (size_t i = 0; i < sizeof k_per_shard / sizeof k_per_shard[0]; i++)
        if (strcmp(name, k_per_shard[i]) == 0)
            return true;
    return false;
}

static const cJSON *only_case(const cJSON *root)
{
    const cJSON *cases = sct_json_member(root, "cases");
    return cJSON_IsArray(cases) && cJSON_GetArraySize(cases) == 1
               ? cJSON_GetArrayItem(cases, 0) : NULL;
}

bool sct_sweep_report_is_sweep(const cJSON *root)
{
    return cJSON_IsObject(sct_json_member(only_case(root), "sweep"));
}

/* The sweep object is read with the one field reader (sct/jsonstream/
 * json_fields.h), strict, members named in the field path:
 * "<file>: sweep.shard_range.first: must be an integer".  `at` names the
 * object whose members are read next. */
static void at(sct_json_reader *r, const char *where)
{
    snprintf(r->where, sizeof r->where, "%s", where);
}

/* A problem with the file's field `field` (a path from the root). */
static void fail(sct_json_reader *r, const char *field, const char *what)
{
    at(r, "");
    sct_json_problem(r, field, true, "%s", what);
}

/* An exec status by its name (sct_exec_status_name's table); a missing or
 * unknown one is an error and reads as HARNESS_ERROR. */
static sct_exec_status status_of(sct_json_reader *r, const cJSON *o, const char *where)
{
    at(r, where);
    const char *name = sct_json_read_str(r, o, "status", true);
    sct_exec_status st = sct_exec_status_from_name(name);
    if (st != SCT_EXEC_STATUS_COUNT)
        return st;
    if (name != NULL)
        sct_json_problem(r, "status", true, "unknown exec status \"%.40s\"", name);
    return SCT_EXEC_HARNESS_ERROR;
}

static void read_range(sct_json_reader *r, const cJSON *d, sct_sweep_shard *s)
{
    const cJSON *g = sct_json_member(d, "shard_range");
    if (g == NULL) {
        /* Written before shard_range existed: the pair range of the
         * exhaustive sweep. */
        at(r, "sweep");
        uint64_t bits = sct_json_read_u64(r, d, "space_bits");
        snprintf(s->unit, sizeof s->unit, "pair");
        s->first = sct_json_read_u64(r, d, "first_pair");
        s->count = sct_json_read_u64(r, d, "pairs");
        s->of = bits < 64 ? UINT64_C(1) << bits : 0;
        if (!r->failed && (bits > 32 || s->first > s->of || s->count > s->of - s->first))
            fail(r, "sweep.first_pair/pairs/space_bits", "range outside the space");
        return;
    }
    const char *unit = sct_json_get_str(g, "unit");
    if (unit == NULL || strlen(unit) >= sizeof s->unit) {
        fail(r, "sweep.shard_range.unit", "missing or too long");
        return;
    }
    snprintf(s->unit, sizeof s->unit, "%s", unit);
    at(r, "sweep.shard_range");
    s->first = sct_json_read_u64(r, g, "first");
    s->count = sct_json_read_u64(r, g, "count");
    s->of = sct_json_read_u64(r, g, "of");
    if (!r->failed && (s->first > s->of || s->count > s->of - s->first))
        fail(r, "sweep.shard_range", "first + count exceeds of");
}

static void read_max_ulp(sct_json_reader *r, const cJSON *d, sct_sweep_result *res)
{
    const cJSON *m = sct_json_member(d, "max_ulp");
    res->has_ulp = cJSON_IsObject(m);
    if (!res->has_ulp) {
        if (!cJSON_IsNull(m))
            fail(r, "sweep.max_ulp", "neither an object nor null");
        return;
    }
    if (cJSON_GetArraySize(m) == 0)
        return; /* {}: max ULP 0 */
    at(r, "sweep.max_ulp");
    res->max_ulp_seen = sct_json_read_u64(r, m, "ulp");
    res->max_ulp_pair = sct_json_read_u64(r, m, "pair");
    sct_json_read_hex(r, m, "a_bits", &res->max_ulp_a);
    if (sct_json_member(m, "b_bits") != NULL) /* absent for a unary sweep */
        sct_json_read_hex(r, m, "b_bits", &res->max_ulp_b);
    sct_json_read_hex(r, m, "expected_bits", &res->max_ulp_expected);
    sct_json_read_hex(r, m, "actual_bits", &res->max_ulp_actual);
}

/* A sampled sweep (unit "sample"): its sample count and seed, which the
 * merged report is written for; the "sampling" object must be the one this
 * sonnx-cts writes for them (same generator version, same reference
 * status), or the merged report would name a generator or a reference the
 * shards were not run with. */
static void read_sampling(sct_json_reader *r, const cJSON *d, sct_sweep_shard *s)
{
    const cJSON *g = sct_json_member(d, "sampling");
    bool sampled = strcmp(s->unit, "sample") == 0;
    if (r->failed || (g == NULL && !sampled))
        return;
    if (g == NULL || !sampled) {
        fail(r, g ? "sweep.shard_range.unit" : "sweep.sampling",
             g ? "not \"sample\" in a sampled sweep" : "missing in a sampled sweep");
        return;
    }
    at(r, "sweep.sampling");
    s->spec.samples = sct_json_read_u64(r, g, "samples");
    s->spec.seed = sct_json_read_u64(r, g, "seed");
    if (r->failed)
        return;
    if (s->spec.samples != s->of || s->spec.samples == 0) {
        fail(r, "sweep.sampling.samples", "not the shard_range's \"of\"");
        return;
    }
    /* Printed and parsed back: the writer's counts are raw integer
     * literals (json_util.h), the file's parsed numbers. */
    cJSON *raw = sct_sweep_sampling_json(&s->spec);
    char *text = raw ? cJSON_PrintUnformatted(raw) : NULL;
    cJSON *mine = text ? cJSON_Parse(text) : NULL;
    cJSON_Delete(raw);
    cJSON_free(text);
    if (mine == NULL)
        fail(r, "sweep.sampling", "out of memory");
    else if (!cJSON_Compare(mine, g, true))
        fail(r, "sweep.sampling", "not what this sonnx-cts writes for these samples "
             "(another generator version or reference): merge with the sonnx-cts "
             "that ran the shards");
    cJSON_Delete(mine);
}

static void read_histogram(sct_json_reader *r, const cJSON *d, sct_sweep_result *res)
{
    const cJSON *h = sct_json_member(d, "ulp_histogram"), *b;
    if (!res->has_ulp)
        return;
    if (!cJSON_IsArray(h)) {
        fail(r, "sweep.ulp_histogram", "not an array");
        return;
    }
    cJSON_ArrayForEach(b, h) {
        unsigned k = sct_sweep_hist_bucket_of_label(sct_json_get_str(b, "ulp"));
        if (k == SCT_SWEEP_HIST_BUCKETS) {
            fail(r, "sweep.ulp_histogram[].ulp", "unknown bucket label");
            return;
        }
        at(r, "sweep.ulp_histogram[]");
        res->ulp_histogram[k] = sct_json_read_u64(r, b, "count");
    }
}

static void read_failures(sct_json_reader *r, const cJSON *d, sct_sweep_result *res)
{
    at(r, "sweep");
    res->n_failures = (size_t)sct_json_read_u64(r, d, "failed_batches");
    const cJSON *f = sct_json_member(d, "failures"), *e;
    size_t k = 0;
    cJSON_ArrayForEach(e, f) {
        if (k >= SCT_SWEEP_MAX_FAILURES || k >= res->n_failures) {
            fail(r, "sweep.failures", "more entries than failed_batches");
            return;
        }
        sct_sweep_failure *x = &res->failures[k++];
        at(r, "sweep.failures[]");
        x->first_pair = sct_json_read_u64(r, e, "first_pair");
        x->n_pairs = sct_json_read_u64(r, e, "pairs");
        x->status = status_of(r, e, "sweep.failures[]");
        snprintf(x->message, sizeof x->message, "%s",
                 sct_json_get_str(e, "message") ? sct_json_get_str(e, "message") : "");
    }
}

static void read_counts(sct_json_reader *r, const cJSON *d, sct_sweep_result *res)
{
    at(r, "sweep");
    res->first_pair = sct_json_read_u64(r, d, "first_pair");
    res->n_pairs = sct_json_read_u64(r, d, "pairs");
    res->compared = sct_json_read_u64(r, d, "compared");
    res->exact = sct_json_read_u64(r, d, "exact");
    res->within_tolerance = sct_json_read_u64(r, d, "within_tolerance");
    res->mismatches = sct_json_read_u64(r, d, "mismatches");
    res->undefined = sct_json_read_u64(r, d, "undefined_not_compared");
    res->not_run = sct_json_read_u64(r, d, "not_run");
    const cJSON *arb = sct_json_member(d, "arbitration");
    if (arb != NULL) {
        at(r, "sweep.arbitration");
        res->arbitrated = sct_json_read_u64(r, arb, "judged_pairs");
        res->reference_corrected = sct_json_read_u64(r, arb, "reference_corrected");
    }
    const cJSON *u = sct_json_member(d, "undefined_run");
    res->undefined_status = status_of(r, u, "sweep.undefined_run");
    const char *msg = sct_json_get_str(u, "message");
    snprintf(res->undefined_message, sizeof res->undefined_message, "%s", msg ? msg : "");
}

/* The case: what the sweep was, the class counts and the first mismatches
 * (samples before the appended max-ULP one: min(mismatches, K) of them). */
static void read_case(sct_json_reader *r, const sct_case_result *c, uint32_t keep,
                      sct_sweep_shard *s)
{
    sct_sweep_result *res = &s->result;
    s->op_type = sct_strdup(c->op_type ? c->op_type : "");
    s->opset = c->opset;
    s->spec.op_type = s->op_type;
    s->spec.a_type = c->inputs[0].elem_type;
    /* a unary sweep (one input) has no second type: UNDEFINED, as sweep.h */
    s->spec.b_type = c->n_inputs == 2 ? c->inputs[1].elem_type : SONNX_DT_UNDEFINED;
    s->spec.shard_index = 0;
    s->spec.shard_count = 1;
    s->spec.max_ulp = c->tolerance_ulp;
    s->spec.keep_mismatches = keep;
    res->out_type = c->output.elem_type;
    res->unmeasurable = c->stats.unmeasurable;
    memcpy(res->deviation_counts, c->stats.deviation_counts, sizeof res->deviation_counts);
    res->seconds = c->seconds;
    uint64_t want = res->mismatches < keep ? res->mismatches : keep;
    if (s->op_type == NULL || c->n_inputs < 1 || c->n_inputs > 2 ||
        (c->n_inputs == 1) != sct_sweep_unary(s->op_type)) {
        fail(r, "cases[0]", s->op_type ? "not a sweep case of the op's arity (one input "
                                         "for a unary op, two otherwise)"
                                       : "out of memory");
        return;
    }
    if ((uint64_t)c->n_samples < want) {
        fail(r, "cases[0].samples", "fewer samples than the first mismatches "
             "(min(sweep.mismatches, options.max_errors))");
        return;
    }
    res->first_mismatches = calloc(keep ? keep : 1, sizeof *res->first_mismatches);
    if (res->first_mismatches == NULL) {
        fail(r, "cases[0].samples", "out of memory");
        return;
    }
    for (size_t i = 0; i < (size_t)want; i++) {
        const sct_sample *p = &c->samples[i];
        sct_mismatch *m = &res->first_mismatches[i];
        m->index = p->index;
        m->n_inputs = p->n_inputs;
        memcpy(m->in_types, p->in_types, sizeof m->in_types);
        memcpy(m->in_bits, p->in_bits, sizeof m->in_bits);
        m->out_type = p->out_type;
        m->expected_bits = p->expected_bits;
        m->actual_bits = p->actual_bits;
        m->ulp = p->ulp;
        m->deviation = p->deviation;
        if (i > 0 && m->index <= m[-1].index)
            fail(r, "cases[0].samples", "first mismatches not in ascending index order");
    }
    res->n_first_mismatches = (size_t)want;
}

int sct_sweep_shard_load(const char *path, const cJSON *root,
                         sct_run_report *report, sct_sweep_shard *s, char *err,
                         size_t err_cap)
{
    memset(s, 0, sizeof *s);
    if (!sct_sweep_report_is_sweep(root))
        return 1;
    sct_json_reader r = {.file = path, .mode = SCT_JSON_STRICT,
                         .naming = SCT_JSON_NAME_IN_PATH, .err = err, .err_cap = err_cap};
    s->path = path;
    s->detail = sct_json_member(only_case(root), "sweep");
    read_range(&r, s->detail, s);
    read_counts(&r, s->detail, &s->result);
    read_max_ulp(&r, s->detail, &s->result);
    read_histogram(&r, s->detail, &s->result);
    read_failures(&r, s->detail, &s->result);
    at(&r, "sweep");
    s->spec.threads = (unsigned)sct_json_read_u64(&r, s->detail, "threads");
    const sct_case_result *c = r.failed ? NULL : sct_run_report_case(report, 0);
    if (!r.failed && c == NULL)
        fail(&r, "cases[0]", sct_run_report_error(report));
    if (!r.failed)
        read_case(&r, c, report->options.max_errors, s);
    read_sampling(&r, s->detail, s); /* needs the spec's op and types */
    if (r.failed) {
        sct_sweep_shard_free(s);
        return -1;
    }
    return 0;
}

void sct_sweep_shard_free(sct_sweep_shard *s)
{
    free(s->op_type);
    s->op_type = NULL;
    sct_sweep_result_free(&s->result);
}

/* Same sweep: the case's op, opset, types, tolerance, and every member of
 * the "sweep" object that is not per shard. */
static int check_same_sweep(const sct_sweep_shard *a, const sct_sweep_shard *b,
                            char *err, size_t err_cap)
{
    const char *what = NULL;
    if (strcmp(a->spec.op_type, b->spec.op_type) != 0 || a->opset != b->opset)
        what = "cases[0].op_type/opset (a different op)";
    else if (a->spec.a_type != b->spec.a_type || a->spec.b_type != b->spec.b_type)
        what = "cases[0].inputs (different types)";
    else if (a->spec.max_ulp != b->spec.max_ulp)
        what = "cases[0].tolerance_ulp (a different tolerance)";
    else if (strcmp(a->unit, b->unit) != 0 || a->of != b->of)
        what = "sweep.shard_range.unit/of (a different space)";
    if (what == NULL) {
        const cJSON *x[2] = {a->detail, b->detail};
        for (int k = 0; k < 2 && what == NULL; k++) {
            const cJSON *m;
            cJSON_ArrayForEach(m, x[k]) {
                if (per_shard(m->string))
                    continue;
                const cJSON *o = sct_json_member(x[1 - k], m->string);
                if (o == NULL || !cJSON_Compare(m, o, true)) {
                    snprintf(err, err_cap, "%s and %s are not shards of one sweep: "
                             "sweep.%s differs", a->path, b->path, m->string);
                    return 1;
                }
            }
        }
    }
    if (what != NULL) {
        snprintf(err, err_cap, "%s and %s are not shards of one sweep: %s differs",
                 a->path, b->path, what);
        return 1;
    }
    return 0;
}

static const sct_sweep_shard *g_sort_shards; /* qsort has no user pointer */

static int by_range(const void *x, const void *y)
{
    const sct_sweep_shard *a = &g_sort_shards[*(const size_t *)x];
    const sct_sweep_shard *b = &g_sort_shards[*(const size_t *)y];
    if (a->first != b->first)
        return a->first < b->first ? -1 : 1;
    return (a->count > b->count) - (a->count < b->count);
}

/* The ranges, sorted, must be [0, of) without gap or overlap. */
static int check_tiling(const sct_sweep_shard *s, size_t n, const size_t *order,
                        char *err, size_t err_cap)
{
    uint64_t next = 0;
    const char *unit = s[order[0]].unit;
    for (size_t k = 0; k < n; k++) {
        const sct_sweep_shard *x = &s[order[k]];
        if (x->first < next) {
            snprintf(err, err_cap, "%s (%ss %" PRIu64 "..%" PRIu64 ") and %s (%ss %"
                     PRIu64 "..%" PRIu64 ") overlap (overlapping shards)",
                     s[order[k - 1]].path, unit, s[order[k - 1]].first,
                     s[order[k - 1]].first + s[order[k - 1]].count - 1, x->path, unit,
                     x->first, x->first + x->count - 1);
            return 1;
        }
        if (x->first > next) {
            snprintf(err, err_cap, "%ss %" PRIu64 "..%" PRIu64 " of %" PRIu64
                     " are in no shard (a gap before %s; missing or --limit'ed shard?)",
                     unit, next, x->first - 1, x->of, x->path);
            return 1;
        }
        next = x->first + x->count;
    }
    if (next != s[order[0]].of) {
        snprintf(err, err_cap, "%ss %" PRIu64 "..%" PRIu64 " of %" PRIu64 " are in no "
                 "shard (a gap after %s; missing or --limit'ed shard?)", unit, next,
                 s[order[0]].of - 1, s[order[0]].of, s[order[n - 1]].path);
        return 1;
    }
    return 0;
}

int sct_sweep_shards_combine(const sct_sweep_shard *s, size_t n, size_t *order,
                             sct_sweep_result *out, char *err, size_t err_cap)
{
    memset(out, 0, sizeof *out);
    for (size_t i = 1; i < n; i++)
        if (check_same_sweep(&s[0], &s[i], err, err_cap) != 0)
            return 1;
    for (size_t i = 0; i < n; i++)
        order[i] = i;
    g_sort_shards = s;
    qsort(order, n, sizeof *order, by_range);
    g_sort_shards = NULL;
    if (check_tiling(s, n, order, err, err_cap) != 0)
        return 1;
    sct_sweep_tally total;
    if (sct_sweep_tally_init(&total, s[0].spec.keep_mismatches) != 0) {
        snprintf(err, err_cap, "out of memory");
        return 1;
    }
    total.r.has_ulp = s[0].result.has_ulp;
    total.r.undefined_status = SCT_EXEC_OK;
    for (size_t k = 0; k < n; k++) {
        const sct_sweep_result *r = &s[order[k]].result;
        sct_sweep_tally one;
        memset(&one, 0, sizeof one);
        one.r = *r;
        sct_sweep_tally_merge(&total, &one);
        /* One call of all undefined pairs in an unsharded sweep; here one per
         * shard: the first that did not end OK speaks for all. */
        if (total.r.undefined_status == SCT_EXEC_OK && r->undefined_status != SCT_EXEC_OK) {
            total.r.undefined_status = r->undefined_status;
            memcpy(total.r.undefined_message, r->undefined_message,
                   sizeof total.r.undefined_message);
        }
        total.r.seconds += r->seconds;
    }
    free(total.scratch);
    *out = total.r;
    out->out_type = s[0].result.out_type;
    out->first_pair = s[order[0]].result.first_pair;
    out->n_pairs = 0;
    for (size_t k = 0; k < n; k++)
        out->n_pairs += s[k].result.n_pairs;
    return 0;
}
