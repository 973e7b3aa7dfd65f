/*
 * render_option.c — see render_option.h.
 */
#include "render_option.h"

#include <stdio.h>

#include "sct/text/atomic_file.h"

enum {
    OPT_HTML = SCT_RENDER_OPTION_ID, OPT_MD, OPT_MD_SUMMARY, OPT_REQUIREMENTS,
    OPT_SPEC_NOTES
};

const sct_option sct_render_options[] = {
    {"html", SCT_OPT_VALUE, OPT_HTML},
    {"md", SCT_OPT_VALUE, OPT_MD},
    {"md-summary", SCT_OPT_VALUE, OPT_MD_SUMMARY},
    {"requirements", SCT_OPT_VALUE, OPT_REQUIREMENTS},
    {"spec-notes", SCT_OPT_VALUE, OPT_SPEC_NOTES},
    SCT_OPTION_END,
};

const char **sct_render_option_slot(sct_render_request *req, int id)
{
    switch (id) {
    case OPT_HTML: return &req->html_path;
    case OPT_MD: return &req->md_path;
    case OPT_MD_SUMMARY: return &req->md_summary_path;
    case OPT_REQUIREMENTS: return &req->requirements_path;
    case OPT_SPEC_NOTES: return &req->spec_notes_path;
    default: return NULL;
    }
}

bool sct_render_outputs_writable(const char *cmd, const sct_render_request *req)
{
    const struct { const char *option, *path; } outs[] = {
        {"--html", req->html_path}, {"--md", req->md_path},
        {"--md-summary", req->md_summary_path}};
    bool ok = true;
    char err[4400];
    for (size_t i = 0; i < sizeof outs / sizeof outs[0]; i++)
        if (outs[i].path != NULL &&
            sct_output_path_check(outs[i].option, outs[i].path, err, sizeof err) != 0) {
            fprintf(stderr, "sonnx-cts %s: %s\n", cmd, err);
            ok = false;
        }
    return ok;
}
