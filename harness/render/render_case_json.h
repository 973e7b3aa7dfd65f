/*
 * render_case_json.h — one case of a run's JSON report, from its parsed
 * cJSON object into an sct_render_case (render_model.h), plus the two
 * member readers the rest of the loading shares.  Internal to the report
 * module: render_load.c is the one caller of the case functions.
 */
#ifndef SCT_REPORT_RENDER_CASE_JSON_H
#define SCT_REPORT_RENDER_CASE_JSON_H

#include <stdbool.h>
#include <stddef.h>

#include <cjson/cJSON.h>

#include "sct/render/render_model.h"

/* String member `name` of `obj`, else `dflt` (also for a NULL `obj`). */
const char *sct_render_str_or(const cJSON *obj, const char *name, const char *dflt);

/* Integer member `name` of `obj` as decimal text (exact to 64 bits), else
 * ""; caller frees. */
char *sct_render_u64_text(const cJSON *obj, const char *name);

/* The stand-in of a case element that cannot be used: ERROR, and the
 * message says which element and why. */
void sct_render_broken_case(sct_render_case *c, size_t pos, const char *why,
                            const char *op, const char *types);

/* Case `pos` from its JSON object into `c`; warnings go to `doc` (NULL:
 * none).  false: not an object (a stand-in says so). */
bool sct_render_build_case(sct_render_doc *doc, const cJSON *o, size_t pos,
                           sct_render_case *c);

/* A case warning while loading; nothing when `doc` is NULL (a case read
 * again while rendering: it was warned about when loaded).  Defined in
 * render_load.c: the cap on case warnings is counted in its case store. */
void sct_render_case_warn(sct_render_doc *doc, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#endif /* SCT_REPORT_RENDER_CASE_JSON_H */
