/*
 * render_json_scan.h — finding members in the raw text of one case
 * element of a JSON report without parsing it, for the brief reads and
 * id locations of render_load.c.  Internal to the report module.
 */
#ifndef SCT_REPORT_RENDER_JSON_SCAN_H
#define SCT_REPORT_RENDER_JSON_SCAN_H

#include <stdbool.h>
#include <stddef.h>

/* Finds the first occurrence (what cJSON's lookup finds) of each of the
 * `n_names` members in the element text: value bytes [at[k][0], at[k][1]).
 * false when the element is not an object or a member name has escapes
 * (then the whole element must be parsed).  The text must be JSON the
 * index has validated: there are no error cases. */
bool sct_render_find_members(const char *t, size_t n, const char *const *names,
                             size_t n_names, size_t (*at)[2], bool *found);

/* The element's text reduced to the members a brief case needs
 * (render_model.h, sct_render_doc_case_brief), as a new JSON object text;
 * caller frees.  NULL as sct_render_find_members. */
char *sct_render_brief_text(const char *t, size_t n);

#endif /* SCT_REPORT_RENDER_JSON_SCAN_H */
