/*
 * render_option.h — the options `report` and `merge` share for rendering a
 * JSON report (--html, --md, --md-summary, --requirements, --spec-notes),
 * one option table (option_parse.h) mapped onto sct_render_request in one
 * place so the two subcommands cannot drift apart in spelling or meaning.
 */
#ifndef SCT_CLI_RENDER_OPTION_H
#define SCT_CLI_RENDER_OPTION_H

#include "option_parse.h"
#include "sct/render/render_outputs.h"

/* The shared render options; their ids are SCT_RENDER_OPTION_ID and up
 * (a command's own ids stay below it). */
enum { SCT_RENDER_OPTION_ID = 100 };
extern const sct_option sct_render_options[];

/* The field of `req` that option `id` sets, or NULL when `id` is not one
 * of the shared render options. */
const char **sct_render_option_slot(sct_render_request *req, int id);

/* The paths --html, --md, --md-summary will write: their directories exist
 * and are writable (sct_output_path_check), each problem on stderr as
 * "sonnx-cts CMD: --html PATH: ..." before anything is read or written. */
bool sct_render_outputs_writable(const char *cmd, const sct_render_request *req);

#endif /* SCT_CLI_RENDER_OPTION_H */
