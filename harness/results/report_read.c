/*
 * report_read.c — opening a JSON run report or conformance record, its
 * cases on demand, each case's id located for id-only reads
 * (report_read.h).  The objects field by field: report_read_case.c (a
 * case), report_read_head.c (identity, options, shard).
 */
#include "sct/results/report_read.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report_read_fields.h"

/* Limits of the streaming index: a report of any realistic size; one case
 * record (at most max_errors + 1 samples of ~0.5 KB) far below 1 GiB. */
#define REPORT_MAX_BYTES (UINT64_C(1) << 40)
#define CASE_MAX_BYTES (UINT64_C(1) << 30)

struct sct_report_file {
    char *path;
    sct_read_mode mode;
    bool baseline;
    /* The file's index: a run report's "cases" are its spans (read again
     * one at a time); everything else is ix.root. */
    sct_json_index ix;
    bool indexed;
    size_t first;                 /* case i is span first + i */
    const cJSON *run;             /* the run read (ix.root or a record's run) */
    const cJSON *record;          /* ix.root of a record, else NULL */
    bool has_cases;
    /* A record's run, or a "cases" that is not an array (tolerant: its
     * members are the cases): the items of the parsed tree. */
    const cJSON **items;
    size_t n_cases;
    /* Indexed: where each case's "id" string lies in its element, found
     * when the case is first read (len 0: not yet, or not a plain string),
     * so that listing ids reads those bytes only. */
    struct id_loc { uint32_t off, len; uint64_t hash; } *ids;
};

/* The run of a conformance record to read; NULL with `err` if none. */
static const cJSON *pick_run(const cJSON *record, const char *path, const char *profile,
                             char *err, size_t err_cap)
{
    const cJSON *runs = sct_json_member(record, "runs");
    const cJSON *run = NULL;
    if (profile != NULL)
        run = sct_json_member(runs, profile);
    else if (sct_json_member(runs, "sonnx") != NULL)
        run = sct_json_member(runs, "sonnx");
    else if (cJSON_GetArraySize(runs) == 1)
        run = cJSON_GetArrayItem(runs, 0);
    if (run != NULL && !cJSON_IsObject(run)) {
        snprintf(err, err_cap, "%s: runs.%s of the conformance record is not a "
                 "run report object", path, run->string ? run->string : "?");
        return NULL;
    }
    if (run == NULL) {
        char have[256] = "";
        size_t o = 0;
        const cJSON *it;
        cJSON_ArrayForEach(it, runs)
            if (o < sizeof have)
                o += (size_t)snprintf(have + o, sizeof have - o, " %s", it->string);
        snprintf(err, err_cap, "%s: conformance record has no run for profile "
                 "\"%s\" (runs:%s); choose one with --profile", path,
                 profile ? profile : "sonnx", o ? have : " none");
        return NULL;
    }
    return run;
}

/* The schema checks and the choice of the run: 0, or -1 with `err`. */
static int select_run(sct_report_file *f, const char *profile, char *err, size_t err_cap)
{
    const cJSON *root = f->ix.root;
    const char *schema = sct_json_get_str(root, "schema");
    f->run = root;
    if (f->baseline) {
        if (schema == NULL || strcmp(schema, "sonnx-cts-baseline") != 0) {
            snprintf(err, err_cap, "%s: not a sonnx-cts-baseline file (schema, profile or "
                     "cases missing)", f->path);
            return -1;
        }
        return 0;
    }
    if (schema != NULL && strcmp(schema, "sonnx-cts-conformance") == 0) {
        f->record = root;
        f->run = pick_run(root, f->path, profile, err, err_cap);
        if (f->run == NULL)
            return -1;
        schema = sct_json_get_str(f->run, "schema");
    }
    if (schema == NULL || strcmp(schema, "sonnx-cts-run") != 0) {
        if (f->mode == SCT_READ_STRICT)
            snprintf(err, err_cap, "%s: schema: not a sonnx-cts run report (expected "
                     "\"sonnx-cts-run\")", f->path);
        else
            snprintf(err, err_cap, "%s: not a sonnx-cts run report (\"schema\" is "
                     "\"%s\", expected \"sonnx-cts-run\" or \"sonnx-cts-conformance\")",
                     f->path, schema ? schema : "(missing)");
        return -1;
    }
    const char *version = sct_json_get_str(f->run, "schema_version");
    if (f->mode == SCT_READ_STRICT && (version == NULL || strncmp(version, "1.", 2) != 0)) {
        snprintf(err, err_cap, "%s: schema_version: unsupported (this harness reads 1.x)",
                 f->path);
        return -1;
    }
    const char *run_profile = sct_json_get_str(sct_json_member(f->run, "identity"), "profile");
    if (f->record == NULL && profile != NULL &&
        (run_profile == NULL || strcmp(run_profile, profile) != 0)) {
        snprintf(err, err_cap, "%s: the run is of profile \"%s\", not \"%s\"", f->path,
                 run_profile ? run_profile : "(missing)", profile);
        return -1;
    }
    return 0;
}

/* The indexed array at `where`, or NULL. */
static const sct_json_array *indexed_array(const sct_report_file *f, const char *where)
{
    for (size_t k = 0; k < f->ix.n_arrays; k++)
        if (strcmp(f->ix.arrays[k].where, where) == 0)
            return &f->ix.arrays[k];
    return NULL;
}

/* Where the cases are: the index (a run report's root "cases" array, a
 * record's "runs.<profile>.cases": the index takes the first such member
 * that is an array, cJSON the first of that name, the same member when
 * that is an array) or the tree. */
static int locate_cases(sct_report_file *f, char *err, size_t err_cap)
{
    const cJSON *cases = sct_json_member(f->run, "cases"), *c;
    f->has_cases = cJSON_IsArray(cases);
    char where[300] = "cases";
    if (f->record != NULL)
        snprintf(where, sizeof where, "runs.%s.cases", f->run->string ? f->run->string : "");
    const sct_json_array *a = f->has_cases ? indexed_array(f, where) : NULL;
    if (a != NULL) {
        f->indexed = true;
        f->first = a->first;
        f->n_cases = a->n;
        f->ids = calloc(f->n_cases ? f->n_cases : 1, sizeof *f->ids);
        if (f->ids == NULL) {
            snprintf(err, err_cap, "%s: out of memory", f->path);
            return -1;
        }
        return 0;
    }
    if (f->mode == SCT_READ_STRICT && !f->has_cases)
        return 0; /* "cases: missing array" when read */
    size_t n = 0;
    cJSON_ArrayForEach(c, cases)
        n++;
    f->items = calloc(n ? n : 1, sizeof *f->items);
    if (f->items == NULL) {
        snprintf(err, err_cap, "%s: out of memory", f->path);
        return -1;
    }
    cJSON_ArrayForEach(c, cases)
        f->items[f->n_cases++] = c;
    return 0;
}

int sct_report_open(const char *path, const sct_report_read_opts *opts,
                    sct_report_file **out, char *err, size_t err_cap)
{
    *out = NULL;
    sct_report_file *f = calloc(1, sizeof *f);
    if (f == NULL || (f->path = sct_strdup(path)) == NULL) {
        snprintf(err, err_cap, "%s: out of memory", path);
        free(f);
        return -1;
    }
    f->mode = opts->mode;
    f->baseline = opts->baseline;
    f->ix.fd = -1;
    char why[512];
    /* A run report's cases, and every run's of a conformance record: the
     * index holds them as spans, the root without them. */
    static const char *const patterns[] = {"cases", "runs.*.cases"};
    if (sct_json_index_file_paths(path, patterns, opts->baseline ? 1 : 2, REPORT_MAX_BYTES,
                                  CASE_MAX_BYTES, opts->on_bytes, opts->user, &f->ix, why,
                                  sizeof why) != 0) {
        snprintf(err, err_cap, "%s: %s", path, why);
        sct_report_close(f);
        return -1;
    }
    if (select_run(f, opts->profile, err, err_cap) != 0 ||
        locate_cases(f, err, err_cap) != 0) {
        sct_report_close(f);
        return -1;
    }
    *out = f;
    return 0;
}

void sct_report_close(sct_report_file *f)
{
    if (f == NULL)
        return;
    sct_json_index_free(&f->ix);
    free(f->items);
    free(f->ids);
    free(f->path);
    free(f);
}

const char *sct_report_path(const sct_report_file *f) { return f->path; }
bool sct_report_is_record(const sct_report_file *f) { return f->record != NULL; }
const cJSON *sct_report_run_json(const sct_report_file *f) { return f->run; }
const cJSON *sct_report_record_json(const sct_report_file *f) { return f->record; }
bool sct_report_has_cases(const sct_report_file *f) { return f->has_cases; }
size_t sct_report_n_cases(const sct_report_file *f) { return f->n_cases; }

int sct_report_read_head(sct_report_file *f, sct_run_report *r, char *err, size_t err_cap)
{
    sct_run_report_init(r);
    sct_json_reader rd = {.file = f->path, .mode = f->mode,
                          .naming = SCT_JSON_NAME_IN_REASON, .err = err, .err_cap = err_cap};
    sct_read_head_object(&rd, f->run, f->n_cases, r);
    if (rd.failed) {
        sct_run_report_free(r);
        return 1;
    }
    return 0;
}

static const char *json_type_name(const cJSON *o)
{
    if (cJSON_IsArray(o)) return "an array";
    if (cJSON_IsString(o)) return "a string";
    if (cJSON_IsNumber(o)) return "a number";
    if (cJSON_IsBool(o)) return "a boolean";
    if (cJSON_IsNull(o)) return "null";
    return "not an object";
}

char *sct_report_case_id(const sct_report_file *f, size_t i)
{
    if (i >= f->n_cases)
        return NULL;
    if (!f->indexed) {
        const char *id = sct_json_get_str(f->items[i], "id");
        return id != NULL ? sct_strdup(id) : NULL;
    }
    const struct id_loc *loc = &f->ids[i];
    if (loc->len == 0)
        return NULL;
    char *buf = malloc((size_t)loc->len + 1);
    char why[256];
    if (buf == NULL ||
        sct_json_index_read(&f->ix, f->ix.spans[f->first + i].offset + loc->off, loc->len,
                            buf, why,
                            sizeof why) != 0 ||
        sct_json_fnv1a(buf, loc->len) != loc->hash) {
        free(buf);
        return NULL; /* changed or unreadable: reading the case says so */
    }
    buf[loc->len] = '\0';
    return buf;
}

/* The tolerant stand-in of a case element that cannot be used. */
static int stand_in(size_t i, const char *why, sct_case_result *c, sct_read_warn_fn warn,
                    void *user)
{
    sct_case_result_free(c);
    c->exit_code = -1;
    char id[48], msg[600];
    snprintf(id, sizeof id, "(case %zu)", i);
    snprintf(msg, sizeof msg, "case %zu of the JSON report cannot be shown: %s", i, why);
    c->id = sct_strdup(id);
    c->op_type = sct_strdup("?");
    c->expectation = sct_strdup("");
    c->exec_status = sct_strdup("");
    c->message = sct_strdup(msg);
    c->verdict = SCT_VERDICT_ERROR;
    if (warn != NULL)
        warn(user, msg);
    return 1;
}

int sct_report_read_case(const sct_report_file *f, size_t i, bool brief,
                         sct_case_result *c, sct_read_warn_fn warn, void *user,
                         char *err, size_t err_cap)
{
    memset(c, 0, sizeof *c);
    bool tolerant = f->mode == SCT_READ_TOLERANT;
    char why[512];
    cJSON *tree = NULL;
    const cJSON *o;
    if (i >= f->n_cases) {
        snprintf(why, sizeof why, "no such case");
        o = NULL;
    } else if (f->indexed) {
        char *text = sct_json_index_element_text(&f->ix, f->first + i, why, sizeof why);
        size_t len = text != NULL ? (size_t)f->ix.spans[f->first + i].length : 0;
        size_t off, n;
        /* The id's place, for id-only reads (validated, hash-checked text). */
        if (text != NULL && f->ids[i].len == 0 && len <= UINT32_MAX &&
            sct_json_find_string_member(text, len, "id", &off, &n) && n > 0) {
            f->ids[i].off = (uint32_t)off;
            f->ids[i].len = (uint32_t)n;
            f->ids[i].hash = sct_json_fnv1a(text + off, n);
        }
        /* Brief: the samples (most of a failing case's bytes) are cut from
         * the text, never parsed. */
        if (text != NULL && brief && sct_json_find_member(text, len, "samples", &off, &n) &&
            n > 2) {
            memcpy(text + off, "[]", 2);
            memmove(text + off + 2, text + off + n, len - off - n + 1);
            len -= n - 2;
        }
        o = tree = text != NULL ? sct_json_parse_exact(text, len, why, sizeof why) : NULL;
        free(text);
    } else {
        o = f->items[i];
    }
    if (o == NULL) {
        if (tolerant) {
            snprintf(err, err_cap, "%s", why);
            return stand_in(i, why, c, warn, user);
        }
        snprintf(err, err_cap, "%s: cases[%zu]: %s", f->path, i, why);
        return 1;
    }
    if (tolerant && !cJSON_IsObject(o)) {
        snprintf(err, err_cap, "it is %s, not an object", json_type_name(o));
        cJSON_Delete(tree);
        return stand_in(i, err, c, warn, user);
    }
    sct_json_reader rd = {.file = f->path, .mode = f->mode,
                          .naming = SCT_JSON_NAME_IN_REASON, .err = err,
                          .err_cap = err_cap, .warn = warn, .user = user};
    bool ok = f->baseline ? sct_read_baseline_entry(&rd, o, c)
                          : sct_read_case_object(&rd, o, i, brief, c);
    cJSON_Delete(tree);
    if (!ok) {
        sct_case_result_free(c);
        return 1;
    }
    return 0;
}

int sct_report_read_all(const char *path, sct_run_report *r, char *err, size_t err_cap)
{
    sct_run_report_init(r);
    sct_report_file *f = NULL;
    sct_report_read_opts opts = {.mode = SCT_READ_STRICT};
    if (sct_report_open(path, &opts, &f, err, err_cap) != 0)
        return 1;
    int rc = sct_report_read_head(f, r, err, err_cap);
    if (rc == 0 && !f->has_cases) {
        snprintf(err, err_cap, "%s: cases: missing array", path);
        rc = 1;
    }
    /* Each case goes to the report's spool as it is read. */
    for (size_t i = 0; rc == 0 && i < f->n_cases; i++) {
        sct_case_result *slot = sct_run_report_add_case(r);
        if (slot == NULL) {
            snprintf(err, err_cap, "%s: cases: %s", path, sct_run_report_error(r));
            rc = 1;
        } else {
            rc = sct_report_read_case(f, i, false, slot, NULL, NULL, err, err_cap);
        }
    }
    if (rc == 0 && sct_run_report_flush(r) != 0) {
        snprintf(err, err_cap, "%s: cases: %s", path, sct_run_report_error(r));
        rc = 1;
    }
    sct_report_close(f);
    if (rc != 0)
        sct_run_report_free(r);
    return rc;
}
