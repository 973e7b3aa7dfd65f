/*
 * baseline.c — writing a baseline and comparing a run with one
 * (baseline.h).  Verdicts decide, and a failing case that fails worse
 * (more mismatching elements, a larger max ULP, a new deviation class) is
 * a change too; max_ulp changes of a passing case and identity differences
 * (vector-set hash, backend version) are notes.
 */
#include "sct/writers/baseline.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "sct/jsonstream/json_fields.h"
#include "sct/jsonstream/json_index.h"
#include "sct/results/report_read.h"
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
    /* How a compared case failed, so that failing worse is a change. */
    if (ok && c->compared) {
        ok = sct_json_add_u64(o, "mismatches", c->stats.mismatches);
        cJSON *dev = ok ? cJSON_AddObjectToObject(o, "deviation_counts") : NULL;
        ok = ok && dev != NULL;
        for (int k = 1; ok && k < (int)SCT_DEV_COUNT; k++)
            if (c->stats.deviation_counts[k] != 0)
                ok = sct_json_add_u64(dev, sct_deviation_name((sct_deviation)k),
                                      c->stats.deviation_counts[k]);
    }
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
 * the file (read through report_read.h, which indexes it) and is read
 * again when a run case matches its id hash, so that comparing with a
 * baseline does not grow with the number of cases beyond this table. */
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
 * baseline repeats it), read into *rec (caller frees); NULL when there is
 * none; sets *io_error (with err) when an entry cannot be read again. */
static entry *find_entry(const sct_report_file *f, entry *e, size_t n, const char *id,
                         sct_case_result *rec, bool *io_error, char *err, size_t err_cap)
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
        if (sct_report_read_case(f, e[lo].index, true, rec, NULL, NULL, err, err_cap) != 0) {
            *io_error = true;
            return NULL;
        }
        if (strcmp(rec->id, id) == 0)
            return &e[lo];
        sct_case_result_free(rec); /* a hash collision, not this id */
    }
    return NULL;
}

/* A case failing with the same verdict as in the baseline, but worse:
 * more mismatching elements, a larger max ULP, or a deviation class the
 * baseline did not have.  `what` says which. */
static bool fails_worse(const sct_case_result *c, const sct_case_result *base, char *what,
                        size_t cap)
{
    if (!c->compared)
        return false;
    if (has_ulp(c) && base->compared && c->stats.max_ulp > base->stats.max_ulp) {
        snprintf(what, cap, "max_ulp %" PRIu64 " -> %" PRIu64, base->stats.max_ulp,
                 c->stats.max_ulp);
        return true;
    }
    if (base->stats.mismatches == SCT_BASELINE_NO_DETAIL)
        return false; /* an older baseline: only its max_ulp to go by */
    if (c->stats.mismatches > base->stats.mismatches) {
        snprintf(what, cap, "mismatching elements %" PRIu64 " -> %" PRIu64,
                 base->stats.mismatches, c->stats.mismatches);
        return true;
    }
    for (int k = 1; k < (int)SCT_DEV_COUNT; k++)
        if (c->stats.deviation_counts[k] != 0 && base->stats.deviation_counts[k] == 0) {
            snprintf(what, cap, "new deviation class %s", sct_deviation_name((sct_deviation)k));
            return true;
        }
    return false;
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
    sct_report_file *f = NULL;
    sct_report_read_opts opts = {.mode = SCT_READ_STRICT, .baseline = true};
    if (sct_report_open(path, &opts, &f, err, err_cap) != 0)
        return 1;
    /* The head is read with the one field reader (json_fields.h): `rd`
     * refuses ("<file>: <reason>"), `quiet` reads what only makes notes
     * (a missing or mistyped member is no note, never an error). */
    sct_json_reader rd = {.file = path, .mode = SCT_JSON_STRICT,
                          .naming = SCT_JSON_NAME_IN_PATH, .err = err, .err_cap = err_cap};
    sct_json_reader quiet = {.file = path, .mode = SCT_JSON_TOLERANT,
                             .naming = SCT_JSON_NAME_IN_PATH};
    const cJSON *root = sct_report_run_json(f);
    const char *profile = sct_json_read_str(&quiet, root, "profile", false);
    size_t n = sct_report_n_cases(f);
    entry *e = NULL;
    if (profile == NULL || !sct_report_has_cases(f))
        sct_json_problem(&rd, NULL, true, "not a %s file (schema, profile or cases missing)",
                         SCT_BASELINE_SCHEMA);
    else if (strcmp(profile, r->identity.profile) != 0)
        sct_json_problem(&rd, NULL, true, "baseline recorded under profile %s, this run uses "
                         "profile %s", profile, r->identity.profile);
    else if ((e = n <= UINT32_MAX ? calloc(n ? n : 1, sizeof *e) : NULL) == NULL)
        sct_json_problem(&rd, NULL, true, "out of memory");
    if (rd.failed) {
        sct_report_close(f);
        return 1;
    }
    for (size_t k = 0; k < n; k++) {
        sct_case_result rec;
        if (sct_report_read_case(f, k, true, &rec, NULL, NULL, err, err_cap) != 0) {
            free(e);
            sct_report_close(f);
            return 1;
        }
        e[k] = (entry){sct_json_fnv1a_str(rec.id), (uint32_t)k, (uint8_t)rec.verdict, false};
        sct_case_result_free(&rec);
    }
    qsort(e, n, sizeof *e, entry_cmp);

    note_identity(out, "vector set sha256",
                  sct_json_read_str(&quiet, root, "vector_set_sha256", false),
                  r->identity.vector_set_sha256, d);
    const cJSON *b = sct_json_member(root, "backend");
    note_identity(out, "runtime", sct_json_read_str(&quiet, b, "runtime_name", false),
                  r->identity.runtime_name, d);
    note_identity(out, "runtime version", sct_json_read_str(&quiet, b, "runtime_version", false),
                  r->identity.runtime_version, d);

    /* Missing (an older baseline) is no note, so the member is looked at. */
    const cJSON *bstrict = sct_json_member(sct_json_member(root, "options"), "strict_nan");
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
        sct_case_result base;
        bool io_error = false;
        entry *found = find_entry(f, e, n, c->id, &base, &io_error, err, err_cap);
        if (io_error) {
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
            sct_case_result_free(&base);
            continue;
        }
        char worse[512];
        if (c->verdict != SCT_VERDICT_PASS && fails_worse(c, &base, worse, sizeof worse)) {
            d->worse++;
            fprintf(out, "baseline: WORSE %s: still %s, %s\n", c->id, now, worse);
            sct_case_result_free(&base);
            continue;
        }
        uint64_t base_ulp = base.stats.max_ulp;
        if (has_ulp(c) && base.compared && base_ulp != c->stats.max_ulp) {
            d->ulp_changed++;
            fprintf(out, "baseline note: %s: max_ulp %" PRIu64 " -> %" PRIu64
                    " (verdict %s unchanged)\n", c->id, base_ulp,
                    c->stats.max_ulp, now);
        }
        sct_case_result_free(&base);
    }
    if (rc != 0) {
        free(e);
        sct_report_close(f);
        return rc;
    }
    for (size_t i = 0; i < n; i++)
        if (!e[i].seen)
            d->not_run++;
    fprintf(out, "baseline: %zu case(s) compared, %zu changed (%zu new "
            "failure(s), %zu now passing), %zu failing worse, %zu new, %zu in the "
            "baseline but not run\n", d->compared, d->changed, d->new_failures,
            d->now_passing, d->worse, d->unknown, d->not_run);
    free(e);
    sct_report_close(f);
    return 0;
}
