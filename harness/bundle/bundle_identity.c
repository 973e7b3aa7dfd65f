/*
 * bundle_identity.c — identity.json of a bundle (bundle_identity.h).
 */
#include "sct/bundle/bundle_identity.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sct/bundle/bundle_layout.h"
#include "sct/bundle/machine_identity.h"
#include "sct/io/file_hash.h"
#include "sct/numeric/dtype.h"
#include "sct/jsonstream/json_fields.h"

static const char *or_empty(const char *s) { return s != NULL ? s : ""; }

const char *sct_bundle_tier(const sct_case_filter *f)
{
    return f->n_ops + f->n_types + f->n_tags + f->n_cases == 0 ? "full" : "filtered";
}

static cJSON *string_array(const char *const *v, size_t n)
{
    cJSON *a = cJSON_CreateArray();
    for (size_t i = 0; a != NULL && i < n; i++)
        cJSON_AddItemToArray(a, cJSON_CreateString(v[i]));
    return a;
}

static cJSON *selection_json(const sct_case_filter *f)
{
    cJSON *s = cJSON_CreateObject();
    if (s == NULL)
        return NULL;
    cJSON_AddItemToObject(s, "op", string_array(f->ops, f->n_ops));
    cJSON *types = cJSON_AddArrayToObject(s, "type");
    for (size_t i = 0; types != NULL && i < f->n_types; i++)
        cJSON_AddItemToArray(types, cJSON_CreateString(sct_dtype_name(f->types[i])));
    cJSON_AddItemToObject(s, "tag", string_array(f->tags, f->n_tags));
    cJSON_AddItemToObject(s, "case", string_array(f->cases, f->n_cases));
    return s;
}

/* sha256 of a file, or "" with the reason in `why` when it cannot be read. */
static void add_file_sha(cJSON *obj, const char *key, const char *path)
{
    char hex[SCT_SHA256_HEX_CHARS + 1] = "", err[512];
    if (path != NULL && sct_sha256_file(path, path, hex, err, sizeof err) != 0)
        hex[0] = '\0';
    cJSON_AddStringToObject(obj, key, hex);
}

int sct_bundle_identity_write(const char *path, const sct_bundle_identity_in *in,
                              char *err, size_t err_cap)
{
    const sct_run_identity *r = in->run;
    cJSON *root = cJSON_CreateObject();
    if (root == NULL)
        goto oom;
    cJSON_AddStringToObject(root, "schema", SCT_BUNDLE_IDENTITY_SCHEMA);
    cJSON_AddStringToObject(root, "schema_version", SCT_BUNDLE_IDENTITY_VERSION);

    cJSON *h = sct_harness_binary_identity();
    if (h == NULL)
        goto oom;
    cJSON_AddStringToObject(h, "name", "sonnx-cts");
    cJSON_AddStringToObject(h, "version", or_empty(r->harness_version));
    cJSON_AddItemToObject(root, "harness", h);
    cJSON_AddStringToObject(root, "command_line", or_empty(in->command_line));
    cJSON_AddStringToObject(root, "run_command_line", or_empty(r->command_line));
    cJSON_AddStringToObject(root, "date_utc", or_empty(r->date_utc));
    cJSON_AddStringToObject(root, "host", or_empty(r->host));

    cJSON *p = cJSON_AddObjectToObject(root, "plugin");
    if (p == NULL)
        goto oom;
    cJSON_AddStringToObject(p, "path", in->plugin_file != NULL ? in->plugin_file
                                                               : or_empty(r->plugin_path));
    /* The built-in kernels are part of the harness executable, whose
     * digest is harness.executable_sha256. */
    add_file_sha(p, "sha256", in->plugin_file);
    cJSON_AddStringToObject(p, "vendor", or_empty(r->vendor));
    cJSON_AddStringToObject(p, "runtime_name", or_empty(r->runtime_name));
    cJSON_AddStringToObject(p, "runtime_version", or_empty(r->runtime_version));
    char abi[32];
    snprintf(abi, sizeof abi, "%u.%u", r->abi_major, r->abi_minor);
    cJSON_AddStringToObject(p, "abi", abi);

    cJSON *v = cJSON_AddObjectToObject(root, "vectors");
    if (v == NULL)
        goto oom;
    cJSON_AddStringToObject(v, "dir", or_empty(r->vectors_dir));
    cJSON_AddStringToObject(v, "manifest_sha256", or_empty(r->vector_set_sha256));
    cJSON_AddStringToObject(v, "format_version", or_empty(r->vector_format_version));
    add_file_sha(v, "requirements_sha256", in->requirements_file);

    cJSON_AddStringToObject(root, "profile", or_empty(r->profile));
    cJSON_AddStringToObject(root, "tier", sct_bundle_tier(in->filter));
    cJSON_AddItemToObject(root, "selection", selection_json(in->filter));
    /* The claim and the waivers applied (docs/cli.md "Claims", "Waivers"),
     * each named with its digest, or null / [] when none: a reader never
     * has to guess whether one shaped the verdict. */
    if (in->claim_file != NULL) {
        cJSON *c = cJSON_AddObjectToObject(root, "claim");
        if (c == NULL)
            goto oom;
        cJSON_AddStringToObject(c, "file", in->claim_file);
        add_file_sha(c, "sha256", in->claim_file);
    } else {
        cJSON_AddNullToObject(root, "claim");
    }
    cJSON *w = cJSON_AddArrayToObject(root, "waivers");
    if (w == NULL)
        goto oom;
    if (in->waivers_file != NULL) {
        cJSON *f = cJSON_CreateObject();
        if (f == NULL)
            goto oom;
        cJSON_AddStringToObject(f, "file", in->waivers_file);
        add_file_sha(f, "sha256", in->waivers_file);
        cJSON_AddItemToArray(w, f);
    }
    cJSON_AddStringToObject(root, "sandbox", or_empty(r->isolation));
    cJSON *m = sct_machine_identity();
    if (m == NULL)
        goto oom;
    cJSON_AddItemToObject(root, "machine", m);

    char *text = cJSON_Print(root);
    cJSON_Delete(root);
    if (text == NULL)
        goto oom_text;
    FILE *f = fopen(path, "w");
    if (f == NULL) {
        snprintf(err, err_cap, "%s: cannot write: %s", path, strerror(errno));
        free(text);
        return -1;
    }
    fputs(text, f);
    fputc('\n', f);
    free(text);
    if (fclose(f) != 0) {
        snprintf(err, err_cap, "%s: write failed", path);
        return -1;
    }
    return 0;
oom:
    cJSON_Delete(root);
oom_text:
    snprintf(err, err_cap, "%s: out of memory", path);
    return -1;
}

/* Strings of the array `key` of `sel` into v[] (at most SCT_FILTER_MAX). */
static int read_strings(const cJSON *sel, const char *key, const char **v, size_t *n,
                        char *err, size_t err_cap)
{
    const cJSON *a = sct_json_member(sel, key);
    *n = 0;
    if (a == NULL)
        return 0;
    if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) > SCT_FILTER_MAX) {
        snprintf(err, err_cap, "selection.%s: not an array of at most %d strings", key,
                 SCT_FILTER_MAX);
        return -1;
    }
    const cJSON *e;
    cJSON_ArrayForEach(e, a) {
        if (!cJSON_IsString(e)) {
            snprintf(err, err_cap, "selection.%s: not a string", key);
            return -1;
        }
        v[(*n)++] = e->valuestring;
    }
    return 0;
}

int sct_bundle_identity_selection(const cJSON *root, sct_case_filter *f, char *err,
                                  size_t err_cap)
{
    memset(f, 0, sizeof *f);
    const cJSON *profile = sct_json_member(root, "profile");
    if (!cJSON_IsString(profile) || (strcmp(profile->valuestring, "onnx") != 0 &&
                                     strcmp(profile->valuestring, "sonnx") != 0)) {
        snprintf(err, err_cap, "profile: missing, or neither \"onnx\" nor \"sonnx\"");
        return -1;
    }
    f->profile_bit = strcmp(profile->valuestring, "onnx") == 0 ? SCT_PROFILE_ONNX
                                                               : SCT_PROFILE_SONNX;
    const cJSON *sel = sct_json_member(root, "selection");
    if (!cJSON_IsObject(sel)) {
        snprintf(err, err_cap, "selection: missing or not an object");
        return -1;
    }
    const char *types[SCT_FILTER_MAX];
    if (read_strings(sel, "op", f->ops, &f->n_ops, err, err_cap) != 0 ||
        read_strings(sel, "tag", f->tags, &f->n_tags, err, err_cap) != 0 ||
        read_strings(sel, "case", f->cases, &f->n_cases, err, err_cap) != 0 ||
        read_strings(sel, "type", types, &f->n_types, err, err_cap) != 0)
        return -1;
    for (size_t i = 0; i < f->n_types; i++) {
        const sct_dtype_info *d = sct_dtype_by_name(types[i]);
        if (d == NULL) {
            snprintf(err, err_cap, "selection.type: unknown type '%s'", types[i]);
            return -1;
        }
        f->types[i] = d->code;
    }
    const cJSON *tier = sct_json_member(root, "tier");
    if (!cJSON_IsString(tier) || strcmp(tier->valuestring, sct_bundle_tier(f)) != 0) {
        snprintf(err, err_cap, "tier: \"%s\" is not what the selection makes it (\"%s\")",
                 cJSON_IsString(tier) ? tier->valuestring : "(missing)", sct_bundle_tier(f));
        return -1;
    }
    return 0;
}
