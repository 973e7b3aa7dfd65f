/*
 * cmd_compare.c — `sonnx-cts compare REPORT.json... --md OUT.md --html
 * OUT.html`: one matrix across runtimes (issue 17), from their JSON reports
 * or conformance records (compare_model.h), as Markdown and/or one
 * self-contained HTML file (compare_render.h).
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
    fputs("usage: sonnx-cts compare REPORT.json... [--label NAME]... [--profile P]\n"
          "                         [--md OUT.md] [--html OUT.html]\n"
          "\n"
          "One matrix across runtimes: rows (op, types), a column per report\n"
          "with the group verdict, cases passed/failed/unsupported, max ULP and\n"
          "the deviation classes; the rows where the runtimes differ first.\n"
          "\n"
          "  REPORT.json    a run report (sonnx-cts run --json) or a conformance\n"
          "                 record (docs/conformance/*.json; its run of --profile)\n"
          "  --label NAME   column name of the next report, in order (default:\n"
          "                 the file name)\n"
          "  --profile P    the profile to take from records (default sonnx); run\n"
          "                 reports must have been run under it\n"
          "  --md FILE      write the Markdown matrix\n"
          "  --html FILE    write the HTML matrix (one self-contained file)\n"
          "  -h, --help     this help\n"
          "\n"
          "At least one report and one of --md, --html are required.  Exit\n"
          "status: 0 written, 2 usage or input error.\n",
          out);
}

int sct_cmd_compare(int argc, char **argv)
{
    const char **paths = calloc((size_t)argc, sizeof *paths);
    const char **labels = calloc((size_t)argc, sizeof *labels);
    const char *md = NULL, *html = NULL, *profile = NULL;
    size_t n = 0, n_labels = 0;
    int rc = SCT_EXIT_USAGE;
    if (paths == NULL || labels == NULL) {
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
        } else if (a[0] == '-' && a[1] != '\0') {
            fprintf(stderr, "sonnx-cts compare: unknown option '%s'\n\n", a);
            compare_usage(stderr);
            goto done;
        } else {
            paths[n++] = a;
            continue;
        }
        if (i + 1 >= argc) {
            fprintf(stderr, "sonnx-cts compare: %s needs a value\n", a);
            goto done;
        }
        *slot = argv[++i];
    }
    if (n == 0 || (md == NULL && html == NULL)) {
        fputs("sonnx-cts compare: need at least one REPORT.json and --md or "
              "--html\n\n", stderr);
        compare_usage(stderr);
        goto done;
    }
    if (n_labels > n) {
        fprintf(stderr, "sonnx-cts compare: %zu --label for %zu reports\n",
                n_labels, n);
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
    return rc;
}
