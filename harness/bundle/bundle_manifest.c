/*
 * bundle_manifest.c — MANIFEST.sha256 of a bundle (bundle_files.h): the
 * digest of every file, in the format `sha256sum -c` reads, so that an
 * assessor can check a bundle with standard tools too.
 */
#include "sct/bundle/bundle_files.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "sct/bundle/bundle_layout.h"
#include "sct/io/file_hash.h"
#include "sct/text/owned.h"

typedef struct file_list {
    char **paths;
    size_t n, cap;
    bool failed;
} file_list;

static void list_add(file_list *l, const char *rel)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 32;
        char **p = realloc(l->paths, cap * sizeof *p);
        if (p == NULL) {
            l->failed = true;
            return;
        }
        l->paths = p;
        l->cap = cap;
    }
    char *s = sct_strdup(rel);
    if (s == NULL) {
        l->failed = true;
        return;
    }
    l->paths[l->n++] = s;
}

/* Every regular file below root/rel, relative to root.  Anything else
 * (a symbolic link, a device) is listed too, so that the check names it
 * rather than ignoring what it cannot hash. */
static void walk(const char *root, const char *rel, file_list *l, int depth)
{
    char path[4096];
    snprintf(path, sizeof path, "%s%s%s", root, rel[0] ? "/" : "", rel);
    DIR *d = opendir(path);
    if (d == NULL) {
        l->failed = true;
        return;
    }
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        char child[4096];
        snprintf(child, sizeof child, "%s%s%s", rel, rel[0] ? "/" : "", e->d_name);
        char full[8192];
        snprintf(full, sizeof full, "%s/%s", root, child);
        struct stat st;
        if (lstat(full, &st) != 0)
            continue;
        if (S_ISDIR(st.st_mode) && depth < 8)
            walk(root, child, l, depth + 1);
        else if (!S_ISDIR(st.st_mode))
            list_add(l, child);
    }
    closedir(d);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool is_manifest_file(const char *rel)
{
    return strcmp(rel, SCT_BUNDLE_MANIFEST) == 0 || strcmp(rel, SCT_BUNDLE_SIGNATURE) == 0;
}

static void list_free(file_list *l)
{
    for (size_t i = 0; i < l->n; i++)
        free(l->paths[i]);
    free(l->paths);
}

int sct_bundle_manifest_write(const char *dir, char *err, size_t err_cap)
{
    file_list l = {0};
    walk(dir, "", &l, 0);
    if (l.failed) {
        list_free(&l);
        snprintf(err, err_cap, "%s: cannot list the bundle's files", dir);
        return -1;
    }
    qsort(l.paths, l.n, sizeof *l.paths, cmp_str);
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, SCT_BUNDLE_MANIFEST);
    FILE *out = fopen(path, "w");
    if (out == NULL) {
        snprintf(err, err_cap, "%s: cannot write: %s", path, strerror(errno));
        list_free(&l);
        return -1;
    }
    int rc = 0;
    for (size_t i = 0; i < l.n && rc == 0; i++) {
        if (is_manifest_file(l.paths[i]))
            continue;
        char full[8192], hex[SCT_SHA256_HEX_CHARS + 1];
        snprintf(full, sizeof full, "%s/%s", dir, l.paths[i]);
        if (sct_sha256_file(full, l.paths[i], hex, err, err_cap) != 0)
            rc = -1;
        else
            fprintf(out, "%s  %s\n", hex, l.paths[i]);
    }
    if (fclose(out) != 0 && rc == 0) {
        snprintf(err, err_cap, "%s: write failed", path);
        rc = -1;
    }
    list_free(&l);
    return rc;
}

static bool is_hex64(const char *s)
{
    for (int i = 0; i < SCT_SHA256_HEX_CHARS; i++)
        if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f')))
            return false;
    return true;
}

size_t sct_bundle_manifest_check(const char *dir, sct_bundle_problem_fn problem, void *user)
{
    char path[4096], what[8448];
    snprintf(path, sizeof path, "%s/%s", dir, SCT_BUNDLE_MANIFEST);
    FILE *in = fopen(path, "r");
    if (in == NULL) {
        problem(user, SCT_BUNDLE_MANIFEST, "missing: the bundle has no manifest of digests");
        return 1;
    }
    file_list listed = {0};
    size_t findings = 0;
    char line[8192];
    unsigned long lineno = 0;
    while (fgets(line, sizeof line, in) != NULL) {
        lineno++;
        size_t n = strlen(line);
        if (n > 0 && line[n - 1] == '\n')
            line[--n] = '\0';
        if (n < SCT_SHA256_HEX_CHARS + 3 || !is_hex64(line) ||
            line[SCT_SHA256_HEX_CHARS] != ' ' || line[SCT_SHA256_HEX_CHARS + 1] != ' ') {
            snprintf(what, sizeof what, "line %lu is not \"<sha256>  <path>\"", lineno);
            problem(user, SCT_BUNDLE_MANIFEST, what);
            findings++;
            continue;
        }
        const char *rel = line + SCT_SHA256_HEX_CHARS + 2;
        bool dup = false;
        for (size_t i = 0; i < listed.n && !dup; i++)
            dup = strcmp(listed.paths[i], rel) == 0;
        if (dup || strstr(rel, "..") != NULL || rel[0] == '/' || is_manifest_file(rel)) {
            snprintf(what, sizeof what, "line %lu: path '%s' %s", lineno, rel,
                     dup ? "listed twice" : "not allowed in a manifest");
            problem(user, SCT_BUNDLE_MANIFEST, what);
            findings++;
            continue;
        }
        list_add(&listed, rel);
        char full[8192], hex[SCT_SHA256_HEX_CHARS + 1], why[512];
        snprintf(full, sizeof full, "%s/%s", dir, rel);
        struct stat st;
        if (lstat(full, &st) == 0 && !S_ISREG(st.st_mode)) {
            /* A link would be hashed through to whatever it points at,
             * possibly outside the bundle. */
            problem(user, rel, "not a regular file (a symbolic link or a special file)");
            findings++;
        } else if (sct_sha256_file(full, rel, hex, why, sizeof why) != 0) {
            problem(user, rel, "listed in MANIFEST.sha256 but missing or unreadable");
            findings++;
        } else if (memcmp(hex, line, SCT_SHA256_HEX_CHARS) != 0) {
            snprintf(what, sizeof what, "sha256 %s differs from the manifest's %.64s: "
                     "the file changed after certification", hex, line);
            problem(user, rel, what);
            findings++;
        }
    }
    fclose(in);
    file_list present = {0};
    walk(dir, "", &present, 0);
    for (size_t i = 0; i < present.n; i++) {
        if (is_manifest_file(present.paths[i]))
            continue;
        bool found = false;
        for (size_t k = 0; k < listed.n && !found; k++)
            found = strcmp(listed.paths[k], present.paths[i]) == 0;
        if (!found) {
            problem(user, present.paths[i], "present but not listed in MANIFEST.sha256: "
                    "added after certification");
            findings++;
        }
    }
    list_free(&present);
    list_free(&listed);
    return findings;
}
