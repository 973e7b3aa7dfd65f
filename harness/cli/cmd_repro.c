/*
 * cmd_repro.c — `sonnx-cts repro --vendor LIB --vectors DIR --case ID
 * [--element N] [--export DIR] [run options]`: re-runs one case against
 * the same implementation as `run` would (same backend options, same
 * comparison: harness/check) and prints every mismatching element (or the
 * one element asked for) as a fixed-format line (harness/replay/
 * repro_line.h); --export writes that element as a standalone ONNX test
 * folder (export_element.h).
 *
 * Exit status: 0 the case (or the element) conforms, 1 it does not,
 * 2 usage or input error.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run_backend.h"
#include "run_options.h"
#include "runner.h"
#include "sct/check/bcast_index.h"
#include "sct/check/elem_access.h"
#include "sct/numeric/dtype.h"
#include "sct/replay/export_element.h"
#include "sct/replay/repro_line.h"
#include "sct/results/case_verdict.h"
#include "sct/select/case_walk.h"
#include "subcommands.h"

static void repro_usage(FILE *out)
{
    fputs("usage: sonnx-cts repro [--vendor LIB] [--vectors DIR] --case ID\n"
          "                       [--element N] [--export DIR] [run options]\n"
          "\n"
          "Runs one case again, as `sonnx-cts run` runs it (same --vendor,\n"
          "--vendor-options, --profile, --timeout, sandbox and --strict-nan\n"
          "options), and prints one line per mismatching element (at most\n"
          "--max-errors, default 20): op, types, flat index, inputs, expected and\n"
          "got in hex and decimal, ULP distance, deviation class.\n"
          "\n"
          "  --case ID            the case id (exactly one, no glob)\n"
          "  --element N          only element N (flat row-major output index),\n"
          "                       printed whether it matches or not\n"
          "  --export DIR         write element N (default: the first mismatching\n"
          "                       element, else 0) as a standalone ONNX test folder:\n"
          "                       DIR/manifest.json and DIR/test_<id>_e<N>/ with\n"
          "                       model.onnx and test_data_set_0/input_*.pb,\n"
          "                       output_0.pb (one element each); `sonnx-cts run\n"
          "                       --vectors DIR` runs it\n"
          "\n"
          "exit status: 0 the case (element) conforms, 1 it does not, 2 usage or\n"
          "input error.\n",
          out);
}

static bool parse_index(const char *s, uint64_t *v)
{
    char *end;
    errno = 0;
    unsigned long long x = strtoull(s, &end, 10);
    if (errno != 0 || end == s || *end != '\0' || s[0] == '-')
        return false;
    *v = x;
    return true;
}

typedef struct repro_args {
    bool has_element;
    uint64_t element;
    const char *export_dir;
} repro_args;

enum { OPT_ELEMENT = SCT_RUN_EXTRA_ID, OPT_EXPORT };

static const sct_option k_repro_opts[] = {
    {"element", SCT_OPT_VALUE, OPT_ELEMENT},
    {"export", SCT_OPT_VALUE, OPT_EXPORT},
    SCT_OPTION_END,
};

static bool take_repro_option(void *user, const sct_option_hit *hit)
{
    repro_args *a = user;
    if (hit->opt->id == OPT_EXPORT) {
        a->export_dir = hit->value;
        return true;
    }
    if (!parse_index(hit->value, &a->element)) {
        fprintf(stderr, "sonnx-cts repro: --element needs an index, not '%s'\n",
                hit->value);
        return false;
    }
    a->has_element = true;
    return true;
}

/* Compares every element, prints the lines asked for; returns whether the
 * case (or the element) matches and the index to export in *pick. */
static bool compare_elements(const sct_case *c, const sct_case_data *d,
                             const sonnx_tensor *out, const sct_run_config *cfg,
                             const repro_args *a, uint64_t *pick)
{
    sct_compare_opts opts = {c->max_ulp, cfg->strict_nan};
    sct_bcast_iter it;
    uint64_t n = 1, shown = 0, mismatches = 0;
    bool element_match = true, picked = false;
    for (int32_t j = 0; j < out->rank; j++)
        n *= (uint64_t)out->dims[j];
    *pick = a->has_element ? a->element : 0;
    if (!sct_bcast_init(&it, out->rank, out->dims, d->n_inputs, d->inputs)) {
        fprintf(stderr, "sonnx-cts repro: %s: inputs do not broadcast to the output\n",
                c->id);
        return false;
    }
    sct_repro_legend(stdout);
    for (uint64_t i = 0; i < n; i++, sct_bcast_next(&it)) {
        sct_elem_ctx ctx = {.op = sct_op_id_of(c->op_type),
                            .out_type = out->elem_type, .n_inputs = d->n_inputs};
        for (size_t k = 0; k < d->n_inputs && k < SCT_MAX_INPUTS; k++) {
            ctx.in_types[k] = d->inputs[k].elem_type;
            ctx.in_bits[k] = sct_elem_bits(&d->inputs[k], it.offset[k]);
        }
        ctx.expected_bits = sct_elem_bits(&d->expected[0], i);
        ctx.actual_bits = sct_elem_bits(out, i);
        sct_elem_result r = sct_compare_elem(&ctx, &opts);
        mismatches += !r.match;
        if (!r.match && !picked && !a->has_element) {
            *pick = i;
            picked = true;
        }
        if (a->has_element ? i == a->element : (!r.match && shown < cfg->max_errors)) {
            sct_repro_line(stdout, c->op_type, i, &ctx, &r);
            shown++;
        }
        if (a->has_element && i == a->element)
            element_match = r.match;
    }
    if (a->has_element && a->element >= n) {
        fprintf(stderr, "sonnx-cts repro: %s: element %llu is outside its output "
                "(%llu elements)\n", c->id, (unsigned long long)a->element,
                (unsigned long long)n);
        return false;
    }
    printf("%llu elements, %llu mismatching%s\n", (unsigned long long)n,
           (unsigned long long)mismatches,
           !a->has_element && mismatches > shown ? " (first ones shown: --max-errors)" : "");
    const char *why;
    sct_verdict v = sct_case_verdict(SCT_EXPECT_VALUES, SCT_EXEC_OK, mismatches == 0, &why);
    printf("case verdict: %s\n", sct_verdict_name(v));
    return a->has_element ? element_match : mismatches == 0;
}

/* Runs the case; 0 conforms, 1 does not, 2 error. */
static int repro_case(const sct_vector_set *set, const sct_case *c, sct_backend *b,
                      const sct_run_config *cfg, const repro_args *a)
{
    char err[1024];
    sct_case_data data;
    memset(&data, 0, sizeof data);
    if (sct_case_load(set, c, &data, err, sizeof err) != 0) {
        fprintf(stderr, "sonnx-cts repro: %s\n", err);
        return SCT_EXIT_USAGE;
    }
    const sct_backend_identity *id = sct_backend_identity_of(b);
    printf("repro: %s (%s opset %d, expectation %s, tolerance %u ULP) on %s %s [%s]\n",
           c->id, c->op_type, c->opset, c->expectation == SCT_EXPECT_VALUES ? "values"
           : c->expectation == SCT_EXPECT_NO_CRASH ? "no-crash" : "reject", c->max_ulp,
           id->runtime_name, id->runtime_version, id->plugin_path);
    sonnx_op op = sct_case_op(c, cfg->profile);
    int32_t in_types[SCT_MAX_INPUTS] = {0};
    for (size_t k = 0; k < c->n_inputs && k < SCT_MAX_INPUTS; k++)
        in_types[k] = c->inputs[k].elem_type;
    sonnx_tensor outs[SCT_MAX_OUTPUTS];
    memset(outs, 0, sizeof outs);
    int rc = SCT_EXIT_USAGE;
    sct_exec_result r = sct_backend_query(b, &op, in_types, c->n_inputs);
    if (r.status == SCT_EXEC_OK) {
        if (sct_make_outputs(c, outs, err, sizeof err) != 0) {
            fprintf(stderr, "sonnx-cts repro: %s: %s\n", c->id, err);
            goto done;
        }
        r = sct_backend_run(b, &op, data.inputs, data.n_inputs, outs, c->n_outputs);
    }
    printf("exec status: %s%s%s\n", sct_exec_status_name(r.status),
           r.message[0] ? ": " : "", r.message);
    uint64_t pick = a->has_element ? a->element : 0;
    if (r.status == SCT_EXEC_OK && c->expectation == SCT_EXPECT_VALUES &&
        data.n_expected > 0) {
        rc = compare_elements(c, &data, &outs[0], cfg, a, &pick) ? SCT_EXIT_OK
                                                                  : SCT_EXIT_NONCONFORMING;
    } else {
        const char *why;
        sct_verdict v = sct_case_verdict(c->expectation, r.status, false, &why);
        printf("case verdict: %s%s%s\n", sct_verdict_name(v), why[0] ? ": " : "", why);
        rc = v == SCT_VERDICT_PASS ? SCT_EXIT_OK : SCT_EXIT_NONCONFORMING;
    }
    if (a->export_dir != NULL) {
        if (sct_export_element(a->export_dir, set, c, &data, pick, err, sizeof err) != 0) {
            fprintf(stderr, "sonnx-cts repro: --export: %s\n", err);
            rc = SCT_EXIT_USAGE;
        } else {
            char name[512];
            sct_export_name(c->id, pick, name, sizeof name);
            printf("exported element %llu to %s/%s (run it: sonnx-cts run --vectors %s)\n",
                   (unsigned long long)pick, a->export_dir, name, a->export_dir);
        }
    }
done:
    sct_free_outputs(outs, c->n_outputs);
    sct_case_data_free(&data);
    return rc;
}

int sct_cmd_repro(int argc, char **argv)
{
    repro_args a = {0};
    sct_run_config cfg;
    bool profile_given;
    sct_run_extra extra = {.options = k_repro_opts, .take = take_repro_option, .user = &a};
    sct_parse_outcome p = sct_parse_run_options("repro", argc, argv, true, &extra, &cfg,
                                                &profile_given);
    if (p == SCT_PARSE_HELP)
        repro_usage(stdout);
    if (p != SCT_PARSE_OK)
        return p == SCT_PARSE_HELP ? SCT_EXIT_OK : SCT_EXIT_USAGE;
    if (cfg.filter.n_cases != 1 || strpbrk(cfg.filter.cases[0], "*?[") != NULL) {
        fprintf(stderr, "sonnx-cts repro: give exactly one --case ID (no glob)\n");
        return SCT_EXIT_USAGE;
    }
    char err[1024];
    sct_vector_set set;
    memset(&set, 0, sizeof set);
    if (sct_vector_set_open(cfg.vectors_dir, &set, err, sizeof err) != 0) {
        fprintf(stderr, "sonnx-cts repro: %s\n", err);
        return SCT_EXIT_USAGE;
    }
    sct_case_walk walk = sct_case_walk_begin(&set, &cfg.filter, sct_shard_whole());
    const sct_case *c = sct_case_walk_next(&walk);
    int rc = SCT_EXIT_USAGE;
    if (c == NULL) {
        fprintf(stderr, "sonnx-cts repro: no case '%s' in profile %s of %s\n",
                cfg.filter.cases[0], cfg.profile, set.root);
    } else if (c->error != NULL) {
        fprintf(stderr, "sonnx-cts repro: %s: unusable: %s\n", c->id, c->error);
    } else {
        sct_backend *b = sct_open_run_backend(&cfg, set.root, err, sizeof err);
        if (b == NULL) {
            fprintf(stderr, "sonnx-cts repro: %s\n", err);
        } else {
            rc = repro_case(&set, c, b, &cfg, &a);
            sct_backend_close(b);
        }
    }
    sct_vector_set_free(&set);
    return rc;
}
