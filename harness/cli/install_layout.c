/*
 * install_layout.c — the vector set and plugins of an installed (or build)
 * tree, found relative to the running executable (install_layout.h).
 *
 * Compiled in (harness/cli/CMakeLists.txt):
 *   SCT_INSTALL_VECTORS_REL  bindir -> share/sonnx-cts/vectors, relative
 *   SCT_INSTALL_DOCS_REL     bindir -> share/sonnx-cts/docs, relative
 *   SCT_INSTALL_PLUGINS_REL  bindir -> <libdir>/sonnx-cts, relative
 *   SCT_BUILD_TREE_DIR       this build tree (absolute)
 *   SCT_SOURCE_VECTORS_DIR   the source tree's vectors/ (absolute)
 *   SCT_SOURCE_DOCS_DIR      the source tree's docs/ (absolute)
 * The last three are used only while the executable lies inside the build
 * tree, so an installed copy never reaches back into a source checkout.
 */
#include "install_layout.h"

#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static bool is_dir(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static bool is_file(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

/* The directory of the running executable, resolved; "" when unknown. */
static const char *exe_dir(void)
{
    static char dir[PATH_MAX];
    static bool done;
    if (!done) {
        done = true;
        char *exe = realpath("/proc/self/exe", NULL);
        if (exe != NULL) {
            char *slash = strrchr(exe, '/');
            if (slash != NULL && (size_t)(slash - exe) < sizeof dir) {
                memcpy(dir, exe, (size_t)(slash - exe));
                dir[slash - exe] = '\0';
            }
            free(exe);
        }
    }
    return dir;
}

/* exe_dir()/rel, resolved, into buf when it is an existing directory. */
static const char *beside_exe(const char *rel, char *buf, size_t cap)
{
    const char *dir = exe_dir();
    char joined[PATH_MAX];
    if (dir[0] == '\0' || (size_t)snprintf(joined, sizeof joined, "%s/%s", dir, rel)
                              >= sizeof joined)
        return NULL;
    char *abs = realpath(joined, NULL);
    if (abs == NULL)
        return NULL;
    const char *r = NULL;
    if (is_dir(abs) && strlen(abs) < cap) {
        memcpy(buf, abs, strlen(abs) + 1);
        r = buf;
    }
    free(abs);
    return r;
}

static bool in_build_tree(void)
{
    const char *dir = exe_dir();
    char *build = realpath(SCT_BUILD_TREE_DIR, NULL);
    bool inside = false;
    if (build != NULL && dir[0] != '\0') {
        size_t n = strlen(build);
        inside = strncmp(dir, build, n) == 0 && (dir[n] == '\0' || dir[n] == '/');
    }
    free(build);
    return inside;
}

const char *sct_default_vectors_dir(void)
{
    static char installed[PATH_MAX];
    const char *env = getenv("SONNX_CTS_VECTORS");
    if (env != NULL && env[0] != '\0')
        return env;
    const char *v = beside_exe(SCT_INSTALL_VECTORS_REL, installed, sizeof installed);
    if (v != NULL)
        return v;
    if (in_build_tree() && is_dir(SCT_SOURCE_VECTORS_DIR))
        return SCT_SOURCE_VECTORS_DIR;
    return NULL;
}

void sct_describe_vectors_default(char *buf, size_t cap)
{
    const char *v = sct_default_vectors_dir();
    if (v != NULL)
        snprintf(buf, cap, "%s", v);
    else
        snprintf(buf, cap, "none: no $SONNX_CTS_VECTORS and no %s/%s",
                 exe_dir()[0] ? exe_dir() : "<executable's directory>",
                 SCT_INSTALL_VECTORS_REL);
}

const char *sct_default_spec_notes(void)
{
    static char path[PATH_MAX];
    char docs[PATH_MAX];
    const char *dir = beside_exe(SCT_INSTALL_DOCS_REL, docs, sizeof docs);
    if (dir == NULL && in_build_tree())
        dir = SCT_SOURCE_DOCS_DIR;
    if (dir == NULL ||
        (size_t)snprintf(path, sizeof path, "%s/spec-notes.md", dir) >= sizeof path ||
        !is_file(path))
        return NULL;
    return path;
}

const char *sct_installed_plugin_dir(void)
{
    static char dir[PATH_MAX];
    return beside_exe(SCT_INSTALL_PLUGINS_REL, dir, sizeof dir);
}

int sct_resolve_vendor(const char *value, char *out, size_t cap,
                       char *err, size_t err_cap)
{
    if (strchr(value, '/') != NULL || value[0] == '\0') {
        if (strlen(value) >= cap) {
            snprintf(err, err_cap, "--vendor %.64s...: path too long", value);
            return -1;
        }
        memcpy(out, value, strlen(value) + 1);
        return 0;
    }
    /* A bare name: first the file as given (a plugin in the working
     * directory), then the installed plugin directory. */
    if (is_file(value)) {
        if (strlen(value) + 3 > cap) {
            snprintf(err, err_cap, "--vendor %.64s...: path too long", value);
            return -1;
        }
        /* "./" so that dlopen takes it as a path, not a library name
         * searched in the system's directories. */
        snprintf(out, cap, "./%s", value);
        return 0;
    }
    const char *dir = sct_installed_plugin_dir();
    if (dir == NULL) {
        snprintf(err, err_cap,
                 "%s: no such plugin: not a file in the working directory, and "
                 "this sonnx-cts has no installed plugin directory (it runs from a "
                 "build tree, or %s/%s is missing); give the plugin's path",
                 value, exe_dir(), SCT_INSTALL_PLUGINS_REL);
        return -1;
    }
    static const char *const forms[] = {"%s/%s", "%s/%s.so", "%s/sonnx_%s_plugin.so"};
    for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
        int n = snprintf(out, cap, forms[i], dir, value);
        if (n > 0 && (size_t)n < cap && is_file(out))
            return 0;
    }
    snprintf(err, err_cap, "%s: no such plugin: not a file in the working directory, "
             "and no %s, %s.so or sonnx_%s_plugin.so in %s", value, value, value,
             value, dir);
    return -1;
}
