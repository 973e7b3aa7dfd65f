/*
 * render_option.c — see render_option.h.
 */
#include "render_option.h"

#include <string.h>

const char **sct_render_option_slot(sct_render_request *req, const char *opt)
{
    if (strcmp(opt, "--html") == 0)
        return &req->html_path;
    if (strcmp(opt, "--md") == 0)
        return &req->md_path;
    if (strcmp(opt, "--md-summary") == 0)
        return &req->md_summary_path;
    if (strcmp(opt, "--requirements") == 0)
        return &req->requirements_path;
    if (strcmp(opt, "--spec-notes") == 0)
        return &req->spec_notes_path;
    return NULL;
}
