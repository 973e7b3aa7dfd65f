/*
 * render_load.h — building the render model from a run's JSON report.
 */
#ifndef SCT_REPORT_RENDER_LOAD_H
#define SCT_REPORT_RENDER_LOAD_H

#include <stdbool.h>
#include <stddef.h>

#include "sct/render/render_model.h"

/* Reads `json_path` into `doc` (initialised here): a run report (schema
 * "sonnx-cts-run"), or a conformance record (schema
 * "sonnx-cts-conformance": the run reports of one certification keyed by
 * profile under "runs", plus the certified library's path, sha256 and
 * source), of which the run of `profile` is rendered (NULL: "sonnx" if
 * present, else the only run) with the library added to the identity.
 * Returns 0 (problems that leave a usable report are warnings in
 * doc->warnings), or -1 with `err` when the file is unreadable, not JSON,
 * of another schema, or lacks the profile; `doc` then needs no free.
 * Release a loaded doc with sct_render_doc_free (render_model.h, defined
 * in render_load.c with the loader that builds the doc). */
int sct_render_load_run(sct_render_doc *doc, const char *json_path,
                        const char *profile, char *err, size_t err_cap);

#endif /* SCT_REPORT_RENDER_LOAD_H */
