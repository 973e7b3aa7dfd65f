/*
 * fresh_sample.c — the fresh sample of a certification run (fresh_sample.h,
 * docs/cli.md "Fresh sample").  A plugin could carry the published vectors
 * as a table keyed by input bits and pass every committed case without
 * computing; pairs drawn from a seed chosen at run time are in no table.
 * The reference is the built-in kernels (their accuracy is proven by the
 * exhaustive and sampled sweeps against MPFR, docs/sweeps.md), compared
 * with the committed cases' tolerance of the group; where the built-in
 * kernel itself is not correctly rounded (Pow with a float64 operand,
 * kernels/ states it) one ULP more is allowed, so that the reference's
 * own rounding is never blamed on the plugin.
 */
#include "fresh_sample.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

#include "sct/check/compare_tensors.h"
#include "sct/numeric/dtype.h"
#include "sct/ops/op_registry.h"
#include "sct/results/case_verdict.h"
#include "sct/results/sample_keeper.h"
#include "sct/sweep/sample_any.h"

#define MAX_GROUPS 256

/* An (op, types) group; a unary op's b is SONNX_DT_UNDEFINED (n_inputs 1). */
typedef struct group {
    char op[32];
    size_t n_inputs;
    int32_t opset, a, b, out;
    uint32_t tolerance;
} group;

bool sct_fresh_option(const char *name, const char *value, sct_fresh_options *o)
{
    char *end;
    errno = 0;
    if (strcmp(name, "seed") == 0) {
        unsigned long long s = strtoull(value, &end, 0);
        if (errno != 0 || end == value || *end != '\0' || value[0] == '-') {
            fprintf(stderr, "sonnx-cts run: --seed needs an unsigned 64-bit number, not "
                    "'%s'\n", value);
            return false;
        }
        o->seed = s;
        o->seed_given = true;
        return true;
    }
    if (strcmp(name, "no-fresh-sample") == 0) {
        o->off = true;
        return true;
    }
    o->on = true;
    o->n = SCT_FRESH_DEFAULT_N;
    if (value == NULL)
        return true;
    unsigned long long n = strtoull(value, &end, 10);
    if (errno != 0 || end == value || *end != '\0' || value[0] == '-' || n == 0 ||
        n > (1u << 24)) {
        fprintf(stderr, "sonnx-cts run: --fresh-sample=N needs 1 to %u pairs, not '%s'\n",
                1u << 24, value);
        return false;
    }
    o->n = (size_t)n;
    return true;
}

bool sct_fresh_wanted(const sct_fresh_options *o, bool vendor, size_t n_filters,
                      uint32_t shard_count, bool baseline)
{
    if (o->on || o->off)
        return o->on && !o->off;
    return vendor && n_filters == 0 && shard_count <= 1 && !baseline;
}

/* The (op, types) groups the backend ran, in report order. */
static size_t collect_groups(const sct_run_report *report, group *g, size_t cap)
{
    size_t n = 0;
    for (size_t i = 0; i < report->n_cases; i++) {
        const sct_case_result *c = sct_run_report_case(report, i);
        /* The sample's generator draws one or two operands (sample_any.h). */
        if (c == NULL || c->n_inputs == 0 || c->n_inputs > 2 ||
            strcmp(c->exec_status, "OK") != 0 ||
            strcmp(c->expectation, "values") != 0 || strlen(c->op_type) >= sizeof g->op)
            continue;
        group k;
        memset(&k, 0, sizeof k);
        snprintf(k.op, sizeof k.op, "%s", c->op_type);
        k.opset = c->opset;
        k.n_inputs = c->n_inputs;
        k.a = c->inputs[0].elem_type;
        k.b = c->n_inputs > 1 ? c->inputs[1].elem_type : SONNX_DT_UNDEFINED;
        k.out = c->output.elem_type;
        k.tolerance = c->tolerance_ulp;
        size_t j = 0;
        while (j < n && !(strcmp(g[j].op, k.op) == 0 && g[j].n_inputs == k.n_inputs &&
                          g[j].a == k.a && g[j].b == k.b))
            j++;
        if (j == n && n < cap)
            g[n++] = k;
        else if (j < n && k.tolerance > g[j].tolerance)
            g[j].tolerance = k.tolerance;
    }
    return n;
}

typedef struct sink {
    sct_sample_keeper *keeper;
    uint64_t *hist;
} sink;

static void on_mismatch(void *user, const sct_mismatch *m)
{
    sink *s = user;
    sct_sample_keeper_add(s->keeper, m);
    s->hist[sct_ulp_bin_of(m->ulp)]++;
}

static bool tensor(sonnx_tensor *t, int32_t type, size_t n)
{
    uint64_t bytes;
    memset(t, 0, sizeof *t);
    t->elem_type = type;
    t->rank = 1;
    t->dims[0] = (int64_t)n;
    if (!sct_dtype_storage_bytes(type, n, &bytes))
        return false;
    t->nbytes = bytes;
    t->data = calloc(1, (size_t)bytes + 1u);
    return t->data != NULL;
}

/* Runs one group and fills its record `out`.  0, or -1 out of memory. */
static int run_group(const group *g, sct_backend *backend, sct_backend *ref,
                     const char *profile, const sct_fresh_options *o, bool strict_nan,
                     uint32_t max_errors, sct_case_result *out)
{
    size_t n = o->n;
    sonnx_tensor in[2], got, want;
    bool unary = g->n_inputs == 1;
    /* all four allocated (or NULL) whatever fails: each is freed below; a
     * unary op has no second operand (its pointer NULL) */
    memset(&in[1], 0, sizeof in[1]);
    bool ok_a = tensor(&in[0], g->a, n), ok_b = unary || tensor(&in[1], g->b, n);
    bool ok_got = tensor(&got, g->out, n), ok_want = tensor(&want, g->out, n);
    bool ok = ok_a && ok_b && ok_got && ok_want;
    const char *why_not = "out of memory";
    const char *gen = ok ? sct_sample_any_fill(g->op, g->a, g->b, o->seed, n,
                                               (void *)in[0].data, (void *)in[1].data,
                                               &why_not)
                         : NULL;
    char types[64], id[128], msg[1400];
    if (unary || g->a == g->b)
        snprintf(types, sizeof types, "%s", sct_dtype_name(g->a));
    else
        snprintf(types, sizeof types, "%s_%s", sct_dtype_name(g->a), sct_dtype_name(g->b));
    char lower[32];
    size_t k = 0;
    for (; g->op[k] && k + 1 < sizeof lower; k++)
        lower[k] = (char)(g->op[k] >= 'A' && g->op[k] <= 'Z' ? g->op[k] + 32 : g->op[k]);
    lower[k] = '\0';
    snprintf(id, sizeof id, "%s/%s/fresh_sample", lower, types);
    out->id = sct_strdup(id);
    out->op_type = sct_strdup(g->op);
    out->opset = g->opset;
    out->n_inputs = g->n_inputs;
    for (size_t i = 0; i < g->n_inputs; i++)
        out->inputs[i] = (sct_tensor_shape){in[i].elem_type, 1, {(int64_t)n}};
    out->output = (sct_tensor_shape){g->out, 1, {(int64_t)n}};
    char *tag = "fresh-sample";
    out->tags = sct_strvdup(&tag, 1);
    out->n_tags = out->tags ? 1 : 0;
    out->expectation = sct_strdup("values");
    /* One more ULP where the registry says the kernels' reference is not
     * exact for this op with that type (sweep.reference_inexact_with). */
    const sct_op_entry *entry = sct_op_find(g->op);
    const sct_dtype_info *inexact = entry != NULL && entry->sweep_inexact_with != NULL
                                        ? sct_dtype_by_name(entry->sweep_inexact_with)
                                        : NULL;
    bool loose = inexact != NULL && (g->a == inexact->code || g->b == inexact->code);
    out->tolerance_ulp = g->tolerance + (loose ? 1u : 0u);
    snprintf(msg, sizeof msg, "fresh sample: %zu pairs drawn at run time (%s generator), "
             "seed %llu; reproduce with --fresh-sample=%zu --seed %llu", n,
             gen ? gen : "no", (unsigned long long)o->seed, n,
             (unsigned long long)o->seed);
    sonnx_op op = {g->op, "", g->opset, profile, 0, NULL};
    sct_exec_result r;
    memset(&r, 0, sizeof r);
    r.status = SCT_EXEC_HARNESS_ERROR;
    r.exit_code = -1;
    snprintf(r.message, sizeof r.message, "out of memory");
    sct_exec_result rr = r;
    if (gen != NULL) {
        rr = sct_backend_run(ref, &op, in, g->n_inputs, &want, 1);
        r = sct_backend_query(backend, &op, (int32_t[]){g->a, g->b}, g->n_inputs);
        if (r.status == SCT_EXEC_OK)
            r = sct_backend_run(backend, &op, in, g->n_inputs, &got, 1);
    }
    const char *why = "";
    out->exec_status = sct_strdup(sct_exec_status_name(r.status));
    out->signal_number = r.signal_number;
    out->exit_code = r.exit_code;
    if (gen == NULL) {
        /* no sample for this group: said, never silently skipped; recorded
         * as a decline (exec status UNSUPPORTED) so that the one verdict rule
         * gives the same verdict when a report is read back (verify) */
        free(out->exec_status);
        out->exec_status = sct_strdup(sct_exec_status_name(SCT_EXEC_UNSUPPORTED));
        out->verdict = sct_case_verdict(SCT_EXPECT_VALUES, SCT_EXEC_UNSUPPORTED, false, &why);
        snprintf(msg, sizeof msg, "fresh sample: NO SAMPLE for this (op, types): %.400s",
                 why_not);
    } else if (rr.status != SCT_EXEC_OK) {
        free(out->exec_status);
        out->exec_status = sct_strdup(sct_exec_status_name(SCT_EXEC_UNSUPPORTED));
        out->verdict = sct_case_verdict(SCT_EXPECT_VALUES, SCT_EXEC_UNSUPPORTED, false, &why);
        snprintf(msg + strlen(msg), sizeof msg - strlen(msg),
                 "; NO SAMPLE: the reference could not compute it (%.512s)", rr.message);
    } else if (r.status != SCT_EXEC_OK) {
        out->verdict = sct_case_verdict(SCT_EXPECT_VALUES, r.status, false, &why);
        snprintf(msg + strlen(msg), sizeof msg - strlen(msg), "; %.200s: %.512s", why, r.message);
    } else {
        sct_sample_keeper keeper;
        if (sct_sample_keeper_init(&keeper, max_errors, 1, got.dims) != 0)
            return -1;
        sct_compare_opts opts = {out->tolerance_ulp, strict_nan};
        sink s = {&keeper, out->ulp_hist};
        char err[256];
        int rc = sct_compare_tensors(sct_op_id_of(g->op), in, g->n_inputs, &want, &got,
                                     &opts, on_mismatch, &s, &out->stats, err, sizeof err);
        out->samples = sct_sample_keeper_take(&keeper, &out->n_samples);
        sct_sample_keeper_free(&keeper);
        out->compared = rc == 0;
        out->verdict = rc != 0 ? SCT_VERDICT_ERROR
                               : sct_case_verdict(SCT_EXPECT_VALUES, SCT_EXEC_OK,
                                                  out->stats.mismatches == 0, &why);
        if (rc != 0)
            snprintf(msg + strlen(msg), sizeof msg - strlen(msg), "; %.256s", err);
    }
    out->message = sct_strdup(msg);
    for (int i = 0; i < 2; i++)
        free((void *)in[i].data);
    free(got.data);
    free(want.data);
    return 0;
}

int sct_fresh_sample_run(sct_run_report *report, sct_backend *backend, const char *profile,
                         const sct_fresh_options *o, bool strict_nan, uint32_t max_errors,
                         char *err, size_t err_cap)
{
    static group groups[MAX_GROUPS];
    size_t n = collect_groups(report, groups, MAX_GROUPS);
    sct_backend *ref = sct_backend_open_builtin(err, err_cap);
    if (ref == NULL)
        return 1;
    int rc = 0;
    for (size_t i = 0; rc == 0 && i < n; i++) {
        sct_case_result *out = sct_run_report_add_case(report);
        if (out == NULL || run_group(&groups[i], backend, ref, profile, o, strict_nan,
                                     max_errors, out) != 0) {
            snprintf(err, err_cap, "fresh sample: out of memory");
            rc = 1;
        }
    }
    sct_backend_close(ref);
    return rc;
}
