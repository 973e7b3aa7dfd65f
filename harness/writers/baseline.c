/*
 * baseline.c — writing a baseline and comparing a run with one
 * (baseline.h).  Only verdicts decide; max_ulp and exec_status changes
 * under an unchanged verdict and identity differences (vector-set hash,
 * backend version) are reported as notes.
 */
#include "sct/writers/baseline.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "sct/jsonstream/json_index.h"
#include "sct/writers/json_util.h"
#include "sct/numeric/dtype.h"
#include "sct/results/verdict.h"

static bool has_ulp(const sct_case_result *c)
{
    const sct_dtype_info *d = sct_dtype_by_code(c->output.elem_type);
    return c->compared && d != NULL && d->kind == SCT_KIND_FLOAT;
}

typedef struct case_source {
    const char *path;
    const sct_run_report *r;
} case_source;

/* sct_json_item_fn: the baseline entry of case i. */
static cJSON *baseline_item(void *user, size_t i, char *err, size_t err_cap)
{
    const case_source *src = user;
    const sct_case_result *c = sct_run_report_case(src->r, i);
    if (c == NULL) {
        snprintf(err, err_cap, "%s: %s", src->path, sct_run_report_error(src->r));
        return NULL;
    }
    cJSON *o = cJSON_CreateObject();
    bool ok = o != NULL && sct_json_add_str(o, "id", c->id) &&
              sct_json_add_str(o, "verdict", sct_verdict_name(c->verdict));
    if (ok && c->exec_status[0])
        ok = sct_json_add_str(o, "exec_status", c->exec_status);
    else if (ok)
        ok = cJSON_AddNullToObject(o, "exec_status") != NULL;
    if (ok && has_ulp(c))
        ok = sct_json_add_u64(o, "max_ulp", c->stats.max_ulp);
    else if (ok)
        ok = cJSON_AddNullToObject(o, "max_ulp") != NULL;
    if (!ok) {
        /* An entry without its verdict would hide a change. */
        cJSON_Delete(o);
        snprintf(err, err_cap, "%s: out of memory", src->path);
        return NULL;
    }
    return o;
}

int sct_baseline_write(const char *path, const sct_run_report *r, char *err,
                       size_t err_cap)
{
    const sct_run_identity *id = &r->identity;
    cJSON *root = cJSON_CreateObject();
    if (root == NULL) {
        snprintf(err, err_cap, "%s: out of memory", path);
        return 1;
    }
    sct_json_add_str(root, "schema", SCT_BASELINE_SCHEMA);
    sct_json_add_str(root, "schema_version", SCT_BASELINE_SCHEMA_VERSION);
    sct_json_add_str(root, "harness_version", id->harness_version);
    sct_json_add_str(root, "profile", id->profile);
    sct_json_add_str(root, "vector_set_sha256", id->vector_set_sha256);
    cJSON *b = cJSON_AddObjectToObject(root, "backend");
    sct_json_add_str(b, "vendor", id->vendor);
    sct_json_add_str(b, "runtime_name", id->runtime_name);
    sct_json_add_str(b, "runtime_version", id->runtime_version);
    sct_json_add_u64(b, "abi_major", id->abi_major);
    sct_json_add_u64(b, "abi_minor", id->abi_minor);
    /* Options that change verdicts: a comparison notes a difference. */
    cJSON *opts = cJSON_AddObjectToObject(root, "options");
    cJSON_AddBoolToObject(opts, "strict_nan", r->options.strict_nan);
    /* The cases are streamed one at a time (sct_json_write_streamed). */
    if (!sct_json_add_item(root, "cases", cJSON_CreateRaw(SCT_JSON_STREAM_MARK))) {
        snprintf(err, err_cap, "%s: out of memory", path);
        cJSON_Delete(root);
        return 1;
    }
    case_source src = {path, r};
    int rc = sct_json_write_streamed(path, root, r->n_cases, baseline_item, &src, err,
                                     err_cap);
    cJSON_Delete(root);
    return rc;
}

/* One baseline entry while comparing: 16 bytes, the entry itself stays in
 * the file (json_index.h) and is re-read when a run case matches its id
 * hash, so that comparing with a baseline does not grow with the number of
 * cases beyond this table (issue 6). */
typedef struct entry {
    uint64_t hash;      /* FNV-1a of the id */
    uint32_t index;     /* element of the baseline's "cases" */
    uint8_t verdict;    /* sct_verdict */
    bool seen;
} entry;

static int entry_cmp(const void *a, const void *b)
{
    const entry *x = a, *y = b;
    if (x->hash != y->hash)
        return x->hash < y->hash ? -1 : 1;
    return (x->index > y->index) - (x->index < y->index);
}

/* The baseline entry whose id is `id` (the first in file order when the
 * baseline repeats it), parsed into *obj (caller deletes); NULL when there is
 * none; sets *io_error (with err) when an entry cannot be re-read. */
static entry *find_entry(const sct_json_index *ix, entry *e, size_t n, const char *id,
                         cJSON **obj, bool *io_error, char *err, size_t err_cap)
{
    uint64_t h = sct_json_fnv1a_str(id);
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (e[mid].hash < h)
            lo = mid + 1;
        else
            hi = mid;
    }
    for (; lo < n && e[lo].hash == h; lo++) {
        cJSON *o = sct_json_index_element(ix, e[lo].index, err, err_cap);
        if (o == NULL) {
            *io_error = true;
            return NULL;
        }
        const char *eid = sct_json_get_str(o, "id");
        if (eid != NULL && strcmp(eid, id) == 0) {
            *obj = o;
            return &e[lo];
        }
        cJSON_Delete(o); /* a hash collision, not this id */
    }
    return NULL;
}

static void note_identity(FILE *out, const char *what, const char *base,
                          const char *now, sct_baseline_diff *d)
{
    if (base == NULL || now == NULL || strcmp(base, now) == 0)
        return;
    fprintf(out, "baseline note: %s differs: baseline %s, this run %s\n", what,
            base, now);
    d->identity_notes++;
}

int sct_baseline_compare(const char *path, const sct_run_report *r, FILE *out,
                         sct_baseline_diff *d, char *err, size_t err_cap)
{
    memset(d, 0, sizeof *d);
    sct_json_index ix;
    char why[512];
    if (sct_json_index_file(path, "cases", SCT_BASELINE_MAX_BYTES, SCT_BASELINE_MAX_ENTRY_BYTES,
                            NULL, NULL, &ix, why, sizeof why) != 0) {
        snprintf(err, err_cap, "%s: %s", path, why);
        return 1;
    }
    const cJSON *root = ix.root;
    const char *schema = sct_json_get_str(root, "schema");
    const char *profile = sct_json_get_str(root, "profile");
    if (schema == NULL || strcmp(schema, SCT_BASELINE_SCHEMA) != 0 ||
        profile == NULL || !ix.has_array) {
        snprintf(err, err_cap, "%s: not a %s file (schema, profile or cases "
                 "missing)", path, SCT_BASELINE_SCHEMA);
        sct_json_index_free(&ix);
        return 1;
    }
    if (strcmp(profile, r->identity.profile) != 0) {
        snprintf(err, err_cap, "%s: baseline recorded under profile %s, this "
                 "run uses profile %s", path, profile, r->identity.profile);
        sct_json_index_free(&ix);
        return 1;
    }
    size_t n = ix.n_spans;
    entry *e = n <= UINT32_MAX ? calloc(n ? n : 1, sizeof *e) : NULL;
    if (e == NULL) {
        snprintf(err, err_cap, "%s: out of memory", path);
        sct_json_index_free(&ix);
        return 1;
    }
    for (size_t k = 0; k < n; k++) {
        cJSON *it = sct_json_index_element(&ix, k, why, sizeof why);
        const char *id = sct_json_get_str(it, "id");
        const char *v = sct_json_get_str(it, "verdict");
        sct_verdict verdict = v ? sct_verdict_from_name(v) : SCT_VERDICT_COUNT;
        if (it == NULL)
            snprintf(err, err_cap, "%s: case %zu: %s", path, k, why);
        else if (id == NULL || verdict == SCT_VERDICT_COUNT)
            snprintf(err, err_cap, "%s: case %zu has no id or no valid verdict", path, k);
        else
            e[k] = (entry){sct_json_fnv1a_str(id), (uint32_t)k, (uint8_t)verdict, false};
        cJSON_Delete(it);
        if (it == NULL || id == NULL || verdict == SCT_VERDICT_COUNT) {
            free(e);
            sct_json_index_free(&ix);
            return 1;
        }
    }
    qsort(e, n, sizeof *e, entry_cmp);

    note_identity(out, "vector set sha256", sct_json_get_str(root, "vector_set_sha256"),
                  r->identity.vector_set_sha256, d);
    const cJSON *b = cJSON_GetObjectItemCaseSensitive(root, "backend");
    note_identity(out, "runtime", sct_json_get_str(b, "runtime_name"),
                  r->identity.runtime_name, d);
    note_identity(out, "runtime version", sct_json_get_str(b, "runtime_version"),
                  r->identity.runtime_version, d);

    const cJSON *bopts = cJSON_GetObjectItemCaseSensitive(root, "options");
    const cJSON *bstrict = cJSON_GetObjectItemCaseSensitive(bopts, "strict_nan");
    if (cJSON_IsBool(bstrict) && cJSON_IsTrue(bstrict) != r->options.strict_nan) {
        fprintf(out, "baseline note: --strict-nan differs: baseline %s, this run %s "
                "(NaN verdicts may differ for that reason alone)\n",
                cJSON_IsTrue(bstrict) ? "on" : "off", r->options.strict_nan ? "on" : "off");
        d->identity_notes++;
    }

    int rc = 0;
    for (size_t i = 0; i < r->n_cases; i++) {
        const sct_case_result *c = sct_run_report_case(r, i);
        if (c == NULL) {
            snprintf(err, err_cap, "%s", sct_run_report_error(r));
            rc = 1;
            break;
        }
        cJSON *obj = NULL;
        bool io_error = false;
        entry *found = find_entry(&ix, e, n, c->id, &obj, &io_error, why, sizeof why);
        if (io_error) {
            snprintf(err, err_cap, "%s: %s", path, why);
            rc = 1;
            break;
        }
        const char *now = sct_verdict_name(c->verdict);
        if (found == NULL) {
            d->unknown++;
            fprintf(out, "baseline: NEW CASE %s: %s (not in the baseline)\n",
                    c->id, now);
            continue;
        }
        found->seen = true;
        d->compared++;
        const char *was = sct_verdict_name((sct_verdict)found->verdict);
        if (found->verdict != (uint8_t)c->verdict) {
            d->changed++;
            bool passing = c->verdict == SCT_VERDICT_PASS;
            bool was_passing = found->verdict == (uint8_t)SCT_VERDICT_PASS;
            if (passing)
                d->now_passing++;
            if (was_passing)
                d->new_failures++;
            fprintf(out, "baseline: CHANGED %s: %s -> %s%s\n", c->id, was, now,
                    passing ? " (now passes: update the baseline)"
                    : was_passing ? " (new failure)" : "");
            cJSON_Delete(obj);
            continue;
        }
        uint64_t base_ulp;
        if (has_ulp(c) && sct_json_get_u64(obj, "max_ulp", &base_ulp) &&
            base_ulp != c->stats.max_ulp) {
            d->ulp_changed++;
            fprintf(out, "baseline note: %s: max_ulp %" PRIu64 " -> %" PRIu64
                    " (verdict %s unchanged)\n", c->id, base_ulp,
                    c->stats.max_ulp, now);
        }
        cJSON_Delete(obj);
    }
    if (rc != 0) {
        free(e);
        sct_json_index_free(&ix);
        return rc;
    }
    for (size_t i = 0; i < n; i++)
        if (!e[i].seen)
            d->not_run++;
    fprintf(out, "baseline: %zu case(s) compared, %zu changed (%zu new "
            "failure(s), %zu now passing), %zu new, %zu in the baseline but not "
            "run\n", d->compared, d->changed, d->new_failures, d->now_passing,
            d->unknown, d->not_run);
    free(e);
    sct_json_index_free(&ix);
    return 0;
}
