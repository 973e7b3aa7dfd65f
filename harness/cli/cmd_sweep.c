/*
 * cmd_sweep.c — `sonnx-cts sweep`: the exhaustive sweep of one op over a
 * 16-bit (or 8-bit) input space, or of a unary op (Abs, Sqrt: the
 * registry's arity 1) over every encoding of its one input of up to 32 bits
 * (library harness/sweep, sweep.h).
 *
 *   sonnx-cts sweep --op OP --type T [--exponent-type T1]
 *                   [--vendor LIB [--vendor-options S] [--no-isolate]
 *                    [--timeout SECONDS] [sandbox options of `run`]]
 *                   [--shard I/N] [--first N] [--json FILE] [--threads K]
 *                   [--limit PAIRS] [--batch PAIRS] [--max-ulp N]
 *                   [--samples N] [--seed S]   (32/64-bit binary spaces)
 *
 * Every pair of the shard goes through the implementation (the built-in
 * kernels in-process, or the plugin through harness/exec in batches of 2^20
 * pairs) and is compared with the built-in reference kernels under the
 * tolerance policy of docs/architecture.md (sct_default_max_ulp).  Prints
 * the counts per deviation class, the max ULP with its inputs, the ULP
 * histogram and the first N mismatching pairs; --json writes the report in
 * the "sonnx-cts-run" schema with one case per sweep (plus a "sweep"
 * object, docs/sweeps.md).  Binary float32/float64 and 32/64-bit integer
 * spaces, and unary 64-bit ones, are sampled (
 * sweep_sample.h): N reproducible pairs of seed S, default
 * SCT_SWEEP_DEFAULT_SAMPLES.  Exit status as `run`: 0 conforms, 1 not
 * conformant or nothing passed (unsupported), 2 error.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sct/exec/backend.h"
#include "sct/model/case.h"
#include "sct/results/case_verdict.h"
#include "install_layout.h"
#include "sct/numeric/dtype.h"
#include "sct/ops/op_registry.h"
#include "sct/results/report_model.h"
#include "sct/results/run_tier.h"
#include "sct/text/atomic_file.h"
#include "sct/writers/report_writers.h"
#include "run_identity.h"
#include "sweep_options.h"
#include "subcommands.h"
#include "sct/sweep/sweep.h"
#include "sct/sweep/sweep_arbiter.h"
#include "sct/sweep/sweep_progress.h"
#include "sct/sweep/sweep_report.h"
#include "sct/sweep/sweep_sample.h"
#include "sct/results/value_format.h"

/* The sampled Pow spaces whose reference is not correctly rounded
 * (MPFR, docs/sweeps.md "Consequence for sampled Pow verdicts"). */
static void print_reference_note(const sct_sweep_spec *spec)
{
    if (sct_sweep_reference_exact(spec))
        return;
    if (sct_sweep_arbitrated(spec)) {
        printf("reference note: this Pow reference is not always correctly rounded (<= %u ULP\n"
               "  off); every pair where the implementation differs from it by <= tolerance + %u\n"
               "  ULP is judged against the correctly rounded pow of %s (docs/sweeps.md)\n",
               SCT_SWEEP_POW_REF_ERR_ULP, SCT_SWEEP_POW_REF_ERR_ULP, sct_sweep_arbiter_name());
        return;
    }
    printf("reference caveat: this Pow reference is not correctly rounded (up to %u ULP\n"
           "  off; MPFR, docs/sweeps.md) and this build has no MPFR to judge the pairs\n"
           "  that differ from it: a PASS bounds the implementation by the tolerance\n"
           "  from that reference, not from the correctly rounded result\n",
           SCT_SWEEP_POW_REF_ERR_ULP);
}

/* Exhaustive for 8/16-bit types (unary: up to 32-bit); wider ones are sampled (with the
 * default sample count unless --samples is given).  False with `err`. */
static bool choose_space(sct_sweep_args *a, int32_t ta, int32_t tb, char *err,
                         size_t err_cap)
{
    if (sct_sweep_supported(a->op, ta, tb, err, err_cap)) {
        if (a->samples) {
            snprintf(err, err_cap, "--samples is for sampled spaces; "
                     "%s is swept exhaustively", a->type);
            return false;
        }
        return true;
    }
    if (!sct_sweep_sampled_supported(a->op, ta, tb, err, err_cap))
        return false;
    if (a->samples == 0)
        a->samples = SCT_SWEEP_DEFAULT_SAMPLES;
    return true;
}

static void print_value(const char *label, int32_t type, uint64_t bits)
{
    char dec[SCT_VALUE_TEXT_MAX], hex[SCT_VALUE_TEXT_MAX];
    sct_format_value(type, bits, dec, sizeof dec);
    sct_format_bits(type, bits, hex, sizeof hex);
    printf("%s%s (%s)", label, hex, dec);
}

static void print_result(const sct_sweep_spec *spec, const sct_sweep_result *r)
{
    printf("pairs %" PRIu64 "..%" PRIu64 " (%" PRIu64 "): compared %" PRIu64
           ", exact %" PRIu64 ", within tolerance %" PRIu64 ", mismatches %"
           PRIu64 ", undefined (not compared) %" PRIu64 ", not run %" PRIu64 "\n",
           r->first_pair, r->first_pair + r->n_pairs - (r->n_pairs > 0), r->n_pairs,
           r->compared, r->exact, r->within_tolerance, r->mismatches,
           r->undefined, r->not_run);
    if (sct_sweep_arbitrated(spec))
        printf("judged against MPFR (differing from the reference, or the float64^int64\n"
               "  powl path): %" PRIu64 " pairs, reference not correctly rounded on %" PRIu64
               " of them\n",
               r->arbitrated, r->reference_corrected);
    if (r->undefined)
        printf("undefined pairs, run in one separate call: %s%s%s\n",
               sct_exec_status_name(r->undefined_status),
               r->undefined_message[0] ? ": " : "", r->undefined_message);
    if (r->mismatches) {
        printf("mismatches per deviation class:\n");
        for (int k = 1; k < SCT_DEV_COUNT; k++)
            if (r->deviation_counts[k])
                printf("  %-24s %" PRIu64 "\n", sct_deviation_name((sct_deviation)k),
                       r->deviation_counts[k]);
    }
    if (r->has_ulp) {
        unsigned out_bits = 8u * (unsigned)sct_dtype_elem_size(r->out_type);
        printf("max ULP %" PRIu64, r->max_ulp_seen);
        if (r->max_ulp_seen > 0) {
            print_value(" at a=", spec->a_type, r->max_ulp_a);
            if (spec->b_type != SONNX_DT_UNDEFINED)
                print_value(" b=", spec->b_type, r->max_ulp_b);
            print_value(": expected ", r->out_type, r->max_ulp_expected);
            print_value(" got ", r->out_type, r->max_ulp_actual);
        }
        printf("\nULP histogram (compared pairs):\n");
        for (unsigned k = 0; k < SCT_SWEEP_HIST_BUCKETS; k++)
            if (r->ulp_histogram[k])
                printf("  %-12s %" PRIu64 "\n", sct_sweep_hist_label_for(k, out_bits),
                       r->ulp_histogram[k]);
    }
    if (r->n_first_mismatches)
        printf("first %zu mismatching pairs:\n", r->n_first_mismatches);
    for (size_t i = 0; i < r->n_first_mismatches; i++) {
        const sct_mismatch *m = &r->first_mismatches[i];
        printf("  pair %" PRIu64 ":", m->index);
        print_value(" a=", m->in_types[0], m->in_bits[0]);
        if (m->n_inputs > 1) /* a unary op's pair is its one input */
            print_value(" b=", m->in_types[1], m->in_bits[1]);
        print_value(" expected ", m->out_type, m->expected_bits);
        print_value(" got ", m->out_type, m->actual_bits);
        if (m->ulp != SCT_ULP_NONE)
            printf(" ulp %" PRIu64, m->ulp);
        printf(" %s\n", sct_deviation_name(m->deviation));
    }
    for (size_t i = 0; i < r->n_failures && i < SCT_SWEEP_MAX_FAILURES; i++)
        printf("failed batch: pairs %" PRIu64 "..%" PRIu64 ": %s: %s\n",
               r->failures[i].first_pair,
               r->failures[i].first_pair + r->failures[i].n_pairs - 1,
               sct_exec_status_name(r->failures[i].status), r->failures[i].message);
    if (r->n_failures > SCT_SWEEP_MAX_FAILURES)
        printf("... %zu failed batches in all\n", r->n_failures);
    printf("time %.2f s, %.4g pairs/s, %u thread(s)\n", r->seconds,
           r->seconds > 0 ? (double)r->n_pairs / r->seconds : 0.0, spec->threads);
}

/* The identity block as `run` writes it (run_identity.c), with the sweep
 * standing in for the vector set. */
static void fill_identity(sct_run_report *rep, const sct_backend_identity *id,
                          int argc, char **argv, const sct_sweep_args *a)
{
    sct_run_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.profile = "sonnx";
    sct_vector_set none;
    memset(&none, 0, sizeof none);
    none.root = a->samples ? "(in-process sampled sweep: no vector set)"
                           : "(in-process exhaustive sweep: no vector set)";
    none.set_sha256 = "";
    none.format_version = "";
    sct_fill_identity(rep, argc, argv, &cfg, &none, id);
    rep->options.max_errors = (uint32_t)a->first;
    rep->options.isolate = a->vendor != NULL && a->isolate;
    rep->options.timeout_seconds = a->timeout;
    free(rep->options.vendor_options);
    rep->options.vendor_options = sct_strdup(a->vendor_options);
    /* The selection without the shard, as `run` records it: the N shard
     * reports of one sweep then merge (sonnx-cts merge) into one report of
     * N cases, shard k being case k (shard.h round-robin rule). */
    char filters[224], sampling[80] = "";
    if (a->samples)
        snprintf(sampling, sizeof sampling, " --samples %" PRIu64 " --seed %" PRIu64,
                 a->samples, a->seed);
    snprintf(filters, sizeof filters, "sweep --op %s --type %s%s%s%s", a->op, a->type,
             a->exp_type ? " --exponent-type " : "", a->exp_type ? a->exp_type : "",
             sampling);
    free(rep->options.filters);
    rep->options.filters = sct_strdup(filters);
    rep->shard_index = a->shard_index + 1;
    rep->shard_count = a->shard_count;
    rep->shard_total = a->shard_count;
    rep->shard_source = a->shard_source ? sct_strdup(a->shard_source) : NULL;
}

static int write_json(const sct_sweep_args *a, int argc, char **argv,
                      const sct_backend_identity *id, const sct_sweep_spec *spec,
                      int32_t opset, const sct_sweep_result *r, sct_verdict v,
                      const char *message)
{
    sct_run_report rep;
    sct_run_report_init(&rep);
    fill_identity(&rep, id, argc, argv, a);
    char err[512];
    int rc = sct_sweep_write_json(a->json, &rep, spec, opset, r, v, message, err,
                                  sizeof err);
    if (rc)
        fprintf(stderr, "sonnx-cts sweep: %s\n", err);
    sct_run_report_free(&rep);
    return rc;
}

/* What this sweep looked at, by the tier rule every report states
 * (run_tier.h): a slice or a sample never reads as the whole space. */
static bool print_tier(const sct_sweep_args *a, const sct_dtype_info *ta, const sct_dtype_info *tb,
                       uint64_t pairs)
{
    unsigned bits = 8u * (unsigned)(sct_dtype_elem_size(ta->code) + sct_dtype_elem_size(tb->code));
    sct_tier_facts f = {.cases = 1, .sweep_cases = 1, .sampled_cases = a->samples ? 1 : 0,
                        .pairs = pairs, .space = bits < 64 ? (uint64_t)1 << bits : 0};
    char sel[96];
    snprintf(sel, sizeof sel, "sweep --op %s --type %s", a->op, ta->name);
    sct_run_tier t;
    sct_tier_decide(&f, sel, NULL, 0, a->shard_index + 1, a->shard_count, a->shard_count, &t);
    printf("tier: %s: %s%s\n", sct_tier_name(t.kind), t.detail,
           t.certifiable ? "" : " -- " SCT_TIER_NOT_CERTIFIABLE);
    return t.certifiable;
}

static int exit_for(sct_verdict v)
{
    size_t counts[SCT_VERDICT_COUNT] = {0};
    counts[v] = 1;
    return sct_overall_exit_code(sct_overall_from_counts(counts));
}

int sct_cmd_sweep(int argc, char **argv)
{
    sct_sweep_args a;
    int rc = sct_parse_sweep_options(argc, argv, &a);
    if (rc >= 0)
        return rc;
    const sct_dtype_info *ta = sct_dtype_by_name(a.type);
    const sct_dtype_info *tb = sct_dtype_by_name(a.exp_type ? a.exp_type : a.type);
    /* A unary op (the registry's arity 1) has no second input: its second
     * type is UNDEFINED (sweep.h, sct_sweep_unary). */
    static const sct_dtype_info no_second = {.code = SONNX_DT_UNDEFINED, .name = "undefined"};
    if (sct_sweep_unary(a.op) && tb != NULL)
        tb = &no_second;
    if (ta == NULL || tb == NULL) {
        fprintf(stderr, "sonnx-cts sweep: unknown type '%s'\n",
                ta == NULL ? a.type : a.exp_type);
        return SCT_EXIT_USAGE;
    }
    /* A second input type only where the registry says the inputs may
     * differ (ops/operators.json "mixed_input_types": Pow's base and
     * exponent); an unknown op is refused by name further on. */
    const sct_op_entry *op_entry = sct_op_find(a.op);
    if (a.exp_type && op_entry != NULL && !op_entry->mixed_input_types) {
        fprintf(stderr, "sonnx-cts sweep: --exponent-type is only for ops whose inputs "
                "may differ in type; %s takes both of one type\n", a.op);
        return SCT_EXIT_USAGE;
    }
    char err[1024]; /* room for "query: STATUS: why: " + a 512-byte message */
    /* The report path before hours of sweeping (docs/cli.md "Usage errors"). */
    if (a.json && sct_output_path_check("--json", a.json, err, sizeof err) != 0) {
        fprintf(stderr, "sonnx-cts sweep: %s\n", err);
        return SCT_EXIT_USAGE;
    }
    if (!choose_space(&a, ta->code, tb->code, err, sizeof err)) {
        fprintf(stderr, "sonnx-cts sweep: %s\n", err);
        return SCT_EXIT_USAGE;
    }
    sct_sweep_spec spec;
    memset(&spec, 0, sizeof spec);
    spec.op_type = a.op;
    spec.a_type = ta->code;
    spec.b_type = tb->code;
    spec.shard_index = a.shard_index;
    spec.shard_count = a.shard_count;
    spec.limit_pairs = a.limit;
    spec.max_ulp = a.has_max_ulp ? a.max_ulp
                   : sct_default_max_ulp(a.op, sct_kernel_output_type(a.op, ta->code, tb->code));
    spec.threads = a.threads;
    spec.keep_mismatches = (size_t)a.first;
    spec.batch_pairs = a.batch;
    spec.samples = a.samples;
    spec.seed = a.seed;
    int32_t opset = sct_sweep_default_opset(a.op);

    sct_backend *backend = NULL;
    sct_sweep_impl impl;
    const sct_backend_identity *id;
    if (a.vendor) {
        sct_backend_options bo = {.isolate = a.isolate, .timeout_seconds = a.timeout,
                                  .vendor_options = a.vendor_options};
        sct_sandbox_apply(&a.sandbox, &bo);
        char path[4096];
        if (sct_resolve_vendor(a.vendor, path, sizeof path, err, sizeof err) == 0)
            backend = sct_backend_open_plugin(path, &bo, err, sizeof err);
        if (backend == NULL) {
            fprintf(stderr, "sonnx-cts sweep: %s\n", err);
            return SCT_EXIT_USAGE;
        }
        id = sct_backend_identity_of(backend);
        sct_sweep_impl_init_backend(&impl, backend, a.op, opset);
    } else {
        /* The loops are called directly (fast); the backend only provides
         * the identity `run` reports for the built-in kernels. */
        backend = sct_backend_open_builtin(err, sizeof err);
        if (backend == NULL) {
            fprintf(stderr, "sonnx-cts sweep: %s\n", err);
            return SCT_EXIT_USAGE;
        }
        id = sct_backend_identity_of(backend);
        sct_sweep_impl_init_loop(&impl, sct_kernel_contiguous(a.op, ta->code, tb->code));
    }
    if (a.samples)
        printf("sampled sweep: %" PRIu64 " samples, seed %" PRIu64
               " (generator v%d, docs/sweeps.md)\n", a.samples, a.seed,
               SCT_SAMPLE_GEN_VERSION);
    char types[80];
    if (tb->code == SONNX_DT_UNDEFINED) /* unary: one input type */
        snprintf(types, sizeof types, "%s", ta->name);
    else
        snprintf(types, sizeof types, "%s x %s", ta->name, tb->name);
    printf("sweep %s %s, shard %u/%u, tolerance %u ULP\n"
           "implementation: %s %s (%s), plugin %s, isolation: %s\n"
           "reference: built-in kernels (proof and MPFR verification: docs/sweeps.md)\n",
           a.op, types, a.shard_index + 1, a.shard_count, spec.max_ulp,
           id->runtime_name, id->runtime_version, id->vendor, id->plugin_path,
           id->isolation);
    print_reference_note(&spec);
    fflush(stdout);

    sct_exec_result q;
    sct_verdict v = SCT_VERDICT_PASS;
    sct_sweep_result res;
    bool have = false;
    if (sct_sweep_impl_query(&impl, spec.a_type, spec.b_type, &q) != SCT_EXEC_OK) {
        /* The one case verdict rule (case_verdict.h): a sweep's pairs are
         * values to compute, so a refused query is judged as `run` judges
         * the query of a values case (a sandbox violation is FAIL in both). */
        const char *why;
        v = sct_case_verdict(SCT_EXPECT_VALUES, q.status, false, &why);
        snprintf(err, sizeof err, "query: %s: %s%s%s", sct_exec_status_name(q.status),
                 why, why[0] != '\0' && q.message[0] != '\0' ? ": " : "", q.message);
        printf("%s: %s (not swept, not counted as passed)\n", sct_verdict_name(v), err);
    } else {
        sct_sweep_progress prog;
        char label[64];
        snprintf(label, sizeof label, "%s %s", a.op, ta->name);
        if (isatty(STDERR_FILENO)) {
            sct_sweep_progress_init(&prog, stderr, label);
            spec.progress = sct_sweep_progress_update;
            spec.progress_user = &prog;
        }
        if (sct_sweep_run(&spec, &impl, &res, err, sizeof err) != 0) {
            v = SCT_VERDICT_ERROR;
            printf("ERROR: %s\n", err);
        } else {
            have = true;
            v = sct_sweep_final_verdict(&res);
        }
        if (spec.progress)
            sct_sweep_progress_finish(&prog);
        if (have)
            print_result(&spec, &res);
    }
    bool certifiable = print_tier(&a, ta, tb, have ? res.n_pairs : 0);
    printf("verdict: %s%s\n", sct_verdict_name(v),
           certifiable ? "" : " (" SCT_TIER_NOT_CERTIFIABLE ")");
    rc = exit_for(v);
    if (a.json && write_json(&a, argc, argv, id, &spec, opset, have ? &res : NULL,
                             v, err) != 0)
        rc = SCT_EXIT_USAGE;
    if (have)
        sct_sweep_result_free(&res);
    sct_sweep_impl_destroy(&impl);
    sct_backend_close(backend);
    return rc;
}
