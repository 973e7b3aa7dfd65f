/*
 * sandbox_reads.c — what the sandboxed worker may read (docs/plugin-abi.md
 * §5.1, "What a plugin may read").  The answers must be out of reach of
 * vendor code: a plugin that can open the vector set, a report or the
 * harness's /proc can copy the goldens instead of computing.  So reading is
 * confined by Landlock to a list of trees computed here, in the harness:
 *
 *  - the system's programs, libraries and data (/usr, /lib*, /bin, /sbin,
 *    /etc, /sys), a few device nodes and the /proc files about the machine
 *    (cpuinfo, meminfo, stat, sys/): what a runtime reads to load and to
 *    size its thread pool;
 *  - the plugin's own directory (its libraries, helpers, data beside it);
 *  - ~/.cache/sonnx-cts (where scripts/fetch-onnxruntime.sh puts runtimes);
 *  - every absolute path in the vendor options (a library, a package
 *    directory: a file's directory is taken) and each `--sandbox-read DIR`.
 *
 * The worker adds its scratch directory and its own /proc/<pid> itself.
 * Trees holding a hidden path (the vector set, the report files)
 * are split: the tree itself may be listed, its entries are allowed one by
 * one except the hidden one, recursively down to it — Landlock can only
 * allow (landlock(7)), so "everything but" is spelt out.  A tree that IS
 * hidden or lies inside a hidden one is dropped.
 *
 * Rules are strings: 'r' + path (read and execute beneath) or 'd' + path
 * (list the directory only; its entries have their own rules).
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "sct/exec/worker_sandbox.h"
#include "sct/text/bounded_append.h"

static const char *const k_system[] = {
    "/usr", "/lib", "/lib64", "/lib32", "/libx32", "/bin", "/sbin", "/etc", "/sys",
    "/dev/null", "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom",
    "/proc/cpuinfo", "/proc/meminfo", "/proc/stat", "/proc/sys", "/proc/filesystems",
};

/* Nesting bound of the split below a hidden path (a vector set is found a
 * few levels below a system tree at most; deeper: not readable at all). */
#define SPLIT_DEPTH 12

static bool beneath(const char *path, const char *dir)
{
    size_t n = strlen(dir);
    if (n == 1 && dir[0] == '/')
        return path[0] == '/';
    return strncmp(path, dir, n) == 0 && (path[n] == '/' || path[n] == '\0');
}

static int push(sct_sandbox_reads *r, char kind, const char *path)
{
    if (r->n == r->cap) {
        size_t cap = r->cap ? 2 * r->cap : 64;
        char **p = realloc(r->rules, cap * sizeof *p);
        if (p == NULL)
            return -1;
        r->rules = p;
        r->cap = cap;
    }
    size_t len = strlen(path);
    char *s = malloc(len + 2);
    if (s == NULL)
        return -1;
    s[0] = kind;
    memcpy(s + 1, path, len + 1);
    r->rules[r->n++] = s;
    return 0;
}

static bool is_hidden(const sct_sandbox_read_request *q, const char *path)
{
    for (size_t i = 0; i < q->n_hidden; i++)
        if (q->hidden[i][0] != '\0' && beneath(path, q->hidden[i]))
            return true;
    return false;
}

static bool holds_hidden(const sct_sandbox_read_request *q, const char *path)
{
    for (size_t i = 0; i < q->n_hidden; i++)
        if (q->hidden[i][0] != '\0' && beneath(q->hidden[i], path))
            return true;
    return false;
}

/* Allows `path` (resolved), split around the hidden paths below it. */
static int allow(sct_sandbox_reads *r, const sct_sandbox_read_request *q,
                 const char *path, int depth)
{
    if (is_hidden(q, path))
        return 0;
    if (!holds_hidden(q, path))
        return push(r, 'r', path);
    if (depth >= SPLIT_DEPTH)
        return 0;
    if (push(r, 'd', path) != 0)
        return -1;
    DIR *d = opendir(path);
    if (d == NULL)
        return 0;
    int rc = 0;
    struct dirent *e;
    while (rc == 0 && (e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        char child[PATH_MAX];
        if ((size_t)snprintf(child, sizeof child, "%s/%s", strcmp(path, "/") ? path : "",
                             e->d_name) >= sizeof child)
            continue;
        struct stat st;
        /* a symbolic link is not followed: an access through it lands on
         * its target, which has a rule of its own or none */
        if (lstat(child, &st) != 0 || S_ISLNK(st.st_mode))
            continue;
        rc = allow(r, q, child, depth + 1);
    }
    closedir(d);
    return rc;
}

/* Resolves `path` (a file stands for its directory when `dir_of_file`) and
 * allows it; `widened` notes it for the identity.  Missing paths are
 * skipped: there is nothing to read. */
static int add_tree(sct_sandbox_reads *r, const sct_sandbox_read_request *q,
                    const char *path, bool dir_of_file, bool widened)
{
    char real[PATH_MAX];
    struct stat st;
    if (realpath(path, real) == NULL || stat(real, &st) != 0)
        return 0;
    if (dir_of_file && !S_ISDIR(st.st_mode)) {
        char *slash = strrchr(real, '/');
        if (slash == real)
            slash[1] = '\0';
        else if (slash != NULL)
            *slash = '\0';
    }
    for (size_t i = 0; i < r->n; i++)
        if (r->rules[i][0] == 'r' && beneath(real, r->rules[i] + 1))
            return 0; /* already readable */
    if (widened) {
        if (r->widened[0])
            sct_bounded_appendf(r->widened, sizeof r->widened, ", ");
        sct_bounded_appendf(r->widened, sizeof r->widened, "%s", real);
        if (is_hidden(q, real) || holds_hidden(q, real))
            sct_bounded_appendf(r->widened, sizeof r->widened,
                                " (less the vector set and reports)");
    }
    return allow(r, q, real, 0);
}

/* The absolute paths in vendor options ("lib=/x/libort.so;dir=/y"): every
 * token starting with '/' between separators. */
static int add_option_paths(sct_sandbox_reads *r, const sct_sandbox_read_request *q)
{
    const char *p = q->vendor_options ? q->vendor_options : "";
    static const char sep[] = " \t,;=:'\"";
    int rc = 0;
    while (rc == 0 && *p != '\0') {
        p += strspn(p, sep);
        size_t n = strcspn(p, sep);
        if (n > 0 && p[0] == '/' && n < PATH_MAX) {
            char tok[PATH_MAX];
            memcpy(tok, p, n);
            tok[n] = '\0';
            rc = add_tree(r, q, tok, true, true);
        }
        p += n;
    }
    return rc;
}

int sct_sandbox_reads_build(const sct_sandbox_read_request *q, sct_sandbox_reads *r)
{
    memset(r, 0, sizeof *r);
    int rc = 0;
    for (size_t i = 0; rc == 0 && i < sizeof k_system / sizeof k_system[0]; i++)
        rc = add_tree(r, q, k_system[i], false, false);
    if (rc == 0 && q->plugin_path != NULL)
        rc = add_tree(r, q, q->plugin_path, true, false);
    const char *home = getenv("HOME");
    char cache[PATH_MAX];
    if (rc == 0 && home != NULL && home[0] == '/' &&
        (size_t)snprintf(cache, sizeof cache, "%s/.cache/sonnx-cts", home) < sizeof cache)
        rc = add_tree(r, q, cache, false, false);
    if (rc == 0)
        rc = add_option_paths(r, q);
    for (size_t i = 0; rc == 0 && i < q->n_extra; i++)
        rc = add_tree(r, q, q->extra[i], false, true);
    /* helper programs: readable and executable themselves (their libraries
     * are in the system trees) */
    for (size_t i = 0; rc == 0 && i < q->n_helpers; i++) {
        char real[PATH_MAX];
        if (realpath(q->helpers[i], real) != NULL)
            rc = push(r, 'x', real);
    }
    if (rc != 0)
        sct_sandbox_reads_free(r);
    return rc;
}

bool sct_sandbox_reads_allow(const sct_sandbox_reads *r, const char *path, bool is_dir)
{
    for (size_t i = 0; i < r->n; i++) {
        const char *rule = r->rules[i];
        if ((rule[0] == 'r' || rule[0] == 'x') && beneath(path, rule + 1))
            return true;
        if (rule[0] == 'd' && is_dir && strcmp(path, rule + 1) == 0)
            return true;
    }
    return false;
}

bool sct_sandbox_reads_helper(const sct_sandbox_reads *r, const char *path)
{
    for (size_t i = 0; r != NULL && i < r->n; i++)
        if (r->rules[i][0] == 'x' && strcmp(path, r->rules[i] + 1) == 0)
            return true;
    return false;
}

void sct_sandbox_reads_free(sct_sandbox_reads *r)
{
    for (size_t i = 0; i < r->n; i++)
        free(r->rules[i]);
    free(r->rules);
    memset(r, 0, sizeof *r);
}
