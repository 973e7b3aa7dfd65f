/*
 * render_option.h — the options `report` and `merge` share for rendering a
 * JSON report (--html, --md, --md-summary, --requirements, --spec-notes),
 * mapped onto sct_render_request in one place so the two subcommands
 * cannot drift apart in spelling or meaning.
 */
#ifndef SCT_CLI_RENDER_OPTION_H
#define SCT_CLI_RENDER_OPTION_H

#include "sct/render/render_outputs.h"

/* The field of `req` that option `opt` (e.g. "--html") sets, or NULL when
 * `opt` is not one of the shared render options. */
const char **sct_render_option_slot(sct_render_request *req, const char *opt);

#endif /* SCT_CLI_RENDER_OPTION_H */
