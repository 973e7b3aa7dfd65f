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
#include <string.h>

#include "sct/render/compare_model.h"
#include "sct/render/compare_render.h"
#include "sct/render/render_atomic_write.h"
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

int sct_cmd_compare(int argc, char **argv)
{
    const char **paths = calloc((size_t)argc, sizeof *paths);
    const char **labels = calloc((size_t)argc, sizeof *labels);
    const char **htmls = calloc((size_t)argc, sizeof *htmls);
    const char *md = NULL, *html = NULL, *profile = NULL;
    size_t n = 0, n_labels = 0, n_htmls = 0;
    int rc = SCT_EXIT_USAGE;
    if (paths == NULL || labels == NULL || htmls == NULL) {
        fputs("sonnx-cts compare: out of memory\n", stderr);
        goto done;
    }
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char **slot = NULL;
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            compare_usage(stdout);
            rc = SCT_EXIT_OK;
            goto done;
        } else if (strcmp(a, "--md") == 0) {
            slot = &md;
        } else if (strcmp(a, "--html") == 0) {
            slot = &html;
        } else if (strcmp(a, "--profile") == 0) {
            slot = &profile;
        } else if (strcmp(a, "--label") == 0) {
            slot = &labels[n_labels++];
        } else if (strcmp(a, "--report-html") == 0) {
            slot = &htmls[n_htmls++];
        } else if (a[0] == '-' && a[1] != '\0') {
            fprintf(stderr, "sonnx-cts compare: unknown option '%s'; see "
                    "sonnx-cts compare --help\n", a);
            goto done;
        } else {
            paths[n++] = a;
            continue;
        }
        if (i + 1 >= argc) {
            fprintf(stderr, "sonnx-cts compare: %s needs a value; see sonnx-cts "
                    "compare --help\n", a);
            goto done;
        }
        *slot = argv[++i];
    }
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
    sct_compare cmp;
    char err[1024];
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
