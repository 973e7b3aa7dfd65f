/*
 * render_sources.h — the two documents a report cites besides the run's
 * JSON: the requirement catalogue and the spec notes.
 */
#ifndef SCT_RENDER_RENDER_SOURCES_H
#define SCT_RENDER_RENDER_SOURCES_H

#include "sct/render/render_model.h"

/* Reads vectors/requirements.json (docs/vector-format.md): a JSON array of
 * requirement objects, or an object whose "requirements" member is one.
 * Each needs "id"; the statement is taken from "text" (or "statement",
 * "title", "summary", "description"), the source from "source"/"document"
 * plus "section"/"clause".  Fills doc->reqs and sets catalogue_loaded; on
 * any problem adds a warning (the report then shows every requirement as
 * "not in catalogue" rather than inventing gaps).  Returns 0 or -1. */
int sct_render_load_catalogue(sct_render_doc *doc, const char *path);

/* Reads docs/spec-notes.md: every markdown heading that contains an id of
 * the form SN-<digits> starts a note, which runs to the next heading of the
 * same or a higher level.  Fills doc->notes.  Returns 0 or -1 (warning). */
int sct_render_load_notes(sct_render_doc *doc, const char *path);

/* Adds an identity row "<label>" = "<path> (sha256 <hex>)" for an input
 * file that was read (text, len), so a signed report names the exact
 * catalogue and notes it shows. */
void sct_render_identify_input(sct_render_doc *doc, const char *label,
                               const char *path, const char *text, size_t len);

/* Reads a whole file into a NUL-terminated buffer (caller frees); NULL on
 * error. */
char *sct_render_read_file(const char *path, size_t *len);

#endif /* SCT_RENDER_RENDER_SOURCES_H */
