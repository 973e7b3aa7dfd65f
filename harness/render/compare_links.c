/*
 * compare_links.c — each column of the comparison linked to its runtime's
 * HTML report (compare_model.h): the path relative to the comparison page,
 * so that a directory of committed records and their pages can move as a
 * whole (docs/conformance/).
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sct/render/compare_model.h"

/* The absolute, symlink-free directory of `path` (the file itself need not
 * exist) into buf; false when the directory cannot be resolved. */
static bool abs_dir(const char *path, char *buf, size_t cap)
{
    char dir[PATH_MAX];
    const char *slash = strrchr(path, '/');
    if (slash == NULL)
        snprintf(dir, sizeof dir, ".");
    else if (slash == path)
        snprintf(dir, sizeof dir, "/");
    else
        snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
    char real[PATH_MAX];
    if (realpath(dir, real) == NULL)
        return false;
    snprintf(buf, cap, "%s", real);
    return true;
}

/* `to` (an absolute file path) relative to the absolute directory `from`:
 * the components they share dropped, "../" for each other one of `from`. */
static void relative(const char *from, const char *to, char *buf, size_t cap)
{
    size_t i = 0, common = 0;
    while (from[i] != '\0' && from[i] == to[i]) {
        i++;
        if (from[i] == '\0' || from[i] == '/')
            if (to[i] == '/')
                common = i;
    }
    if (from[i] == '\0' && to[i] == '/')
        common = i;
    size_t len = 0;
    buf[0] = '\0';
    if (strcmp(from, "/") == 0)
        common = 0;
    for (const char *p = strcmp(from, "/") == 0 ? "" : from + common; *p; p++)
        if (*p == '/' && len + 4 < cap) {
            memcpy(buf + len, "../", 4);
            len += 3;
        }
    snprintf(buf + len, cap - len, "%s", to + common + 1);
}

int sct_compare_link_reports(sct_compare *cmp, const char *page_path,
                             const char *const *paths,
                             const char *const *report_html,
                             void (*warn)(void *user, const char *msg), void *user)
{
    char page_dir[PATH_MAX];
    bool have_page = abs_dir(page_path, page_dir, sizeof page_dir);
    for (size_t c = 0; c < cmp->n_columns; c++) {
        sct_compare_column *col = &cmp->columns[c];
        char want[PATH_MAX];
        if (report_html != NULL && report_html[c] != NULL) {
            snprintf(want, sizeof want, "%s", report_html[c]);
        } else {
            const char *p = paths[c];
            size_t n = strlen(p);
            if (n > 5 && strcmp(p + n - 5, ".json") == 0)
                n -= 5;
            if (col->record)
                snprintf(want, sizeof want, "%.*s-%s.html", (int)n, p, col->profile);
            else
                snprintf(want, sizeof want, "%.*s.html", (int)n, p);
        }
        char dir[PATH_MAX], msg[PATH_MAX + 200];
        if (!have_page || access(want, R_OK) != 0 || !abs_dir(want, dir, sizeof dir)) {
            if (warn != NULL) {
                snprintf(msg, sizeof msg, "%s: cannot read the HTML report of column "
                         "'%s': its cells are not linked (give --report-html FILE)",
                         want, col->label);
                warn(user, msg);
            }
            continue;
        }
        const char *base = strrchr(want, '/');
        base = base != NULL ? base + 1 : want;
        char target[2 * PATH_MAX + 2], rel[3 * PATH_MAX];
        snprintf(target, sizeof target, "%s/%s", strcmp(dir, "/") == 0 ? "" : dir, base);
        relative(page_dir, target, rel, sizeof rel);
        free(col->report_href);
        col->report_href = sct_render_strdup(rel);
        if (col->report_href == NULL)
            return -1;
    }
    return 0;
}
