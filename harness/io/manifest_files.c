/* manifest_files.c — existence and containment of manifest-listed files. */
#include "manifest_files.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "io_error.h"
#include "path_check.h"
#include "set_build.h"

/* Checks one path relative to the root; on a problem sets c->error. */
static int check_one(const sct_vector_set *set, sct_case *c, const char *rel, bool want_dir)
{
    char msg[1536], display[1280];
    snprintf(display, sizeof display, "%s/%s", set->display_root, rel);
    char *real = NULL;
    sct_resolve_status st = sct_path_resolve_inside(set->root, rel, &real);
    switch (st) {
    case SCT_RESOLVE_OK:
        break;
    case SCT_RESOLVE_MISSING:
        sct_io_error(msg, sizeof msg, display, SCT_IO_FIELD_FILE,
                     "missing (named by case \"%s\" of manifest.json)", c->id);
        sct_case_set_error(c, msg);
        return -1;
    case SCT_RESOLVE_ESCAPES:
        sct_io_error(msg, sizeof msg, display, SCT_IO_FIELD_FILE,
                     "resolves outside the vectors directory (symbolic link?)");
        sct_case_set_error(c, msg);
        return -1;
    case SCT_RESOLVE_ERROR:
    default:
        sct_io_error(msg, sizeof msg, display, SCT_IO_FIELD_FILE, "cannot resolve: %s",
                     strerror(errno));
        sct_case_set_error(c, msg);
        return -1;
    }
    struct stat sb;
    int rc = stat(real, &sb);
    free(real);
    if (rc != 0 || (want_dir ? !S_ISDIR(sb.st_mode) : !S_ISREG(sb.st_mode))) {
        sct_io_error(msg, sizeof msg, display, SCT_IO_FIELD_FILE,
                     want_dir ? "not a directory" : "not a regular file");
        sct_case_set_error(c, msg);
        return -1;
    }
    return 0;
}

void sct_manifest_check_case_files(const sct_vector_set *set, sct_case *c)
{
    if (c->error != NULL)
        return;
    if (check_one(set, c, c->relpath, true) != 0)
        return;
    for (size_t k = 0; k < c->n_files; k++) {
        char *rel = sct_path_join(c->relpath, c->files[k].relpath);
        if (rel == NULL) {
            sct_case_set_error(c, sct_oom_text);
            return;
        }
        int rc = check_one(set, c, rel, false);
        free(rel);
        if (rc != 0)
            return;
    }
}
