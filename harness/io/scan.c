/* scan.c — cases of a directory in the ONNX backend-test layout (scan.h). */
#include "scan.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "case_rules.h"
#include "sct/io/file_hash.h"
#include "file_read.h"
#include "io_error.h"
#include "model_read.h"
#include "path_check.h"
#include "set_build.h"
#include "sct/io/sha256.h"

#define SCAN_MAX_DEPTH 3
#define MSG_CAP 1536

typedef struct scan_ctx {
    sct_vector_set *set;
    sct_sha256_ctx list_hash; /* over "<sha256>  <relpath>\n" lines */
} scan_ctx;

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Sorted entry names of a directory (without "." and ".."); NULL names on
 * error.  Sorting makes case order and set_sha256 independent of the file
 * system's order. */
static char **list_dir(const char *path, size_t *n)
{
    *n = 0;
    DIR *d = opendir(path);
    if (d == NULL)
        return NULL;
    char **names = NULL;
    size_t cap = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        if (*n == cap) {
            size_t ncap = cap ? cap * 2 : 32;
            char **grown = realloc(names, ncap * sizeof *names);
            if (grown == NULL)
                break;
            names = grown;
            cap = ncap;
        }
        names[*n] = sct_strdup(e->d_name);
        if (names[*n] == NULL)
            break;
        (*n)++;
    }
    closedir(d);
    if (names == NULL)
        names = calloc(1, sizeof *names);
    if (names != NULL)
        qsort(names, *n, sizeof *names, compare_names);
    return names;
}

static bool is_regular(const char *root, const char *rel)
{
    char *real = NULL;
    if (sct_path_resolve_inside(root, rel, &real) != SCT_RESOLVE_OK)
        return false;
    struct stat sb;
    bool ok = stat(real, &sb) == 0 && S_ISREG(sb.st_mode);
    free(real);
    return ok;
}

static bool is_directory(const char *root, const char *rel)
{
    char *real = NULL;
    if (sct_path_resolve_inside(root, rel, &real) != SCT_RESOLVE_OK)
        return false;
    struct stat sb;
    bool ok = stat(real, &sb) == 0 && S_ISDIR(sb.st_mode);
    free(real);
    return ok;
}

/* Adds file `name` (relative to the case dir) to the case with its digest. */
static int add_file(scan_ctx *sc, sct_case *c, const char *case_rel, const char *name,
                    char *msg)
{
    sct_vector_set *set = sc->set;
    char rel[2048], display[2560];
    snprintf(rel, sizeof rel, "%s/%s", case_rel, name);
    snprintf(display, sizeof display, "%s/%s", set->display_root, rel);
    char *real = NULL;
    sct_resolve_status st = sct_path_resolve_inside(set->root, rel, &real);
    if (st != SCT_RESOLVE_OK)
        return sct_io_error(msg, MSG_CAP, display, SCT_IO_FIELD_FILE, "%s",
                            sct_resolve_status_text(st));
    sct_file_ref *grown = realloc(c->files, (c->n_files + 1) * sizeof *grown);
    if (grown == NULL) {
        free(real);
        return sct_io_error(msg, MSG_CAP, display, SCT_IO_FIELD_FILE, "%s", sct_oom_text);
    }
    c->files = grown;
    sct_file_ref *ref = &c->files[c->n_files];
    memset(ref, 0, sizeof *ref);
    int rc = sct_sha256_file(real, display, ref->sha256, msg, MSG_CAP);
    free(real);
    if (rc != 0)
        return -1;
    ref->relpath = sct_strdup(name);
    if (ref->relpath == NULL)
        return sct_io_error(msg, MSG_CAP, display, SCT_IO_FIELD_FILE, "%s", sct_oom_text);
    c->n_files++;
    sct_sha256_update(&sc->list_hash, ref->sha256, SCT_SHA256_HEX_CHARS);
    sct_sha256_update(&sc->list_hash, "  ", 2);
    sct_sha256_update(&sc->list_hash, rel, strlen(rel));
    sct_sha256_update(&sc->list_hash, "\n", 1);
    return 0;
}

/* Fills one case of data set `n` from the model facts; msg on failure. */
static int build_case(scan_ctx *sc, sct_case *c, const char *rel, int n,
                      const sct_model_info *mi, const char *model_display, char *msg)
{
    sct_vector_set *set = sc->set;
    c->data_set = n;
    c->op_type = sct_strdup(mi->op_type);
    c->domain = sct_strdup(mi->domain);
    c->opset = mi->opset;
    c->expectation = SCT_EXPECT_VALUES;
    c->profiles = SCT_PROFILE_ONNX;
    c->n_inputs = mi->n_inputs;
    c->n_outputs = mi->n_outputs;
    memcpy(c->inputs, mi->inputs, sizeof c->inputs);
    memcpy(c->outputs, mi->outputs, sizeof c->outputs);
    char text[2300];
    snprintf(text, sizeof text, "ONNX backend-test case %s (no manifest)", rel);
    c->description = sct_strdup(text);
    if (add_file(sc, c, rel, "model.onnx", msg) != 0)
        return -1;
    if (mi->shape_problem[0] != '\0')
        return sct_io_error(msg, MSG_CAP, model_display, mi->shape_problem,
                            "concrete dims are needed without a manifest");
    if (sct_case_check_signature(c, model_display, "graph", msg, MSG_CAP) != 0)
        return -1;
    c->max_ulp = sct_default_max_ulp(c->op_type, c->outputs[0].elem_type);
    for (size_t k = 0; k < c->n_inputs; k++) {
        char name[64];
        snprintf(name, sizeof name, "test_data_set_%d/input_%zu.pb", n, k);
        if (add_file(sc, c, rel, name, msg) != 0)
            return -1;
    }
    char out_name[64], out_rel[2200];
    snprintf(out_name, sizeof out_name, "test_data_set_%d/output_0.pb", n);
    snprintf(out_rel, sizeof out_rel, "%s/%s", rel, out_name);
    if (!is_regular(set->root, out_rel)) {
        char display[2600];
        snprintf(display, sizeof display, "%s/%s", set->display_root, out_rel);
        return sct_io_error(msg, MSG_CAP, display, SCT_IO_FIELD_FILE,
                            "missing; a case without manifest needs its expected output");
    }
    if (add_file(sc, c, rel, out_name, msg) != 0)
        return -1;
    c->has_expected_output = true;
    return 0;
}

static void add_error_case(scan_ctx *sc, const char *id, const char *msg)
{
    sct_case *c = sct_set_add_case(sc->set);
    if (c == NULL) {
        sct_strlist_add(&sc->set->errors, &sc->set->n_errors, msg);
        return;
    }
    c->id = sct_strdup(id);
    c->relpath = sct_strdup(id);
    sct_case_set_error(c, msg);
    sct_case_fill_strings(c);
}

/* One directory holding model.onnx. */
static void scan_case_dir(scan_ctx *sc, const char *rel)
{
    sct_vector_set *set = sc->set;
    char model_rel[2100], model_display[2600], msg[MSG_CAP];
    snprintf(model_rel, sizeof model_rel, "%s/model.onnx", rel);
    snprintf(model_display, sizeof model_display, "%s/%s", set->display_root, model_rel);
    char *real = NULL;
    if (sct_path_resolve_inside(set->root, model_rel, &real) != SCT_RESOLVE_OK) {
        sct_io_error(msg, sizeof msg, model_display, SCT_IO_FIELD_FILE,
                     "resolves outside the vectors directory or cannot be resolved");
        add_error_case(sc, rel, msg);
        return;
    }
    uint8_t *buf = NULL;
    size_t len = 0;
    sct_model_info mi;
    memset(&mi, 0, sizeof mi);
    int rc = sct_read_file(real, model_display, SCT_IO_MAX_FILE_BYTES, &buf, &len, msg,
                           sizeof msg);
    free(real);
    if (rc == 0)
        rc = sct_model_read(buf, len, model_display, &mi, msg, sizeof msg);
    free(buf);
    if (mi.parsed && (mi.n_nodes != 1 || !sct_op_is_covered(mi.op_type))) {
        char why[2300];
        if (mi.n_nodes != 1)
            snprintf(why, sizeof why, "%s: graph of %zu nodes", rel, mi.n_nodes);
        else
            snprintf(why, sizeof why, "%s: op %s is not covered", rel, mi.op_type);
        sct_strlist_add(&set->skipped, &set->n_skipped, why);
        return;
    }
    if (rc != 0) {
        add_error_case(sc, rel, msg);
        return;
    }
    int n_sets = 0;
    for (int n = 0;; n++) {
        char ds[2200];
        snprintf(ds, sizeof ds, "%s/test_data_set_%d", rel, n);
        if (!is_directory(set->root, ds))
            break;
        n_sets++;
        char id[2300];
        if (n == 0)
            snprintf(id, sizeof id, "%s", rel);
        else
            snprintf(id, sizeof id, "%s/test_data_set_%d", rel, n);
        sct_case *c = sct_set_add_case(set);
        if (c == NULL) {
            sct_strlist_add(&set->errors, &set->n_errors, sct_oom_text);
            return;
        }
        c->id = sct_strdup(id);
        c->relpath = sct_strdup(rel);
        if (build_case(sc, c, rel, n, &mi, model_display, msg) != 0)
            sct_case_set_error(c, msg);
        sct_case_fill_strings(c);
    }
    if (n_sets == 0) {
        char display[2600];
        snprintf(display, sizeof display, "%s/%s/test_data_set_0", set->display_root, rel);
        sct_io_error(msg, sizeof msg, display, SCT_IO_FIELD_FILE, "missing (no data set)");
        add_error_case(sc, rel, msg);
    }
}

static void scan_dir(scan_ctx *sc, const char *rel, int depth)
{
    sct_vector_set *set = sc->set;
    char *real = NULL;
    if (rel[0] == '\0')
        real = sct_strdup(set->root);
    else if (sct_path_resolve_inside(set->root, rel, &real) != SCT_RESOLVE_OK)
        return;
    if (real == NULL)
        return;
    size_t n = 0;
    char **names = list_dir(real, &n);
    free(real);
    if (names == NULL)
        return;
    for (size_t i = 0; i < n; i++) {
        char child[2048];
        if (rel[0] == '\0')
            snprintf(child, sizeof child, "%s", names[i]);
        else
            snprintf(child, sizeof child, "%s/%s", rel, names[i]);
        if (sct_relpath_problem(child) != NULL || !is_directory(set->root, child))
            continue;
        char model_rel[2100];
        snprintf(model_rel, sizeof model_rel, "%s/model.onnx", child);
        if (is_regular(set->root, model_rel))
            scan_case_dir(sc, child);
        else if (depth + 1 < SCAN_MAX_DEPTH)
            scan_dir(sc, child, depth + 1);
    }
    sct_strlist_free(names, n);
}

int sct_scan_directory(sct_vector_set *set, char *err, size_t err_cap)
{
    scan_ctx sc = {.set = set};
    DIR *d = opendir(set->root);
    if (d == NULL)
        return sct_io_error(err, err_cap, set->display_root, SCT_IO_FIELD_FILE,
                            "cannot read directory: %s", strerror(errno));
    closedir(d);
    sct_sha256_init(&sc.list_hash);
    scan_dir(&sc, "", 0);
    uint8_t digest[SCT_SHA256_DIGEST_BYTES];
    char hex[SCT_SHA256_HEX_CHARS + 1];
    sct_sha256_final(&sc.list_hash, digest);
    sct_sha256_digest_to_hex(digest, hex);
    set->set_sha256 = sct_strdup(hex);
    set->format_version = sct_strdup("");
    if (set->set_sha256 == NULL || set->format_version == NULL)
        return sct_io_error(err, err_cap, set->display_root, SCT_IO_FIELD_FILE, "%s",
                            sct_oom_text);
    return 0;
}
