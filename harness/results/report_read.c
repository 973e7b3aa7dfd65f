/*
 * report_read.c — opening a JSON run report or conformance record, its
 * head (identity, options, shard) and its cases on demand (report_read.h).
 * One case object into a record is report_read_case.c.
 */
#include "sct/results/report_read.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report_read_case.h"

/* Limits of the streaming index: a report of any realistic size; one case
 * record (at most max_errors + 1 samples of ~0.5 KB) far below 1 GiB. */
#define REPORT_MAX_BYTES (UINT64_C(1) << 40)
#define CASE_MAX_BYTES (UINT64_C(1) << 30)

struct sct_report_file {
    char *path;
    sct_read_mode mode;
    /* The file's index: a run report's "cases" are its spans (read again
     * one at a time); everything else is ix.root. */
    sct_json_index ix;
    bool indexed;
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

static const cJSON *member(const cJSON *o, const char *name)
{
    return cJSON_GetObjectItemCaseSensitive(o, name);
}

/* The run of a conformance record to read; NULL with `err` if none. */
static const cJSON *pick_run(const cJSON *record, const char *path, const char *profile,
                             char *err, size_t err_cap)
{
    const cJSON *runs = member(record, "runs");
    const cJSON *run = NULL;
    if (profile != NULL)
        run = member(runs, profile);
    else if (member(runs, "sonnx") != NULL)
        run = member(runs, "sonnx");
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
    const char *run_profile = sct_json_get_str(member(f->run, "identity"), "profile");
    if (f->record == NULL && profile != NULL &&
        (run_profile == NULL || strcmp(run_profile, profile) != 0)) {
        snprintf(err, err_cap, "%s: the run is of profile \"%s\", not \"%s\"", f->path,
                 run_profile ? run_profile : "(missing)", profile);
        return -1;
    }
    return 0;
}

/* Where the cases are: the index (a run report's root "cases" array: the
 * index takes the first "cases" that is an array, cJSON the first
 * "cases", the same member when that is an array) or the tree. */
static int locate_cases(sct_report_file *f, char *err, size_t err_cap)
{
    const cJSON *cases = member(f->run, "cases"), *c;
    f->has_cases = cJSON_IsArray(cases);
    if (f->record == NULL && f->ix.has_array && f->has_cases) {
        f->indexed = true;
        f->n_cases = f->ix.n_spans;
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
    if (f == NULL || (f->path = sct_report_strdup(path)) == NULL) {
        snprintf(err, err_cap, "%s: out of memory", path);
        free(f);
        return -1;
    }
    f->mode = opts->mode;
    f->ix.fd = -1;
    char why[512];
    if (sct_json_index_file(path, "cases", REPORT_MAX_BYTES, CASE_MAX_BYTES, opts->on_bytes,
                            opts->user, &f->ix, why, sizeof why) != 0) {
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

static void read_identity(sct_field_reader *rd, const cJSON *run, sct_run_identity *i)
{
    const cJSON *id = member(run, "identity"), *be = member(id, "backend");
    snprintf(rd->where, sizeof rd->where, "identity");
    i->harness_version = sct_field_str(rd, id, "harness_version", "");
    i->command_line = sct_field_str(rd, id, "command_line", "");
    i->host = sct_field_str(rd, id, "host", "");
    i->date_utc = sct_field_str(rd, id, "date_utc", "");
    i->profile = sct_field_str(rd, id, "profile", "");
    i->vectors_dir = sct_field_str(rd, id, "vectors_dir", "");
    i->vector_set_sha256 = sct_field_str(rd, id, "vector_set_sha256", "");
    i->vector_format_version = sct_field_str(rd, id, "vector_format_version", "");
    snprintf(rd->where, sizeof rd->where, "identity.backend");
    i->vendor = sct_field_str(rd, be, "vendor", "");
    i->runtime_name = sct_field_str(rd, be, "runtime_name", "");
    i->runtime_version = sct_field_str(rd, be, "runtime_version", "");
    i->plugin_path = sct_field_str(rd, be, "plugin_path", "");
    i->isolation = sct_field_str(rd, be, "isolation", "");
    i->abi_major = (uint32_t)sct_field_u64(rd, be, "abi_major");
    i->abi_minor = (uint32_t)sct_field_u64(rd, be, "abi_minor");
}

static void read_options(sct_field_reader *rd, const cJSON *run, sct_run_report *r)
{
    const cJSON *op = member(run, "options");
    snprintf(rd->where, sizeof rd->where, "options");
    r->options.max_errors = (uint32_t)sct_field_u64(rd, op, "max_errors");
    r->options.strict_nan = sct_field_bool(rd, op, "strict_nan");
    r->options.timeout_seconds = sct_field_double(rd, op, "timeout_seconds");
    r->options.isolate = sct_field_bool(rd, op, "isolate");
    r->options.vendor_options = sct_field_str(rd, op, "vendor_options", "");
    r->options.filters = sct_field_str(rd, op, "filters", "");
    const cJSON *sm = member(run, "summary");
    snprintf(rd->where, sizeof rd->where, "summary");
    r->n_filtered_profile = (size_t)sct_field_u64(rd, sm, "not_in_profile");
    r->n_filtered_selection = (size_t)sct_field_u64(rd, sm, "excluded_by_filters");
    snprintf(rd->where, sizeof rd->where, "timing");
    r->seconds = sct_field_double(rd, member(run, "timing"), "seconds");
}

/* The "shard" object; reports written before sharding existed have none
 * and count as 1/1 of their own cases. */
static void read_shard(sct_field_reader *rd, const sct_report_file *f, sct_run_report *r)
{
    const cJSON *sh = member(f->run, "shard");
    r->shard_index = 1;
    r->shard_count = 1;
    r->shard_total = f->n_cases;
    if (sh == NULL)
        return;
    snprintf(rd->where, sizeof rd->where, "shard");
    uint64_t i = sct_field_u64(rd, sh, "index");
    uint64_t n = sct_field_u64(rd, sh, "count");
    if (n == 0 || i == 0 || i > n || n > UINT32_MAX) {
        sct_field_problem(rd, true, "index/count out of range");
        return;
    }
    r->shard_index = (uint32_t)i;
    r->shard_count = (uint32_t)n;
    r->shard_total = (size_t)sct_field_u64(rd, sh, "cases_before_sharding");
    uint64_t m = 0;
    if (sct_json_get_u64(sh, "merged_from", &m))
        r->merged_from = (uint32_t)m;
    /* shard.source (--shard auto) is not carried: a merge is no shard. */
}

int sct_report_read_head(sct_report_file *f, sct_run_report *r, char *err, size_t err_cap)
{
    sct_run_report_init(r);
    sct_field_reader rd = {.path = f->path, .mode = f->mode, .err = err, .err_cap = err_cap};
    read_identity(&rd, f->run, &r->identity);
    read_options(&rd, f->run, r);
    read_shard(&rd, f, r);
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

/* The end of the JSON value starting at t[i] (validated text: no error
 * cases), skipping strings and nested containers. */
static size_t value_end(const char *t, size_t n, size_t i)
{
    int depth = 0;
    for (; i < n; i++) {
        char c = t[i];
        if (c == '"') {
            for (i++; i < n && t[i] != '"'; i++)
                if (t[i] == '\\')
                    i++;
            if (depth == 0)
                return i + 1;
        } else if (c == '{' || c == '[') {
            depth++;
        } else if (c == '}' || c == ']') {
            if (depth == 0)
                return i; /* the end of the container holding a scalar */
            if (--depth == 0)
                return i + 1;
        } else if (depth == 0 && (c == ',' || c == ' ' || c == '\n' || c == '\t' ||
                                  c == '\r')) {
            return i;
        }
    }
    return n;
}

static size_t skip_ws(const char *t, size_t n, size_t i)
{
    while (i < n && (t[i] == ' ' || t[i] == '\n' || t[i] == '\t' || t[i] == '\r'))
        i++;
    return i;
}

/* Where the first top-level "id" member's value is a plain string (no
 * escapes) in the element text: the string's bytes without quotes. */
static void locate_id(const char *t, size_t n, struct id_loc *loc)
{
    size_t i = skip_ws(t, n, 0);
    if (i >= n || t[i] != '{' || n > UINT32_MAX)
        return;
    for (i = skip_ws(t, n, i + 1); i < n && t[i] == '"'; ) {
        size_t k = value_end(t, n, i);
        bool is_id = k - i == 4 && memcmp(t + i, "\"id\"", 4) == 0;
        i = skip_ws(t, n, k);
        if (i >= n || t[i] != ':')
            return;
        size_t v = skip_ws(t, n, i + 1), e = value_end(t, n, v);
        if (is_id) {
            if (t[v] == '"' && e - v >= 2 && memchr(t + v, '\\', e - v) == NULL) {
                loc->off = (uint32_t)(v + 1);
                loc->len = (uint32_t)(e - v - 2);
                loc->hash = sct_json_fnv1a(t + v + 1, loc->len);
            }
            return;
        }
        i = skip_ws(t, n, e);
        if (i >= n || t[i] != ',')
            return;
        i = skip_ws(t, n, i + 1);
    }
}

char *sct_report_case_id(const sct_report_file *f, size_t i)
{
    if (i >= f->n_cases)
        return NULL;
    if (!f->indexed) {
        const char *id = sct_json_get_str(f->items[i], "id");
        return id != NULL ? sct_report_strdup(id) : NULL;
    }
    const struct id_loc *loc = &f->ids[i];
    if (loc->len == 0)
        return NULL;
    char *buf = malloc((size_t)loc->len + 1);
    char why[256];
    if (buf == NULL ||
        sct_json_index_read(&f->ix, f->ix.spans[i].offset + loc->off, loc->len, buf, why,
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
    c->id = sct_report_strdup(id);
    c->op_type = sct_report_strdup("?");
    c->expectation = sct_report_strdup("");
    c->exec_status = sct_report_strdup("");
    c->message = sct_report_strdup(msg);
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
        char *text = sct_json_index_element_text(&f->ix, i, why, sizeof why);
        size_t len = text != NULL ? (size_t)f->ix.spans[i].length : 0;
        o = tree = text != NULL ? sct_json_parse_exact(text, len, why, sizeof why) : NULL;
        if (tree != NULL && f->ids[i].len == 0)
            locate_id(text, len, &f->ids[i]);
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
    sct_field_reader rd = {.path = f->path, .mode = f->mode, .err = err,
                           .err_cap = err_cap, .warn = warn, .user = user};
    bool ok = sct_read_case_object(&rd, o, i, brief, c);
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
    /* Each case goes to the report's spool as it is read (issue 6). */
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
