/*
 * merge.c — shard reports -> the whole run's report (merge.h): checks
 * that the shards belong to one run, then puts the cases back in the
 * unsharded order (shard.h: the k-th selected case is case k div N of
 * shard k mod N + 1).
 */
#include "sct/jsonstream/json_index.h"
#include "sct/merge/merge.h"
#include "sct/results/report_read.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "merge_governance.h"
#include "sct/select/shard.h"

/* Fields that must be equal in every shard for the merge to be the same
 * run: the vector set, the profile, the implementation, the harness, the
 * options and the selection. */
typedef struct same_field {
    const char *name;
    const char *(*get)(const sct_run_report *r);
} same_field;

#define STR_FIELD(fn, expr) \
    static const char *fn(const sct_run_report *r) { return (expr); }
STR_FIELD(f_sha, r->identity.vector_set_sha256)
STR_FIELD(f_profile, r->identity.profile)
STR_FIELD(f_format, r->identity.vector_format_version)
STR_FIELD(f_harness, r->identity.harness_version)
STR_FIELD(f_vendor, r->identity.vendor)
STR_FIELD(f_runtime, r->identity.runtime_name)
STR_FIELD(f_version, r->identity.runtime_version)
STR_FIELD(f_plugin, r->identity.plugin_path)
STR_FIELD(f_isolation, r->identity.isolation)
STR_FIELD(f_vendor_options, r->options.vendor_options)
STR_FIELD(f_filters, r->options.filters)

static const same_field k_same[] = {
    {"identity.vector_set_sha256 (a different vector set)", f_sha},
    {"identity.profile", f_profile},
    {"identity.vector_format_version", f_format},
    {"identity.harness_version", f_harness},
    {"identity.backend.vendor (a different implementation)", f_vendor},
    {"identity.backend.runtime_name (a different implementation)", f_runtime},
    {"identity.backend.runtime_version (a different implementation)", f_version},
    {"identity.backend.plugin_path (a different plugin)", f_plugin},
    {"identity.backend.isolation", f_isolation},
    {"options.vendor_options", f_vendor_options},
    {"options.filters (a different selection)", f_filters},
};

int sct_merge_check_same_run(const char *const *paths, const sct_run_report *r,
                             size_t n, bool same_split, char *err, size_t err_cap)
{
    const sct_run_report *a = &r[0];
    for (size_t i = 1; i < n; i++) {
        const sct_run_report *b = &r[i];
        for (size_t f = 0; f < sizeof k_same / sizeof k_same[0]; f++)
            if (strcmp(k_same[f].get(a), k_same[f].get(b)) != 0) {
                snprintf(err, err_cap, "%s and %s are not shards of one run: "
                         "%s differs (\"%s\" vs \"%s\")", paths[0], paths[i],
                         k_same[f].name, k_same[f].get(a), k_same[f].get(b));
                return 1;
            }
        const char *what = NULL;
        if (a->identity.abi_major != b->identity.abi_major ||
            a->identity.abi_minor != b->identity.abi_minor)
            what = "identity.backend.abi_major/abi_minor";
        else if (a->options.max_errors != b->options.max_errors)
            what = "options.max_errors";
        else if (a->options.strict_nan != b->options.strict_nan)
            what = "options.strict_nan";
        else if (a->options.require_enforcement != b->options.require_enforcement)
            what = "options.require_enforcement";
        else if (strcmp(a->options.claim ? a->options.claim : "",
                        b->options.claim ? b->options.claim : "") != 0)
            what = "options.claim";
        else if (a->options.isolate != b->options.isolate)
            what = "options.isolate";
        else if (a->options.timeout_seconds != b->options.timeout_seconds)
            what = "options.timeout_seconds";
        else if (a->n_filtered_profile != b->n_filtered_profile ||
                 a->n_filtered_selection != b->n_filtered_selection)
            what = "summary.not_in_profile/excluded_by_filters (a different selection)";
        else if (same_split && a->shard_count != b->shard_count)
            what = "shard.count (shards of different splits)";
        else if (same_split && a->shard_total != b->shard_total)
            what = "shard.cases_before_sharding (a different selection)";
        if (what) {
            snprintf(err, err_cap, "%s and %s are not shards of one run: %s differs",
                     paths[0], paths[i], what);
            return 1;
        }
    }
    return 0;
}

/* Every shard 1..N exactly once, each with the case count the rule gives. */
static int check_shards(const char *const *paths, const sct_run_report *r, size_t n,
                        size_t *order, char *err, size_t err_cap)
{
    uint32_t count = r[0].shard_count;
    if ((size_t)count != n) {
        /* Name the missing or surplus shards. */
        char list[256] = "";
        size_t o = 0;
        for (uint32_t s = 1; s <= count && o < sizeof list - 12; s++) {
            bool seen = false;
            for (size_t i = 0; i < n; i++)
                seen |= r[i].shard_index == s;
            if (!seen)
                o += (size_t)snprintf(list + o, sizeof list - o, " %u/%u", s, count);
        }
        snprintf(err, err_cap, "the run was split into %u shards but %zu report(s) "
                 "were given%s%s", count, n, o ? "; missing:" : "", list);
        return 1;
    }
    for (size_t i = 0; i < n; i++)
        order[i] = n;
    for (size_t i = 0; i < n; i++) {
        size_t s = r[i].shard_index - 1u;
        if (r[i].merged_from > 0) {
            snprintf(err, err_cap, "%s is already a merged report", paths[i]);
            return 1;
        }
        if (order[s] != n) {
            snprintf(err, err_cap, "%s and %s are the same shard %u/%u (overlapping "
                     "shards)", paths[order[s]], paths[i], r[i].shard_index, count);
            return 1;
        }
        order[s] = i;
        sct_shard_spec spec = {r[i].shard_index, count};
        size_t want = sct_shard_case_count(&spec, r[i].shard_total);
        if (r[i].n_cases != want) {
            snprintf(err, err_cap, "%s: shard %u/%u holds %zu cases, the sharding "
                     "rule gives %zu of %zu (truncated or edited report?)", paths[i],
                     r[i].shard_index, count, r[i].n_cases, want, r[i].shard_total);
            return 1;
        }
    }
    return 0;
}


typedef struct id_key {
    uint64_t hash;
    size_t index;
} id_key;

static int key_cmp(const void *a, const void *b)
{
    const id_key *x = a, *y = b;
    if (x->hash != y->hash)
        return x->hash < y->hash ? -1 : 1;
    return x->index < y->index ? -1 : x->index > y->index;
}

/* A case id in two shards would mean the shards were cut from different
 * selections even though counts agree.  Only one case record can be read
 * at a time (report_model.h), so ids are compared through a 64-bit hash
 * (16 bytes per case) and only equal hashes are read back and compared. */
static int check_disjoint(const sct_run_report *out, char *err, size_t err_cap)
{
    if (out->n_cases < 2)
        return 0;
    id_key *keys = malloc(out->n_cases * sizeof *keys);
    if (keys == NULL) {
        snprintf(err, err_cap, "out of memory");
        return 1;
    }
    int rc = 0;
    for (size_t i = 0; i < out->n_cases && rc == 0; i++) {
        const sct_case_result *c = sct_run_report_case(out, i);
        if (c == NULL) {
            snprintf(err, err_cap, "%s", sct_run_report_error(out));
            rc = 1;
            break;
        }
        keys[i].hash = sct_json_fnv1a_str(c->id);
        keys[i].index = i;
    }
    if (rc == 0)
        qsort(keys, out->n_cases, sizeof *keys, key_cmp);
    for (size_t i = 1; i < out->n_cases && rc == 0; i++) {
        if (keys[i - 1].hash != keys[i].hash)
            continue;
        const sct_case_result *a = sct_run_report_case(out, keys[i - 1].index);
        char *first = a ? sct_strdup(a->id) : NULL;
        const sct_case_result *b = first ? sct_run_report_case(out, keys[i].index) : NULL;
        if (b == NULL) {
            snprintf(err, err_cap, "%s", first == NULL && a != NULL
                     ? "out of memory" : sct_run_report_error(out));
            rc = 1;
        } else if (strcmp(first, b->id) == 0) {
            snprintf(err, err_cap, "case \"%s\" appears in more than one shard "
                     "(overlapping shards)", first);
            rc = 1;
        }
        free(first);
    }
    free(keys);
    return rc;
}

/* Copies the shard case records into `out` in unsharded order, one at a
 * time through the spools. */
static int interleave(sct_run_report *r, const size_t *order, size_t n,
                      sct_run_report *out, char *err, size_t err_cap)
{
    size_t total = r[order[0]].shard_total;
    for (size_t p = 0; p < total; p++) {
        const sct_run_report *src = &r[order[p % n]];
        const sct_case_result *c = sct_run_report_case(src, p / n);
        if (c == NULL) {
            snprintf(err, err_cap, "%s", sct_run_report_error(src));
            return 1;
        }
        sct_case_result *dst = sct_run_report_add_case(out);
        if (dst == NULL) {
            snprintf(err, err_cap, "%s", sct_run_report_error(out));
            return 1;
        }
        if (sct_case_result_copy(dst, c) != 0) {
            snprintf(err, err_cap, "out of memory");
            return 1;
        }
    }
    if (sct_run_report_flush(out) != 0) {
        snprintf(err, err_cap, "%s", sct_run_report_error(out));
        return 1;
    }
    return 0;
}

char *sct_merge_hosts(const sct_run_report *r, const size_t *order, size_t n)
{
    size_t len = 1;
    for (size_t i = 0; i < n; i++)
        len += strlen(r[i].identity.host) + 2;
    char *s = calloc(len, 1);
    if (s == NULL)
        return NULL;
    for (size_t i = 0; i < n; i++) {
        const char *h = r[order[i]].identity.host;
        bool dup = false;
        for (size_t k = 0; k < i; k++)
            dup |= strcmp(r[order[k]].identity.host, h) == 0;
        if (dup)
            continue;
        if (s[0])
            strcat(s, ", ");
        strcat(s, h);
    }
    return s;
}

static void take(char **dst, char **src)
{
    free(*dst);
    *dst = *src;
    *src = NULL;
}

int sct_merge_reports(const char *const *paths, size_t n, const char *command_line,
                      sct_run_report *out, char *err, size_t err_cap)
{
    sct_run_report_init(out);
    if (n == 0) {
        snprintf(err, err_cap, "no report to merge");
        return 1;
    }
    sct_run_report *r = calloc(n, sizeof *r);
    size_t *order = calloc(n, sizeof *order);
    int rc = (r == NULL || order == NULL);
    if (rc)
        snprintf(err, err_cap, "out of memory");
    size_t loaded = 0;
    for (; rc == 0 && loaded < n; loaded++)
        if (sct_report_read_all(paths[loaded], &r[loaded], err, err_cap) != 0)
            rc = 1;
    if (rc == 0)
        rc = sct_merge_check_same_run(paths, r, n, true, err, err_cap);
    if (rc == 0)
        rc = check_shards(paths, r, n, order, err, err_cap);
    if (rc == 0)
        rc = interleave(r, order, n, out, err, err_cap);
    if (rc == 0)
        rc = check_disjoint(out, err, err_cap);
    if (rc == 0)
        rc = sct_merge_governance(paths, r, order, n, out, err, err_cap);
    if (rc == 0) {
        /* Identity and options of shard 1; the fields documented to differ
         * from an unsharded run are set here. */
        sct_run_report *first = &r[order[0]];
        char *hosts = sct_merge_hosts(r, order, n); /* before identity moves out */
        out->identity = first->identity;
        memset(&first->identity, 0, sizeof first->identity);
        out->options = first->options;
        memset(&first->options, 0, sizeof first->options);
        if (hosts != NULL)
            take(&out->identity.host, &hosts);
        char *cmd = sct_strdup(command_line);
        take(&out->identity.command_line, &cmd);
        out->n_filtered_profile = first->n_filtered_profile;
        out->n_filtered_selection = first->n_filtered_selection;
        out->seconds = 0.0;
        for (size_t i = 0; i < n; i++)
            out->seconds += r[i].seconds;
        out->shard_index = 1;
        out->shard_count = 1;
        out->shard_total = first->shard_total;
        out->merged_from = (uint32_t)n;
    }
    for (size_t i = 0; i < loaded && r != NULL; i++)
        sct_run_report_free(&r[i]);
    free(r);
    free(order);
    if (rc != 0)
        sct_run_report_free(out);
    return rc;
}
