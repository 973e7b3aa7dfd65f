/*
 * render_outputs.c — JSON report -> HTML / Markdown (render_outputs.h).
 */
#include "sct/render/render_outputs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

static bool holds_vector_set(const char *dir)
{
    char *a = sct_render_printf("%s/requirements.json", dir);
    char *b = sct_render_printf("%s/manifest.json", dir);
    bool ok = access(a, R_OK) == 0 || access(b, R_OK) == 0;
    free(a);
    free(b);
    return ok;
}

/* The vectors directory the JSON names, found (render_outputs.h): as
 * recorded, else against the JSON's directory and its parents; when none
 * holds a vector set, as recorded (the warning then names it). */
static char *find_vectors_dir(const char *json_path, const char *recorded)
{
    if (recorded[0] == '\0' || recorded[0] == '/' || holds_vector_set(recorded))
        return sct_render_strdup(recorded);
    char *json_abs = realpath(json_path, NULL);
    if (json_abs == NULL)
        return sct_render_strdup(recorded);
    char *found = NULL;
    char *slash;
    while (found == NULL && (slash = strrchr(json_abs, '/')) != NULL) {
        *slash = '\0'; /* the parent directory ("" for "/") */
        char *cand = sct_render_printf("%s/%s", json_abs, recorded);
        if (holds_vector_set(cand))
            found = cand;
        else
            free(cand);
    }
    free(json_abs);
    return found != NULL ? found : sct_render_strdup(recorded);
}

/* *text starting with "<found>/": the same with the recorded directory. */
static void show_as_recorded(char **text, const char *found, const char *recorded)
{
    size_t n = strlen(found);
    char *t = *text;
    if (t != NULL && strncmp(t, found, n) == 0 && t[n] == '/') {
        *text = sct_render_printf("%s%s", recorded, t + n);
        free(t);
    }
}

int sct_render_outputs(const sct_render_request *req, char *err, size_t err_cap)
{
    sct_render_doc doc;
    if (sct_render_load_run(&doc, req->json_path, req->profile, err, err_cap) != 0)
        return 1;
    char *vectors = find_vectors_dir(req->json_path, doc.vectors_dir);
    /* A sweep's pairs come from no vector set: there is no catalogue to
     * miss unless one is named; its cases list the requirements they cite. */
    if (req->requirements_path != NULL || !doc.no_vector_set) {
        char *cat = req->requirements_path
                        ? sct_render_strdup(req->requirements_path)
                        : sct_render_printf("%s/requirements.json", vectors);
        sct_render_load_catalogue(&doc, cat);
        free(cat);
    }
    char *notes = spec_notes_path(req, vectors);
    sct_render_load_notes(&doc, notes);
    free(notes);
    /* Found away from the working directory: the page names the files as
     * the JSON names them (vectors_dir-relative), so that it reads the same
     * from wherever it was rendered. */
    if (strcmp(vectors, doc.vectors_dir) != 0) {
        show_as_recorded(&doc.catalogue_path, vectors, doc.vectors_dir);
        show_as_recorded(&doc.notes_path, vectors, doc.vectors_dir);
        for (size_t i = 0; i < doc.n_identity; i++)
            show_as_recorded(&doc.identity[i].value, vectors, doc.vectors_dir);
    }
    free(vectors);
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
    for (size_t i = 0; req->warn != NULL && i < doc.n_warnings; i++)
        req->warn(req->warn_user, doc.warnings[i]);
    if (req->n_warnings != NULL)
        *req->n_warnings = doc.n_warnings;
    sct_render_doc_free(&doc);
    return rc;
}
