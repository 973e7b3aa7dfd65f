/*
 * verify_complete.c — completeness of a bundle against the vector set
 * (bundle_verify.h, check 4): the cases the recorded selection takes from
 * the vector set, walked as `run` walks them (sct/select/case_walk.h), are
 * exactly the report's cases.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sct/bundle/bundle_identity.h"
#include "sct/bundle/bundle_layout.h"
#include "sct/io/file_hash.h"
#include "sct/select/case_walk.h"
#include "verify_parts.h"

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sorted copy of the pointers (the strings stay where they are). */
static char **sorted(char *const *v, size_t n)
{
    char **s = malloc((n ? n : 1) * sizeof *s);
    if (s == NULL)
        return NULL;
    memcpy(s, v, n * sizeof *s);
    qsort(s, n, sizeof *s, cmp_str);
    return s;
}

/* Reports the ids of `a` that `b` lacks (both sorted), at most 20 named. */
static size_t report_missing(char **a, size_t na, char **b, size_t nb, const char *fmt,
                             const sct_bundle_verify_opts *o)
{
    size_t i = 0, k = 0, missing = 0;
    char what[1024];
    while (i < na) {
        int c = k < nb ? strcmp(a[i], b[k]) : -1;
        if (c == 0) {
            i++;
            k++;
        } else if (c < 0) {
            if (missing < 20) {
                snprintf(what, sizeof what, fmt, a[i]);
                o->problem(o->user, SCT_BUNDLE_JSON, what);
            }
            missing++;
            i++;
        } else {
            k++;
        }
    }
    if (missing > 20) {
        snprintf(what, sizeof what, "... %zu such cases in all", missing);
        o->problem(o->user, SCT_BUNDLE_JSON, what);
    }
    return missing;
}

/* The requirement catalogue the reports cite is the vector set's: a forger
 * who edits inputs/requirements.json and hashes the manifest again would
 * otherwise get reports that render the same from the edited catalogue. */
static size_t check_catalogue(const char *dir, const sct_vector_set *set,
                              const sct_bundle_verify_opts *o)
{
    char held[4096], theirs[4096], a[SCT_SHA256_HEX_CHARS + 1], b[SCT_SHA256_HEX_CHARS + 1];
    char err[512], what[1024];
    snprintf(held, sizeof held, "%s/%s", dir, SCT_BUNDLE_REQUIREMENTS);
    snprintf(theirs, sizeof theirs, "%s/requirements.json", set->root);
    bool have_held = sct_sha256_file(held, held, a, err, sizeof err) == 0;
    bool have_theirs = sct_sha256_file(theirs, theirs, b, err, sizeof err) == 0;
    if (have_held == have_theirs && (!have_held || strcmp(a, b) == 0))
        return 0;
    snprintf(what, sizeof what, "%s", !have_held ? "missing, but the vector set has a "
             "requirements.json" : !have_theirs ? "present, but the vector set has no "
             "requirements.json" : "differs from the vector set's requirements.json");
    o->problem(o->user, SCT_BUNDLE_REQUIREMENTS, what);
    return 1;
}

/* A fresh-sample case (harness/cli/fresh_sample.c: "<op>/<types>/fresh_sample",
 * drawn at run time from the recorded seed) is not a case of the vector set:
 * its verdict is re-derived like any other, but completeness is the vector
 * set's cases.  What verify cannot check without the plugin: that every
 * group the run sampled is still in the report (docs/qualification). */
static bool is_fresh_sample(const char *id)
{
    static const char suffix[] = "/fresh_sample";
    size_t n = strlen(id), k = sizeof suffix - 1;
    return n > k && strcmp(id + n - k, suffix) == 0;
}

size_t sct_bundle_check_complete(const char *dir, const cJSON *id, const sct_run_report *head,
                                 char *const *ids, size_t n_ids,
                                 const sct_bundle_verify_opts *o)
{
    char err[1024], what[1400];
    sct_case_filter filter;
    if (sct_bundle_identity_selection(id, &filter, err, sizeof err) != 0) {
        o->problem(o->user, SCT_BUNDLE_IDENTITY, err);
        return 1;
    }
    if (head->shard_count > 1) {
        snprintf(what, sizeof what, "shard %u/%u: a certification covers the whole "
                 "selection, not one shard", head->shard_index, head->shard_count);
        o->problem(o->user, SCT_BUNDLE_JSON, what);
        return 1;
    }
    sct_vector_set set;
    memset(&set, 0, sizeof set);
    if (sct_vector_set_open(o->vectors_dir, &set, err, sizeof err) != 0) {
        snprintf(what, sizeof what, "completeness not checked: the vector set cannot be "
                 "opened: %s", err);
        o->problem(o->user, o->vectors_dir, what);
        return 1;
    }
    size_t findings = check_catalogue(dir, &set, o);
    if (head->identity.vector_set_sha256 == NULL ||
        strcmp(head->identity.vector_set_sha256, set.set_sha256) != 0) {
        snprintf(what, sizeof what, "identity.vector_set_sha256 %s, but the vector set %s "
                 "has %s: certified on other vectors", head->identity.vector_set_sha256
                 ? head->identity.vector_set_sha256 : "(missing)", o->vectors_dir,
                 set.set_sha256);
        o->problem(o->user, SCT_BUNDLE_JSON, what);
        findings++;
    }
    char **want = NULL;
    size_t n_want = 0, cap = 0;
    sct_case_walk walk = sct_case_walk_begin(&set, &filter, sct_shard_whole());
    const sct_case *c;
    while ((c = sct_case_walk_next(&walk)) != NULL) {
        if (n_want == cap) {
            cap = cap ? 2 * cap : 1024;
            char **p = realloc(want, cap * sizeof *p);
            if (p == NULL)
                break;
            want = p;
        }
        want[n_want] = sct_strdup(c->id ? c->id : "");
        if (want[n_want] != NULL)
            n_want++;
    }
    char **a = sorted(ids, n_ids), **b = sorted(want, n_want);
    size_t n_fresh = 0;
    if (a != NULL) {
        size_t kept = 0;
        for (size_t i = 0; i < n_ids; i++) {
            if (is_fresh_sample(a[i]))
                n_fresh++;
            else
                a[kept++] = a[i];
        }
        n_ids = kept;
    }
    if (a == NULL || b == NULL) {
        o->problem(o->user, SCT_BUNDLE_JSON, "completeness not checked: out of memory");
        findings++;
    } else {
        size_t missing = report_missing(b, n_want, a, n_ids,
                                        "case \"%s\" of the vector set's selection is "
                                        "missing from the report", o);
        size_t added = report_missing(a, n_ids, b, n_want,
                                      "case \"%s\" is in the report but not in the "
                                      "vector set's selection", o);
        findings += missing + added;
        if (missing + added == 0 && o->note != NULL) {
            snprintf(what, sizeof what, "completeness: the report's %zu cases are exactly "
                     "the %s tier of profile %s in %s (besides %zu fresh-sample groups "
                     "drawn at run time)", n_ids, sct_bundle_tier(&filter),
                     head->identity.profile, o->vectors_dir, n_fresh);
            o->note(o->user, what);
        }
    }
    free(a);
    free(b);
    sct_strv_free(want, n_want);
    sct_vector_set_free(&set);
    return findings;
}
