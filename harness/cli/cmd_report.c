/*
 * cmd_report.c — `sonnx-cts report RUN.json --html OUT.html --md OUT.md`:
 * renders a run's JSON report as the HTML and/or Markdown conformance
 * report (docs/reports.md).  `run --html/--md` calls the same code
 * (sct_render_outputs) on the JSON it has just written.
 *
 * Exit status: 0 when the requested files were written (whatever the run's
 * verdict: the verdict is in the report, and in `run`'s exit status),
 * 2 on usage or input errors.
 */
#include <stdio.h>

#include "install_layout.h"
#include "render_option.h"
#include "sct/render/render_outputs.h"
#include "subcommands.h"

static void report_usage(FILE *out)
{
    fputs("usage: sonnx-cts report RUN.json [--html OUT.html] [--md OUT.md]\n"
          "                        [--requirements FILE] [--spec-notes FILE]\n"
          "                        [--profile onnx|sonnx]\n"
          "\n"
          "Renders the JSON report of a run (sonnx-cts run --json) as a\n"
          "conformance report: one self-contained HTML file (verdict matrix,\n"
          "requirement traceability, ULP histograms, per-case mismatches, spec\n"
          "notes) and/or Markdown with the same content minus the plots.\n"
          "\n"
          "  --html FILE          write the HTML report\n"
          "  --md FILE            write the Markdown report\n"
          "  --md-summary FILE    write a short Markdown summary for pull-request\n"
          "                       comments (verdict, matrix, requirement coverage,\n"
          "                       first non-passing cases; under 64 KiB)\n"
          "  --requirements FILE  requirement catalogue (default: requirements.json\n"
          "                       in the vectors directory recorded in RUN.json)\n"
          "  --spec-notes FILE    spec notes (default: ../docs/spec-notes.md beside\n"
          "                       that vectors directory, else the installed one\n"
          "                       (the source tree's from a build tree))\n"
          "  --profile P          RUN.json may also be a conformance record (schema\n"
          "                       sonnx-cts-conformance: runs by profile + the\n"
          "                       certified library): render its run of profile P\n"
          "                       (default sonnx); for a run report, checks its profile\n"
          "  -h, --help           this help\n"
          "\n"
          "At least one of --html, --md and --md-summary is required.  A relative\n"
          "vectors directory in RUN.json is looked up from here, then from RUN.json's\n"
          "directory and its parents.  Exit status: 0 written; 2 usage or input\n"
          "error, or written but an input could not be read (each named on stderr\n"
          "as a warning, and in the report); the run's own verdict is inside the\n"
          "report.\n",
          out);
}

static void warn_line(void *user, const char *message)
{
    (void)user;
    fprintf(stderr, "sonnx-cts report: warning: %s\n", message);
}

enum { OPT_PROFILE = 1 };

static const sct_option k_report_opts[] = {
    {"profile", SCT_OPT_VALUE, OPT_PROFILE},
    SCT_OPTION_END,
};

static bool take_report_option(void *user, const sct_option_hit *hit)
{
    sct_render_request *req = user;
    const char **slot = sct_render_option_slot(req, hit->opt->id);
    if (slot == NULL && !sct_profile_option(hit))
        return false;
    *(slot != NULL ? slot : &req->profile) = hit->value;
    return true;
}

static bool take_json(void *user, const char *cmd, const char *path)
{
    sct_render_request *req = user;
    if (req->json_path != NULL) {
        fprintf(stderr, "sonnx-cts %s: one JSON report only (got '%s' and '%s'); to "
                "combine shards use `sonnx-cts merge`\n", cmd, req->json_path, path);
        return false;
    }
    req->json_path = path;
    return true;
}

int sct_cmd_report(int argc, char **argv)
{
    sct_render_request req = {.default_spec_notes_path = sct_default_spec_notes()};
    const sct_option *const tables[] = {sct_render_options, k_report_opts, NULL};
    sct_option_spec spec = {.cmd = "report", .tables = tables,
                            .on_option = take_report_option, .on_operand = take_json,
                            .user = &req};
    int rc = sct_parse_command_line(&spec, argc, argv, report_usage);
    if (rc >= 0)
        return rc;
    if (req.json_path == NULL ||
        (req.html_path == NULL && req.md_path == NULL && req.md_summary_path == NULL)) {
        fputs("sonnx-cts report: need RUN.json and at least one of --html, --md, "
              "--md-summary; see sonnx-cts report --help\n", stderr);
        return SCT_EXIT_USAGE;
    }
    /* The files to write before anything is read (docs/cli.md). */
    if (!sct_render_outputs_writable("report", &req))
        return SCT_EXIT_USAGE;
    char err[1024];
    size_t n_warnings = 0;
    req.warn = warn_line;
    req.n_warnings = &n_warnings;
    if (sct_render_outputs(&req, err, sizeof err) != 0) {
        fprintf(stderr, "sonnx-cts report: %s\n", err);
        return SCT_EXIT_USAGE;
    }
    /* Written, but something could not be read (the catalogue, the notes,
     * a case): the report is incomplete, and says so; so does the exit. */
    return n_warnings > 0 ? SCT_EXIT_USAGE : SCT_EXIT_OK;
}
