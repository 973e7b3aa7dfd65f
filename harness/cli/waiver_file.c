/*
 * waiver_file.c — governed waivers (waiver_file.h).
 */
#include "waiver_file.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sct/io/file_hash.h"
#include "sct/text/owned.h"
#include "sct/writers/json_util.h"

/* A required string member into `dst`; non-zero with err when missing. */
static int field(const cJSON *o, const char *name, char *dst, size_t cap, const char *where,
                 char *err, size_t err_cap)
{
    const char *s = sct_json_get_str(o, name);
    if (s == NULL || s[0] == '\0') {
        snprintf(err, err_cap, "%s: \"%s\" is required (a non-empty string)", where, name);
        return 1;
    }
    snprintf(dst, cap, "%s", s);
    return 0;
}

static bool is_date(const char *s)
{
    if (strlen(s) != 10 || s[4] != '-' || s[7] != '-')
        return false;
    for (int i = 0; i < 10; i++)
        if (i != 4 && i != 7 && (s[i] < '0' || s[i] > '9'))
            return false;
    return true;
}

static int read_one(const cJSON *o, sct_waiver *w, const char *where, const char *today,
                    char *err, size_t err_cap)
{
    memset(w, 0, sizeof *w);
    const char *c = sct_json_get_str(o, "case"), *g = sct_json_get_str(o, "group");
    if ((c == NULL) == (g == NULL)) {
        snprintf(err, err_cap, "%s: needs exactly one of \"case\" and \"group\"", where);
        return 1;
    }
    w->is_group = g != NULL;
    snprintf(w->target, sizeof w->target, "%s", g != NULL ? g : c);
    snprintf(w->what, sizeof w->what, "%s %s", g != NULL ? "group" : "case", g != NULL ? g : c);
    const cJSON *rt = cJSON_GetObjectItemCaseSensitive(o, "runtime");
    const char *sha = sct_json_get_str(o, "library_sha256");
    if ((rt == NULL) == (sha == NULL)) {
        snprintf(err, err_cap, "%s (%s): needs exactly one of \"runtime\" {name, version} "
                 "and \"library_sha256\"", where, w->what);
        return 1;
    }
    if (rt != NULL && (field(rt, "name", w->runtime_name, sizeof w->runtime_name, where, err,
                             err_cap) != 0 ||
                       field(rt, "version", w->runtime_version, sizeof w->runtime_version,
                             where, err, err_cap) != 0))
        return 1;
    if (sha != NULL) {
        if (strlen(sha) != 64) {
            snprintf(err, err_cap, "%s (%s): \"library_sha256\" must be 64 hex digits", where,
                     w->what);
            return 1;
        }
        snprintf(w->library_sha256, sizeof w->library_sha256, "%s", sha);
    }
    if (field(o, "reason", w->reason, sizeof w->reason, where, err, err_cap) != 0 ||
        field(o, "link", w->link, sizeof w->link, where, err, err_cap) != 0 ||
        field(o, "owner", w->owner, sizeof w->owner, where, err, err_cap) != 0 ||
        field(o, "expires", w->expires, sizeof w->expires, where, err, err_cap) != 0)
        return 1;
    if (!is_date(w->expires)) {
        snprintf(err, err_cap, "%s (%s): \"expires\" must be a date YYYY-MM-DD", where,
                 w->what);
        return 1;
    }
    /* ISO dates compare as strings. */
    if (strcmp(w->expires, today) < 0) {
        snprintf(err, err_cap, "%s (%s, owner %s): expired on %s; renew or remove it", where,
                 w->what, w->owner, w->expires);
        return 1;
    }
    return 0;
}

int sct_waivers_load(const char *path, const char *today, sct_waivers *out, char *err,
                     size_t err_cap)
{
    memset(out, 0, sizeof *out);
    cJSON *root = sct_json_read_file(path, err, err_cap);
    if (root == NULL)
        return 1;
    const char *schema = sct_json_get_str(root, "schema");
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(root, "waivers"), *it;
    int rc = 0;
    if (schema == NULL || strcmp(schema, "sonnx-cts-waivers") != 0 || !cJSON_IsArray(list)) {
        snprintf(err, err_cap, "%s: not a waiver file (\"schema\": \"sonnx-cts-waivers\" "
                 "and a \"waivers\" array)", path);
        rc = 1;
    }
    int k = 0;
    const cJSON *each = rc == 0 ? list : NULL;
    cJSON_ArrayForEach(it, each) {
        char where[1100];
        snprintf(where, sizeof where, "%s: waivers[%d]", path, k++);
        if (out->n == SCT_WAIVER_MAX) {
            snprintf(err, err_cap, "%s: more than %d waivers", path, SCT_WAIVER_MAX);
            rc = 1;
        } else {
            rc = read_one(it, &out->w[out->n], where, today, err, err_cap);
            out->n += rc == 0;
        }
        if (rc != 0)
            break;
    }
    cJSON_Delete(root);
    return rc;
}

int sct_waivers_check_runtime(const sct_waivers *w, const sct_backend_identity *id, char *err,
                              size_t err_cap)
{
    char sha[SCT_SHA256_HEX_CHARS + 1] = "";
    bool have_sha = false;
    for (size_t i = 0; i < w->n; i++) {
        const sct_waiver *v = &w->w[i];
        if (v->library_sha256[0] != '\0') {
            char why[512];
            if (!have_sha && sct_sha256_file(id->plugin_path, id->plugin_path, sha, why,
                                             sizeof why) != 0)
                snprintf(sha, sizeof sha, "(none)");
            have_sha = true;
            if (strcmp(sha, v->library_sha256) != 0) {
                snprintf(err, err_cap, "waiver %s (owner %s) is for library sha256 %s, the "
                         "plugin %s has %s", v->what, v->owner, v->library_sha256,
                         id->plugin_path, sha);
                return 1;
            }
        } else if (strcmp(v->runtime_name, id->runtime_name) != 0 ||
                   strcmp(v->runtime_version, id->runtime_version) != 0) {
            snprintf(err, err_cap, "waiver %s (owner %s) is for runtime %s %s, this run "
                     "tests %s %s", v->what, v->owner, v->runtime_name, v->runtime_version,
                     id->runtime_name, id->runtime_version);
            return 1;
        }
    }
    return 0;
}

static bool fails(sct_verdict v)
{
    return v == SCT_VERDICT_FAIL || v == SCT_VERDICT_CRASH || v == SCT_VERDICT_TIMEOUT ||
           v == SCT_VERDICT_DECLINED_AT_RUN;
}

void sct_waivers_judge(sct_waivers *w, sct_case_result *c, const char *group)
{
    if (w == NULL || !fails(c->verdict))
        return;
    sct_waiver *found = NULL;
    for (size_t i = 0; i < w->n && found == NULL; i++)
        if (strcmp(w->w[i].target, w->w[i].is_group ? group : c->id) == 0)
            found = &w->w[i];
    if (found == NULL)
        return;
    found->matched++;
    char *m = NULL;
    size_t n = strlen(c->message) + strlen(found->what) + strlen(found->reason) +
               strlen(found->link) + strlen(found->owner) + 128;
    if ((m = malloc(n)) != NULL) {
        snprintf(m, n, "%s waived by %s (%s; %s; owner %s; expires %s): %s",
                 sct_verdict_name(c->verdict), found->what, found->reason, found->link,
                 found->owner, found->expires, c->message);
        free(c->message);
        c->message = m;
    }
    c->verdict = SCT_VERDICT_WAIVED;
}

int sct_waivers_record(const sct_waivers *w, sct_run_report *r)
{
    if (w == NULL || w->n == 0)
        return 0;
    r->waivers = calloc(w->n, sizeof *r->waivers);
    if (r->waivers == NULL)
        return 1;
    r->n_waivers = w->n;
    for (size_t i = 0; i < w->n; i++) {
        const sct_waiver *v = &w->w[i];
        sct_waiver_note *n = &r->waivers[i];
        char runtime[300];
        if (v->library_sha256[0] != '\0')
            snprintf(runtime, sizeof runtime, "sha256 %s", v->library_sha256);
        else
            snprintf(runtime, sizeof runtime, "%s %s", v->runtime_name, v->runtime_version);
        n->what = sct_strdup(v->what);
        n->runtime = sct_strdup(runtime);
        n->reason = sct_strdup(v->reason);
        n->link = sct_strdup(v->link);
        n->owner = sct_strdup(v->owner);
        n->expires = sct_strdup(v->expires);
        n->matched = v->matched;
        if (!n->what || !n->runtime || !n->reason || !n->link || !n->owner || !n->expires)
            return 1;
    }
    return 0;
}
