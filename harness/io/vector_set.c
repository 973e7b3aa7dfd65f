/* vector_set.c — sct_vector_set_open / _free (harness/model/case.h):
 * manifest.json when present (indexed; cases materialised one at a time by
 * sct_vector_set_case), else a scan of the ONNX backend-test layout. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "sct/model/case.h"
#include "io_error.h"
#include "manifest.h"
#include "manifest_files.h"
#include "path_check.h"
#include "scan.h"
#include "set_build.h"

static int open_manifest(sct_vector_set *set, const char *manifest_real, char *err,
                         size_t err_cap)
{
    char display[4200];
    snprintf(display, sizeof display, "%s/manifest.json", set->display_root);
    set->manifest_path = sct_strdup(manifest_real);
    if (set->manifest_path == NULL)
        return sct_io_error(err, err_cap, display, SCT_IO_FIELD_FILE, "%s", sct_oom_text);
    /* Index only: the entries are parsed one at a time later
     * (sct_vector_set_case), so memory stays flat in the case count. */
    return sct_manifest_open(manifest_real, display, NULL, set, err, err_cap);
}

int sct_vector_set_open(const char *dir, sct_vector_set *out, char *err, size_t err_cap)
{
    memset(out, 0, sizeof *out);
    if (dir == NULL || dir[0] == '\0')
        dir = ".";
    size_t dl = strlen(dir);
    while (dl > 1 && dir[dl - 1] == '/')
        dl--;
    out->display_root = malloc(dl + 1);
    if (out->display_root == NULL)
        return sct_io_error(err, err_cap, dir, SCT_IO_FIELD_FILE, "%s", sct_oom_text);
    memcpy(out->display_root, dir, dl);
    out->display_root[dl] = '\0';

    out->root = realpath(dir, NULL);
    struct stat sb;
    if (out->root == NULL || stat(out->root, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
        int e = errno;
        sct_io_error(err, err_cap, out->display_root, SCT_IO_FIELD_FILE,
                     "vectors directory: %s", out->root ? "not a directory" : strerror(e));
        sct_vector_set_free(out);
        return -1;
    }
    char *manifest_real = NULL;
    sct_resolve_status st = sct_path_resolve_inside(out->root, "manifest.json", &manifest_real);
    int rc;
    if (st == SCT_RESOLVE_OK) {
        rc = open_manifest(out, manifest_real, err, err_cap);
    } else if (st == SCT_RESOLVE_MISSING) {
        rc = sct_scan_directory(out, err, err_cap);
        if (rc == 0 && out->n_cases == 0 && out->n_skipped == 0)
            rc = sct_io_error(err, err_cap, out->display_root, SCT_IO_FIELD_FILE,
                              "no manifest.json and no ONNX backend-test case directories "
                              "(<case>/model.onnx + test_data_set_0/)");
    } else {
        char display[4200];
        snprintf(display, sizeof display, "%s/manifest.json", out->display_root);
        rc = sct_io_error(err, err_cap, display, SCT_IO_FIELD_FILE, "%s",
                          sct_resolve_status_text(st));
    }
    free(manifest_real);
    if (rc != 0) {
        sct_vector_set_free(out);
        return -1;
    }
    return 0;
}

void sct_vector_set_free(sct_vector_set *set)
{
    if (set == NULL)
        return;
    if (set->scanned_cases != NULL)
        for (size_t i = 0; i < set->n_cases; i++)
            sct_case_free_fields(&set->scanned_cases[i]);
    free(set->scanned_cases);
    sct_manifest_free(set->manifest);
    free(set->root);
    sct_str_free(set->manifest_path);
    sct_str_free(set->format_version);
    sct_str_free(set->set_sha256);
    sct_strlist_free(set->errors, set->n_errors);
    free(set->display_root);
    sct_strlist_free(set->skipped, set->n_skipped);
    memset(set, 0, sizeof *set);
}

const sct_case *sct_vector_set_case(const sct_vector_set *set, size_t i)
{
    if (set == NULL || i >= set->n_cases)
        return NULL;
    sct_manifest *m = set->manifest;
    if (m == NULL)
        return &set->scanned_cases[i];
    if (m->slot_full && m->slot_index == i)
        return &m->slot;
    /* The previous case is released first: one declaration in memory. */
    sct_case_free_fields(&m->slot);
    m->slot_full = false;
    sct_manifest_case(m, i, &m->slot);
    sct_manifest_check_case_files(set, &m->slot);
    m->slot_index = i;
    m->slot_full = true;
    return &m->slot;
}
