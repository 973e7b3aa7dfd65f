/*
 * cmd_merge.c — `sonnx-cts merge A.json B.json ... --json OUT.json
 * [--html OUT.html] [--md OUT.md]`: combines the JSON reports of the shards
 * of one run (`run --shard I/N`) into the report of the whole run, refusing
 * shards of different runs (merge.h lists the checks; docs/reports.md the
 * fields that differ from an unsharded run).
 *
 * Exit status: like `run` on the merged cases (0 conforms, 1
 * non-conformant, 2 error cases), so CI can gate on the merge step; 2 on
 * usage errors and refused merges.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sct/merge/merge.h"
#include "sct/merge/merge_extensions.h"
#include "merge_sweep.h"
#include "install_layout.h"
#include "render_option.h"
#include "sct/render/render_outputs.h"
#include "sct/text/atomic_file.h"
#include "sct/writers/report_writers.h"
#include "run_identity.h"
#include "sct/results/run_summary.h"
#include "subcommands.h"

static void merge_usage(FILE *out)
{
    fputs("usage: sonnx-cts merge SHARD.json... --json OUT.json [--html OUT.html]\n"
          "                       [--md OUT.md] [--requirements FILE] [--spec-notes FILE]\n"
          "\n"
          "Combines the JSON reports of the N shards of one run (`run --shard I/N`)\n"
          "into the JSON report of the whole run: cases in the unsharded order,\n"
          "summary and groups recomputed.  Refuses reports of different vector sets,\n"
          "profiles, implementations, harness versions or options, and missing,\n"
          "duplicated or overlapping shards.\n"
          "The shards of one sweep (`sweep --shard I/N`) become the report of the\n"
          "unsharded sweep (one case: counts, histogram, first mismatches, verdict);\n"
          "their pair ranges must tile the sweep without gap or overlap.\n"
          "\n"
          "  --json FILE          the merged JSON report (required)\n"
          "  --html FILE          also render it as HTML (as `sonnx-cts report`)\n"
          "  --md FILE            also render it as Markdown\n"
          "  --md-summary FILE    and as a short Markdown summary (PR comments)\n"
          "  --requirements FILE  requirement catalogue for --html/--md\n"
          "  --spec-notes FILE    spec notes for --html/--md\n"
          "  -h, --help           this help\n"
          "\n"
          "Exit status: 0 the merged run conforms, 1 non-conformant, 2 usage error,\n"
          "refused merge, or error cases in the merged run.\n", out);
}

enum { OPT_JSON = 1 };

static const sct_option k_merge_opts[] = {
    {"json", SCT_OPT_VALUE, OPT_JSON},
    SCT_OPTION_END,
};

typedef struct merge_args {
    sct_render_request req;
    const char **inputs;
    size_t n_inputs;
    const char *json_out;
} merge_args;

static bool take_merge_option(void *user, const sct_option_hit *hit)
{
    merge_args *m = user;
    const char **slot = sct_render_option_slot(&m->req, hit->opt->id);
    *(slot != NULL ? slot : &m->json_out) = hit->value;
    return true;
}

static bool take_shard_report(void *user, const char *cmd, const char *path)
{
    (void)cmd;
    merge_args *m = user;
    m->inputs[m->n_inputs++] = path;
    return true;
}

int sct_cmd_merge(int argc, char **argv)
{
    merge_args m = {.req = {.default_spec_notes_path = sct_default_spec_notes()},
                    .inputs = calloc((size_t)argc + 1u, sizeof *m.inputs)};
    if (m.inputs == NULL) {
        fputs("sonnx-cts merge: out of memory\n", stderr);
        return SCT_EXIT_USAGE;
    }
    const sct_option *const tables[] = {k_merge_opts, sct_render_options, NULL};
    sct_option_spec spec = {.cmd = "merge", .tables = tables, .on_option = take_merge_option,
                            .on_operand = take_shard_report, .user = &m};
    int rc = sct_parse_command_line(&spec, argc, argv, merge_usage);
    if (rc < 0 && (m.n_inputs == 0 || m.json_out == NULL)) {
        fputs("sonnx-cts merge: need at least one shard report and --json FILE; see "
              "sonnx-cts merge --help\n", stderr);
        rc = SCT_EXIT_USAGE;
    }
    /* Every report path before any shard is read (docs/cli.md). */
    char err[4400];
    if (rc < 0 && sct_output_path_check("--json", m.json_out, err, sizeof err) != 0) {
        fprintf(stderr, "sonnx-cts merge: %s\n", err);
        rc = SCT_EXIT_USAGE;
    }
    if (rc < 0 && !sct_render_outputs_writable("merge", &m.req))
        rc = SCT_EXIT_USAGE;
    if (rc >= 0) {
        free(m.inputs);
        return rc;
    }
    sct_render_request req = m.req;
    const char **inputs = m.inputs, *json_out = m.json_out;
    size_t n_inputs = m.n_inputs;

    /* The merged report's command line is this merge's ("sonnx-cts merge ..."). */
    char **full = calloc((size_t)argc + 1u, sizeof *full);
    char *cmdline = NULL;
    if (full != NULL) {
        full[0] = "sonnx-cts";
        for (int i = 0; i < argc; i++)
            full[i + 1] = argv[i];
        cmdline = sct_join_command_line(argc + 1, full);
        free(full);
    }
    sct_run_report merged;
    int how = 1; /* 1: a run's shards */
#ifdef SCT_HAVE_SWEEP
    /* A sweep's shards: one case equal to the unsharded sweep's. */
    how = sct_merge_sweep_reports(inputs, n_inputs, cmdline ? cmdline : "sonnx-cts merge",
                                  json_out, &merged, err, sizeof err);
#endif
    if (how < 0 || (how == 1 && sct_merge_reports(inputs, n_inputs,
                                                  cmdline ? cmdline : "sonnx-cts merge",
                                                  &merged, err, sizeof err) != 0)) {
        fprintf(stderr, "sonnx-cts merge: refused: %s\n", err);
        free(cmdline);
        free(inputs);
        return SCT_EXIT_USAGE;
    }
    free(cmdline);
    /* Runs: case members the report model does not know (extensions, a
     * "sweep" object in a run report) are carried over from the shards, not
     * dropped: added to each case as the writer streams it.  A sweep merge
     * wrote its report already. */
    sct_merge_carry *carry = NULL;
    if (how == 1 &&
        (sct_merge_carry_open(inputs, n_inputs, &carry, err, sizeof err) != 0 ||
         sct_write_json_file_hooked(json_out, &merged, sct_merge_carry_case, carry, err,
                                    sizeof err) != 0)) {
        fprintf(stderr, "sonnx-cts merge: %s\n", err);
        sct_merge_carry_close(carry);
        sct_run_report_free(&merged);
        free(inputs);
        return SCT_EXIT_USAGE;
    }
    sct_merge_carry_close(carry);
    free(inputs);
    rc = SCT_EXIT_OK;
    if (req.html_path || req.md_path || req.md_summary_path) {
        req.json_path = json_out;
        if (sct_render_outputs(&req, err, sizeof err) != 0) {
            fprintf(stderr, "sonnx-cts merge: %s\n", err);
            rc = SCT_EXIT_USAGE;
        }
    }
    sct_run_summary s;
    if (rc == SCT_EXIT_OK) {
        if (sct_run_summary_build(&merged, &s, err, sizeof err) != 0) {
            fprintf(stderr, "sonnx-cts merge: %s\n", err);
            rc = SCT_EXIT_USAGE;
        } else {
            fprintf(stderr, "sonnx-cts merge: %zu cases from %u shards: %s\n",
                    merged.n_cases, merged.merged_from, sct_overall_name(s.overall));
            rc = sct_overall_exit_code(s.overall);
            sct_run_summary_free(&s);
        }
    }
    sct_run_report_free(&merged);
    return rc;
}
