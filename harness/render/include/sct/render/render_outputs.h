/*
 * render_outputs.h — the one entry point behind `sonnx-cts report` and
 * `run --html/--md`: JSON report in, HTML and/or Markdown out.  Both
 * subcommands call this with the JSON file, so the two ways of getting a
 * report give byte-identical files.
 */
#ifndef SCT_RENDER_RENDER_OUTPUTS_H
#define SCT_RENDER_RENDER_OUTPUTS_H

#include <stddef.h>

typedef struct sct_render_request {
    const char *json_path;      /* the run's JSON report, or a conformance
                                   record holding runs by profile (required) */
    const char *profile;        /* conformance record: the run to render
                                   (NULL: "sonnx" if present); a run report:
                                   NULL, or its profile (checked) */
    const char *html_path;      /* NULL: no HTML */
    const char *md_path;        /* NULL: no Markdown */
    const char *md_summary_path; /* NULL: no short Markdown summary
                                    (markdown_summary.h) */
    /* NULL: <vectors_dir of the JSON identity>/requirements.json; a
     * relative vectors_dir is looked up as recorded (from the working
     * directory), then against the JSON's own directory and each of its
     * parents (a record in docs/conformance/ of a checkout finds the
     * checkout's vectors/ from anywhere), the first that holds a
     * requirements.json or manifest.json */
    const char *requirements_path;
    /* NULL: <vectors_dir>/../docs/spec-notes.md when it exists, else
     * default_spec_notes_path */
    const char *spec_notes_path;
    /* The caller's fallback for the spec notes: the command's installed
     * share/sonnx-cts/docs/spec-notes.md, or the source tree's when it runs
     * from its build tree (harness/cli/install_layout.h).  NULL: none, the
     * report then warns that <vectors_dir>/../docs/spec-notes.md is
     * missing. */
    const char *default_spec_notes_path;
    /* Called with every problem met reading the inputs (the catalogue or
     * notes missing, a case unreadable...: also shown in the reports),
     * "FILE: what: why"; NULL: not told.  *n_warnings (when not NULL)
     * receives their number. */
    void (*warn)(void *user, const char *message);
    void *warn_user;
    size_t *n_warnings;
} sct_render_request;

/* 0, or non-zero with `err` (file and reason). */
int sct_render_outputs(const sct_render_request *req, char *err, size_t err_cap);

#endif /* SCT_RENDER_RENDER_OUTPUTS_H */
