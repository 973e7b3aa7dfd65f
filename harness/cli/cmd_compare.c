/*
 * cmd_compare.c — `sonnx-cts compare REPORT.json... [--md OUT.md] [--html
 * OUT.html]`: one matrix across runtimes, from their JSON reports or
 * conformance records (compare_model.h), as Markdown and/or one
 * self-contained HTML file whose cells link to each runtime's report
 * (compare_render.h); without an output file, the Markdown on stdout.
 *
 * Exit status: 0 written, 2 usage or input error.
 */
#include <stdio.h>
#include <stdlib.h>

#include "sct/render/compare_model.h"
#include "sct/render/compare_render.h"
#include "sct/render/render_atomic_write.h"
#include "option_parse.h"
#include "sct/text/atomic_file.h"
#include "subcommands.h"

static void compare_usage(FILE *out)
{
    fputs("usage: sonnx-cts compare REPORT.json... [--label NAME]... [--profile onnx|sonnx]\n"
          "                         [--report-html FILE]... [--md FILE] [--html FILE]\n"
          "\n"
          "One matrix across runtimes: rows (op, types), a column per report\n"
          "with the group verdict, cases passed/failed/unsupported, max ULP and\n"
          "the deviation classes; the rows where the runtimes differ first.\n"
          "\n"
          "  REPORT.json    a run report (sonnx-cts run --json) or a conformance\n"
          "                 record (docs/conformance/*.json; its run of --profile)\n"
          "  --label NAME   column name of the next report, in order (default:\n"
          "                 the file name)\n"
          "  --profile onnx|sonnx  the profile to take from records (default\n"
          "                 sonnx); run reports must have been run under it\n"
          "  --report-html FILE  the HTML report of the next report, in order,\n"
          "                 that the cells of its column link to (default: X.json\n"
          "                 -> X-<profile>.html for a record, X.html for a run\n"
          "                 report, beside it; a missing one: warning, no links)\n"
          "  --md FILE      write the Markdown matrix\n"
          "  --html FILE    write the HTML matrix (one self-contained file; links\n"
          "                 relative to it)\n"
          "  -h, --help     this help\n"
          "\n"
          "Without --md and --html the Markdown matrix goes to stdout.  Exit\n"
          "status: 0 written, 2 usage or input error (a report's HTML that\n"
          "cannot be read for --html: a warning on stderr, exit 2).\n",
          out);
}

static void warn_line(void *user, const char *msg)
{
    fprintf(stderr, "sonnx-cts compare: warning: %s\n", msg);
    ++*(int *)user;
}

enum { OPT_MD = 1, OPT_HTML, OPT_PROFILE, OPT_LABEL, OPT_REPORT_HTML };

static const sct_option k_compare_opts[] = {
    {"md", SCT_OPT_VALUE, OPT_MD},
    {"html", SCT_OPT_VALUE, OPT_HTML},
    {"profile", SCT_OPT_VALUE, OPT_PROFILE},
    {"label", SCT_OPT_VALUE, OPT_LABEL},
    {"report-html", SCT_OPT_VALUE, OPT_REPORT_HTML},
    SCT_OPTION_END,
};

typedef struct compare_args {
    const char **paths, **labels, **htmls; /* argc slots each */
    const char *md, *html, *profile;
    size_t n, n_labels, n_htmls;
} compare_args;

static bool take_compare_option(void *user, const sct_option_hit *hit)
{
    compare_args *c = user;
    switch (hit->opt->id) {
    case OPT_MD: c->md = hit->value; break;
    case OPT_HTML: c->html = hit->value; break;
    case OPT_PROFILE:
        if (!sct_profile_option(hit))
            return false;
        c->profile = hit->value;
        break;
    case OPT_LABEL: c->labels[c->n_labels++] = hit->value; break;
    default: c->htmls[c->n_htmls++] = hit->value; break;
    }
    return true;
}

static bool take_report(void *user, const char *cmd, const char *path)
{
    (void)cmd;
    compare_args *c = user;
    c->paths[c->n++] = path;
    return true;
}

int sct_cmd_compare(int argc, char **argv)
{
    compare_args c = {.paths = calloc((size_t)argc, sizeof *c.paths),
                      .labels = calloc((size_t)argc, sizeof *c.labels),
                      .htmls = calloc((size_t)argc, sizeof *c.htmls)};
    const char **paths = c.paths, **labels = c.labels, **htmls = c.htmls;
    int rc = SCT_EXIT_USAGE;
    if (paths == NULL || labels == NULL || htmls == NULL) {
        fputs("sonnx-cts compare: out of memory\n", stderr);
        goto done;
    }
    const sct_option *const tables[] = {k_compare_opts, NULL};
    sct_option_spec spec = {.cmd = "compare", .tables = tables,
                            .on_option = take_compare_option, .on_operand = take_report,
                            .user = &c};
    if ((rc = sct_parse_command_line(&spec, argc, argv, compare_usage)) >= 0)
        goto done;
    rc = SCT_EXIT_USAGE;
    const char *md = c.md, *html = c.html, *profile = c.profile;
    size_t n = c.n, n_labels = c.n_labels, n_htmls = c.n_htmls;
    if (n == 0) {
        fputs("sonnx-cts compare: need at least one REPORT.json; see sonnx-cts "
              "compare --help\n", stderr);
        goto done;
    }
    if (n_labels > n || n_htmls > n) {
        fprintf(stderr, "sonnx-cts compare: %zu --label and %zu --report-html for "
                "%zu reports; see sonnx-cts compare --help\n", n_labels, n_htmls, n);
        goto done;
    }
    char err[4400];
    /* The files to write before any report is read (docs/cli.md). */
    if ((md && sct_output_path_check("--md", md, err, sizeof err) != 0) ||
        (html && sct_output_path_check("--html", html, err, sizeof err) != 0)) {
        fprintf(stderr, "sonnx-cts compare: %s\n", err);
        goto done;
    }
    sct_compare cmp;
    if (sct_compare_load(&cmp, paths, labels, n, profile, err, sizeof err) !=
        0) {
        fprintf(stderr, "sonnx-cts compare: %s\n", err);
        goto done;
    }
    rc = SCT_EXIT_OK;
    if (html != NULL) {
        int warned = 0;
        if (sct_compare_link_reports(&cmp, html, paths, htmls, warn_line, &warned) != 0) {
            fputs("sonnx-cts compare: out of memory\n", stderr);
            rc = SCT_EXIT_USAGE;
        } else if (warned > 0) {
            rc = SCT_EXIT_USAGE; /* written, but not every cell links */
        }
    }
    if (md == NULL && html == NULL && sct_compare_write_md(stdout, &cmp) != 0) {
        fputs("sonnx-cts compare: write error on stdout\n", stderr);
        rc = SCT_EXIT_USAGE;
    }
    if ((md && sct_write_file_atomic(md, sct_compare_write_md, &cmp, err,
                                     sizeof err) != 0) ||
        (html && sct_write_file_atomic(html, sct_compare_write_html, &cmp, err,
                                       sizeof err) != 0)) {
        fprintf(stderr, "sonnx-cts compare: %s\n", err);
        rc = SCT_EXIT_USAGE;
    }
    sct_compare_free(&cmp);
done:
    free(paths);
    free(labels);
    free(htmls);
    return rc;
}
