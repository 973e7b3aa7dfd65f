/*
 * render_outputs.c — JSON report -> HTML / Markdown (render_outputs.h).
 */
#include "sct/render/render_outputs.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "html_report.h"
#include "markdown_report.h"
#include "markdown_summary.h"
#include "render_load.h"
#include "sct/render/render_sources.h"

/* The spec notes the reports cite (render_outputs.h says the order).  The
 * last resort is the caller's: a library compiled into an installed
 * command holds no path of the machine that built it. */
static char *spec_notes_path(const sct_render_request *req, const char *vectors_dir)
{
    if (req->spec_notes_path)
        return sct_render_strdup(req->spec_notes_path);
    char *beside = sct_render_printf("%s/../docs/spec-notes.md", vectors_dir);
    if (access(beside, R_OK) == 0 || req->default_spec_notes_path == NULL)
        return beside; /* missing: the report's warning names where it looked */
    free(beside);
    return sct_render_strdup(req->default_spec_notes_path);
}

int sct_render_outputs(const sct_render_request *req, char *err, size_t err_cap)
{
    sct_render_doc doc;
    if (sct_render_load_run(&doc, req->json_path, req->profile, err, err_cap) != 0)
        return 1;
    char *cat = req->requirements_path
                    ? sct_render_strdup(req->requirements_path)
                    : sct_render_printf("%s/requirements.json", doc.vectors_dir);
    sct_render_load_catalogue(&doc, cat);
    free(cat);
    char *notes = spec_notes_path(req, doc.vectors_dir);
    sct_render_load_notes(&doc, notes);
    free(notes);
    int rc = 0;
    if (req->html_path && sct_html_write_file(req->html_path, &doc, err, err_cap) != 0)
        rc = 1;
    if (rc == 0 && req->md_path &&
        sct_markdown_write_file(req->md_path, &doc, err, err_cap) != 0)
        rc = 1;
    if (rc == 0 && req->md_summary_path &&
        sct_markdown_summary_write_file(req->md_summary_path, &doc, err, err_cap) != 0)
        rc = 1;
    /* A case that read well when loaded but not when rendered: the file
     * changed meanwhile, and the reports mix two versions of it.  They show
     * such cases as ERROR; the command must not report success. */
    char why[256];
    size_t bad = sct_render_doc_reread_failures(&doc, why, sizeof why);
    if (rc == 0 && bad > 0) {
        snprintf(err, err_cap, "%s: %zu case(s) could not be read again while "
                 "rendering (first: %s); the reports written show them as ERROR",
                 req->json_path, bad, why);
        rc = 1;
    }
    sct_render_doc_free(&doc);
    return rc;
}
