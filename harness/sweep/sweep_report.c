/*
 * sweep_report.c — a sweep as one case of the run report (sweep_report.h).
 *
 * Mapping (docs/sweeps.md, "JSON report"):
 *   elements      = defined pairs compared (undefined pairs are not)
 *   mismatches    = pairs outside the tolerance; deviation_counts per class
 *   max_ulp       = the largest ULP distance over all compared pairs
 *   samples       = the first mismatching pairs (ascending pair index) and
 *                   the max-ULP pair marked "worst"; "index" is the pair
 *                   index p = (a << wb) | b of the whole space
 *   input/output shapes = [number of pairs of the shard]
 */
#include "sct/sweep/sweep_report.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sct/numeric/dtype.h"
#include "sct/results/case_verdict.h"
#include "sct/writers/report_writers.h"

bool sct_sweep_case_id(const sct_sweep_spec *spec, char *buf, size_t cap)
{
    char op[16];
    size_t i = 0;
    for (; spec->op_type[i] != '\0' && i + 1 < sizeof op; i++)
        op[i] = (char)tolower((unsigned char)spec->op_type[i]);
    op[i] = '\0';
    int n;
    /* One type named for equal types and for a unary op (b UNDEFINED). */
    if (spec->a_type == spec->b_type || spec->b_type == SONNX_DT_UNDEFINED)
        n = snprintf(buf, cap, "sweep/%s/%s/shard-%u-of-%u", op,
                     sct_dtype_name(spec->a_type), spec->shard_index + 1,
                     spec->shard_count);
    else
        n = snprintf(buf, cap, "sweep/%s/%sx%s/shard-%u-of-%u", op,
                     sct_dtype_name(spec->a_type), sct_dtype_name(spec->b_type),
                     spec->shard_index + 1, spec->shard_count);
    return n > 0 && (size_t)n < cap;
}

/* The statuses of the failed batches, for the rule (case_verdict.h). */
static void batch_faults(const sct_sweep_result *r, bool *crashed, bool *timed_out)
{
    *crashed = *timed_out = false;
    for (size_t i = 0; i < r->n_failures && i < SCT_SWEEP_MAX_FAILURES; i++) {
        *crashed |= r->failures[i].status == SCT_EXEC_CRASH;
        *timed_out |= r->failures[i].status == SCT_EXEC_TIMEOUT;
    }
}

sct_verdict sct_sweep_verdict(const sct_sweep_result *r)
{
    bool crashed, timed_out;
    batch_faults(r, &crashed, &timed_out);
    return sct_sweep_verdict_rule(sct_sweep_passed(r), crashed, timed_out, SCT_EXEC_OK);
}

sct_verdict sct_sweep_final_verdict(const sct_sweep_result *r)
{
    bool crashed, timed_out;
    batch_faults(r, &crashed, &timed_out);
    return sct_sweep_verdict_rule(sct_sweep_passed(r), crashed, timed_out,
                                  r->undefined_status);
}

static void set_shape(sct_tensor_shape *t, int32_t type, uint64_t n)
{
    t->elem_type = type;
    t->rank = 1;
    t->dims[0] = (int64_t)n;
}

static sct_sample sample_of(const sct_mismatch *m, bool worst)
{
    sct_sample s;
    memset(&s, 0, sizeof s);
    s.index = m->index;
    s.rank = 0; /* the pair index says everything: no coordinates */
    s.n_inputs = m->n_inputs;
    memcpy(s.in_types, m->in_types, sizeof s.in_types);
    memcpy(s.in_bits, m->in_bits, sizeof s.in_bits);
    s.out_type = m->out_type;
    s.expected_bits = m->expected_bits;
    s.actual_bits = m->actual_bits;
    s.ulp = m->ulp;
    s.deviation = m->deviation;
    s.worst = worst;
    return s;
}

/* The max-ULP pair as a sample (it may be a match within tolerance). */
static sct_mismatch worst_pair(const sct_sweep_spec *spec,
                               const sct_sweep_result *r)
{
    sct_mismatch m;
    memset(&m, 0, sizeof m);
    m.index = r->max_ulp_pair;
    m.n_inputs = spec->b_type == SONNX_DT_UNDEFINED ? 1 : 2; /* unary */
    m.in_types[0] = spec->a_type;
    m.in_types[1] = spec->b_type;
    m.in_bits[0] = r->max_ulp_a;
    m.in_bits[1] = r->max_ulp_b;
    m.out_type = r->out_type;
    m.expected_bits = r->max_ulp_expected;
    m.actual_bits = r->max_ulp_actual;
    m.ulp = r->max_ulp_seen;
    m.deviation = r->max_ulp_seen <= spec->max_ulp ? SCT_DEV_NONE : SCT_DEV_OFF_BY_ULP;
    return m;
}

static int add_samples(sct_case_result *c, const sct_sweep_spec *spec,
                       const sct_sweep_result *r)
{
    bool worst_listed = false;
    c->samples = calloc(r->n_first_mismatches + 1, sizeof *c->samples);
    if (c->samples == NULL)
        return -1;
    for (size_t i = 0; i < r->n_first_mismatches; i++) {
        const sct_mismatch *m = &r->first_mismatches[i];
        bool worst = r->has_ulp && r->max_ulp_seen > 0 &&
                     m->index == r->max_ulp_pair;
        worst_listed = worst_listed || worst;
        c->samples[c->n_samples++] = sample_of(m, worst);
    }
    if (r->has_ulp && r->max_ulp_seen > 0 && !worst_listed) {
        sct_mismatch w = worst_pair(spec, r);
        /* Keep the class the classifier would give when it is a mismatch. */
        for (size_t i = 0; i < r->n_first_mismatches; i++)
            if (r->first_mismatches[i].index == w.index)
                w.deviation = r->first_mismatches[i].deviation;
        c->samples[c->n_samples++] = sample_of(&w, true);
    }
    return 0;
}

static char *summary_message(const sct_sweep_spec *spec, const sct_sweep_result *r)
{
    char buf[1024];
    int n = snprintf(buf, sizeof buf,
                     "%s %" PRIu64 "..%" PRIu64
                     ": %" PRIu64 " compared, %" PRIu64 " exact, %" PRIu64
                     " within tolerance, %" PRIu64 " mismatches, %" PRIu64
                     " undefined (not compared), %" PRIu64 " not run",
                     spec->samples ? "sampled sweep of samples" : "exhaustive sweep of pairs",
                     r->first_pair, r->first_pair + r->n_pairs - (r->n_pairs > 0),
                     r->compared, r->exact, r->within_tolerance, r->mismatches,
                     r->undefined, r->not_run);
    if (r->n_failures > 0 && n > 0 && (size_t)n < sizeof buf)
        snprintf(buf + n, sizeof buf - (size_t)n,
                 "; %zu failed batch(es), first at pair %" PRIu64 ": %s: %s",
                 r->n_failures, r->failures[0].first_pair,
                 sct_exec_status_name(r->failures[0].status),
                 r->failures[0].message);
    return sct_strdup(buf);
}

int sct_sweep_write_json(const char *path, sct_run_report *rep,
                         const sct_sweep_spec *spec, int32_t opset,
                         const sct_sweep_result *r, sct_verdict v,
                         const char *message, char *err, size_t err_cap)
{
    char case_id[128];
    if (sct_sweep_add_case(rep, spec, opset, r, v, message) != 0) {
        snprintf(err, err_cap, "%s: out of memory", path);
        return 1;
    }
    rep->seconds = r ? r->seconds : 0.0;
    if (sct_write_json_file(path, rep, err, err_cap) != 0)
        return 1;
    if (r != NULL && sct_sweep_case_id(spec, case_id, sizeof case_id))
        return sct_sweep_json_annotate(path, case_id, spec, r, err, err_cap);
    return 0;
}

int sct_sweep_add_case(sct_run_report *report, const sct_sweep_spec *spec,
                       int32_t opset, const sct_sweep_result *result,
                       sct_verdict v, const char *message)
{
    char id[128];
    if (!sct_sweep_case_id(spec, id, sizeof id))
        return -1;
    sct_case_result *c = sct_run_report_add_case(report);
    if (c == NULL)
        return -1;
    static char *const tags[] = {"sweep", "exhaustive"};
    static char *const sampled_tags[] = {"sweep", "sampled"};
    uint64_t n = result ? result->n_pairs : 0;
    int32_t out_type = result ? result->out_type
                              : sct_kernel_output_type(spec->op_type, spec->a_type,
                                                       spec->b_type);
    c->id = sct_strdup(id);
    c->op_type = sct_strdup(spec->op_type);
    c->opset = opset;
    c->n_inputs = spec->b_type == SONNX_DT_UNDEFINED ? 1 : 2; /* unary: X only */
    set_shape(&c->inputs[0], spec->a_type, n);
    if (c->n_inputs > 1)
        set_shape(&c->inputs[1], spec->b_type, n);
    set_shape(&c->output, out_type, n);
    c->tags = sct_strvdup(spec->samples ? sampled_tags : tags, 2);
    c->n_tags = 2;
    c->requirements = NULL; /* a sweep covers the op's whole space, not */
    c->n_requirements = 0;  /* one clause */
    c->expectation = sct_strdup("values");
    c->tolerance_ulp = spec->max_ulp;
    c->verdict = v;
    c->exec_status = sct_strdup(result ? (result->n_failures
                                                 ? sct_exec_status_name(result->failures[0].status)
                                                 : "OK")
                                              : "");
    c->message = result ? summary_message(spec, result) : sct_strdup(message);
    if (c->id == NULL || c->op_type == NULL || c->tags == NULL ||
        c->expectation == NULL ||
        c->exec_status == NULL || c->message == NULL)
        return -1;
    if (result == NULL)
        return 0;
    c->compared = true;
    c->stats.elements = result->compared;
    c->stats.mismatches = result->mismatches;
    c->stats.max_ulp = result->has_ulp ? result->max_ulp_seen : 0;
    c->stats.unmeasurable = result->unmeasurable;
    memcpy(c->stats.deviation_counts, result->deviation_counts,
           sizeof c->stats.deviation_counts);
    c->seconds = result->seconds;
    return add_samples(c, spec, result);
}
