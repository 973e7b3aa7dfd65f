/*
 * render_case_view.h — what the HTML and Markdown reports show of one case
 * (sct_render_case, render_model.h), computed from the case record the
 * report reader gives (sct_case_result, sct/results/report_read.h): the
 * values are written by the same functions as the JSON writer's
 * (value_format.h), so a report shows exactly the JSON's text.  Private
 * to harness/render.
 */
#ifndef SCT_RENDER_CASE_VIEW_H
#define SCT_RENDER_CASE_VIEW_H

#include <stdbool.h>

#include "sct/render/render_model.h"
#include "sct/results/report_model.h"

/* The display of `c` into `out` (owned by it: sct_render_case_free).
 * `stand_in`: `c` is the reader's stand-in of an unusable case element:
 * no tolerance is claimed for it. */
void sct_render_case_view(const sct_case_result *c, bool stand_in, sct_render_case *out);

/* A stand-in shown under the group (op, types label) its case was loaded
 * in: a case that could be read while loading but not when rendered keeps
 * its place in the report. */
void sct_render_case_regroup(sct_render_case *c, const char *op, const char *types);

#endif /* SCT_RENDER_CASE_VIEW_H */
