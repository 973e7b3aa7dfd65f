/*
 * waiver_file.c — governed waivers (waiver_file.h).
 */
#include "waiver_file.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sct/io/file_hash.h"
#include "sct/jsonstream/json_fields.h"
#include "sct/text/owned.h"
#include "sct/writers/json_util.h"

/* Every problem goes through the one field reader (json_fields.h) as
 * "<file>: <field>: <reason>", with the reasons this reader has always
 * written (docs/cli.md "Waivers"); the field is "waivers[k]", followed by
 * what the waiver covers once that is known. */
static void at(sct_json_reader *rd, int k, const char *what)
{
    /* At most 250 characters of what (a case id with its owner): the field
     * fits rd->where and always starts with the waiver's index. */
    snprintf(rd->where, sizeof rd->where, "waivers[%d]%s%.250s%s", k, what ? " (" : "",
             what ? what : "", what ? ")" : "");
}

/* A required string member into `dst`; false with the problem when missing. */
static bool field(sct_json_reader *rd, const cJSON *o, const char *name, char *dst, size_t cap)
{
    const char *s = cJSON_GetStringValue(sct_json_member(o, name));
    if (s == NULL || s[0] == '\0') {
        sct_json_problem(rd, NULL, true, "\"%s\" is required (a non-empty string)", name);
        return false;
    }
    snprintf(dst, cap, "%s", s);
    return true;
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

/* waivers[k]; false with the problem in rd. */
static bool read_one(sct_json_reader *rd, const cJSON *o, int k, sct_waiver *w,
                     const char *today)
{
    memset(w, 0, sizeof *w);
    at(rd, k, NULL);
    const char *c = cJSON_GetStringValue(sct_json_member(o, "case"));
    const char *g = cJSON_GetStringValue(sct_json_member(o, "group"));
    if ((c == NULL) == (g == NULL)) {
        sct_json_problem(rd, NULL, true, "needs exactly one of \"case\" and \"group\"");
        return false;
    }
    w->is_group = g != NULL;
    snprintf(w->target, sizeof w->target, "%s", g != NULL ? g : c);
    snprintf(w->what, sizeof w->what, "%s %s", g != NULL ? "group" : "case", g != NULL ? g : c);
    const cJSON *rt = sct_json_member(o, "runtime");
    const char *sha = cJSON_GetStringValue(sct_json_member(o, "library_sha256"));
    at(rd, k, w->what);
    if ((rt == NULL) == (sha == NULL)) {
        sct_json_problem(rd, NULL, true, "needs exactly one of \"runtime\" {name, version} "
                         "and \"library_sha256\"");
        return false;
    }
    if (sha != NULL && strlen(sha) != 64) {
        sct_json_problem(rd, NULL, true, "\"library_sha256\" must be 64 hex digits");
        return false;
    }
    if (sha != NULL)
        snprintf(w->library_sha256, sizeof w->library_sha256, "%s", sha);
    /* The required members name the waiver by its index only. */
    at(rd, k, NULL);
    if ((rt != NULL && (!field(rd, rt, "name", w->runtime_name, sizeof w->runtime_name) ||
                        !field(rd, rt, "version", w->runtime_version,
                               sizeof w->runtime_version))) ||
        !field(rd, o, "reason", w->reason, sizeof w->reason) ||
        !field(rd, o, "link", w->link, sizeof w->link) ||
        !field(rd, o, "owner", w->owner, sizeof w->owner) ||
        !field(rd, o, "expires", w->expires, sizeof w->expires))
        return false;
    at(rd, k, w->what);
    if (!is_date(w->expires)) {
        sct_json_problem(rd, NULL, true, "\"expires\" must be a date YYYY-MM-DD");
        return false;
    }
    /* ISO dates compare as strings. */
    if (strcmp(w->expires, today) < 0) {
        char who[600];
        snprintf(who, sizeof who, "%s, owner %s", w->what, w->owner);
        at(rd, k, who);
        sct_json_problem(rd, NULL, true, "expired on %s; renew or remove it", w->expires);
        return false;
    }
    return true;
}

int sct_waivers_load(const char *path, const char *today, sct_waivers *out, char *err,
                     size_t err_cap)
{
    memset(out, 0, sizeof *out);
    cJSON *root = sct_json_read_file(path, err, err_cap);
    if (root == NULL)
        return 1;
    sct_json_reader rd = {.file = path, .mode = SCT_JSON_STRICT,
                          .naming = SCT_JSON_NAME_IN_PATH, .err = err, .err_cap = err_cap};
    const char *schema = cJSON_GetStringValue(sct_json_member(root, "schema"));
    const cJSON *list = sct_json_member(root, "waivers"), *it;
    if (schema == NULL || strcmp(schema, "sonnx-cts-waivers") != 0 || !cJSON_IsArray(list)) {
        sct_json_problem(&rd, NULL, true, "not a waiver file (\"schema\": "
                         "\"sonnx-cts-waivers\" and a \"waivers\" array)");
        list = NULL;
    }
    int k = 0;
    cJSON_ArrayForEach(it, list) {
        if (out->n == SCT_WAIVER_MAX) {
            rd.where[0] = '\0';
            sct_json_problem(&rd, NULL, true, "more than %d waivers", SCT_WAIVER_MAX);
        } else if (read_one(&rd, it, k++, &out->w[out->n], today)) {
            out->n++;
        }
        if (rd.failed)
            break;
    }
    cJSON_Delete(root);
    return rd.failed ? 1 : 0;
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
