/*
 * bundle_render.c — a bundle's HTML and Markdown reports from its
 * report.json (bundle_verify.h).  The renderer names the requirement
 * catalogue and the spec notes it read by their paths: rendering from
 * inside the bundle with relative paths makes the bytes independent of
 * where the bundle lies, so `verify` on another machine renders what
 * `certify` rendered.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sct/bundle/bundle_layout.h"
#include "sct/bundle/bundle_verify.h"
#include "sct/render/render_outputs.h"

/* `p` made absolute against the current directory (outputs given relative
 * to the caller's directory stay there after the chdir). */
static char *absolute(const char *p)
{
    if (p == NULL || p[0] == '/')
        return p ? strdup(p) : NULL;
    char *cwd = getcwd(NULL, 0);
    if (cwd == NULL)
        return NULL;
    size_t n = strlen(cwd) + strlen(p) + 2;
    char *s = malloc(n);
    if (s != NULL)
        snprintf(s, n, "%s/%s", cwd, p);
    free(cwd);
    return s;
}

int sct_bundle_render(const char *dir, const char *html_path, const char *md_path,
                      char *err, size_t err_cap)
{
    char *html = absolute(html_path), *md = absolute(md_path);
    int back = open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    int rc = -1;
    if ((html_path != NULL && html == NULL) || (md_path != NULL && md == NULL) || back < 0) {
        snprintf(err, err_cap, "cannot render the reports of %s: %s", dir, strerror(errno));
    } else if (chdir(dir) != 0) {
        snprintf(err, err_cap, "%s: cannot enter: %s", dir, strerror(errno));
    } else {
        sct_render_request req = {.json_path = SCT_BUNDLE_JSON, .html_path = html,
                                  .md_path = md,
                                  .requirements_path = SCT_BUNDLE_REQUIREMENTS,
                                  .spec_notes_path = SCT_BUNDLE_SPEC_NOTES};
        rc = sct_render_outputs(&req, err, err_cap) == 0 ? 0 : -1;
        if (fchdir(back) != 0 && rc == 0) {
            snprintf(err, err_cap, "cannot return to the working directory: %s",
                     strerror(errno));
            rc = -1;
        }
    }
    if (back >= 0)
        close(back);
    free(html);
    free(md);
    return rc;
}
