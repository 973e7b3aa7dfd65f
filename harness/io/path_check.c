/* path_check.c — relative paths that stay inside the vectors directory. */
#include "path_check.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

const char *sct_relpath_problem(const char *rel)
{
    if (rel == NULL || rel[0] == '\0')
        return "empty path";
    if (rel[0] == '/')
        return "absolute path; must be relative to the vectors directory";
    if (strlen(rel) > 1024)
        return "path longer than 1024 characters";
    for (const unsigned char *p = (const unsigned char *)rel; *p; p++) {
        if (*p < 0x20 || *p == 0x7f)
            return "control character in path";
        if (*p == '\\')
            return "backslash in path; use '/'";
    }
    /* Component by component: "..", "." and empty components are refused so
     * that a path names exactly one place and never climbs out. */
    const char *start = rel;
    for (;;) {
        const char *slash = strchr(start, '/');
        size_t n = slash ? (size_t)(slash - start) : strlen(start);
        if (n == 0)
            return "empty path component ('//' or trailing '/')";
        if (n == 2 && start[0] == '.' && start[1] == '.')
            return "'..' component escapes the vectors directory";
        if (n == 1 && start[0] == '.')
            return "'.' component; paths must be normalised";
        if (slash == NULL)
            break;
        start = slash + 1;
    }
    return NULL;
}

char *sct_path_join(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    while (la > 1 && a[la - 1] == '/')
        la--;
    char *out = malloc(la + 1 + lb + 1);
    if (out == NULL)
        return NULL;
    memcpy(out, a, la);
    size_t pos = la;
    if (!(la == 1 && a[0] == '/'))
        out[pos++] = '/';
    memcpy(out + pos, b, lb);
    out[pos + lb] = '\0';
    return out;
}

sct_resolve_status sct_path_resolve_inside(const char *root_real, const char *rel,
                                           char **resolved)
{
    *resolved = NULL;
    char *joined = sct_path_join(root_real, rel);
    if (joined == NULL) {
        errno = ENOMEM;
        return SCT_RESOLVE_ERROR;
    }
    char *real = realpath(joined, NULL);
    int e = errno;
    free(joined);
    if (real == NULL) {
        errno = e;
        return (e == ENOENT || e == ENOTDIR) ? SCT_RESOLVE_MISSING : SCT_RESOLVE_ERROR;
    }
    size_t lr = strlen(root_real);
    bool root_is_slash = (lr == 1 && root_real[0] == '/');
    bool inside = root_is_slash ? real[1] != '\0'
                                : (strncmp(real, root_real, lr) == 0 && real[lr] == '/');
    if (!inside) {
        free(real);
        return SCT_RESOLVE_ESCAPES;
    }
    *resolved = real;
    return SCT_RESOLVE_OK;
}

const char *sct_resolve_status_text(sct_resolve_status st)
{
    switch (st) {
    case SCT_RESOLVE_OK: return "";
    case SCT_RESOLVE_MISSING: return "missing";
    case SCT_RESOLVE_ESCAPES: return "resolves outside the vectors directory";
    default: return "cannot be resolved";
    }
}
