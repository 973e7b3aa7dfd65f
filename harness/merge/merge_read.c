/*
 * merge_read.c — a JSON run report back into the run report model
 * (merge.h).  The inverse of json_writer.c, field for field, so that
 * writing what was read gives the same JSON: values are read from their
 * exact forms (element bits from the "_bits" hex strings, 64-bit counts
 * through merge_json_exact.h), never from the decimal text.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sct/jsonstream/json_index.h"
#include "sct/merge/merge.h"
#include "sct/merge/merge_json_exact.h"
#include "sct/numeric/dtype.h"

typedef struct reader {
    const char *path;
    char *err;
    size_t err_cap;
    int failed;
} reader;

static void fail(reader *rd, const char *where, const char *what)
{
    if (!rd->failed)
        snprintf(rd->err, rd->err_cap, "%s: %s: %s", rd->path, where, what);
    rd->failed = 1;
}

/* fail() naming the member: `what` "name", e.g. missing string "id". */
static void fail_member(reader *rd, const char *where, const char *what,
                        const char *name)
{
    char msg[160];
    snprintf(msg, sizeof msg, "%s \"%s\"", what, name);
    fail(rd, where, msg);
}

static char *dup_str(reader *rd, const cJSON *o, const char *name, const char *where)
{
    const char *s = sct_jx_get_str(o, name);
    if (s == NULL) {
        fail_member(rd, where, "missing string", name);
        s = "";
    }
    char *d = sct_report_strdup(s);
    if (d == NULL)
        fail(rd, where, "out of memory");
    return d;
}

static uint64_t get_u64(reader *rd, const cJSON *o, const char *name, const char *where)
{
    uint64_t v = 0;
    if (!sct_jx_get_u64(o, name, &v))
        fail_member(rd, where, "missing or non-integer", name);
    return v;
}

static int64_t get_i64(reader *rd, const cJSON *o, const char *name, const char *where)
{
    int64_t v = 0;
    if (!sct_jx_get_i64(o, name, &v))
        fail_member(rd, where, "missing or non-integer", name);
    return v;
}

static bool get_bool(reader *rd, const cJSON *o, const char *name, const char *where)
{
    bool v = false;
    if (!sct_jx_get_bool(o, name, &v))
        fail_member(rd, where, "missing boolean", name);
    return v;
}

static double get_double(reader *rd, const cJSON *o, const char *name, const char *where)
{
    const cJSON *it = cJSON_GetObjectItemCaseSensitive(o, name);
    if (!cJSON_IsNumber(it)) {
        fail_member(rd, where, "missing number", name);
        return 0.0;
    }
    return it->valuedouble;
}

static int32_t dtype_code(reader *rd, const char *name, const char *where)
{
    const sct_dtype_info *d = name ? sct_dtype_by_name(name) : NULL;
    if (d == NULL) {
        fail(rd, where, "unknown element type name");
        return 0;
    }
    return d->code;
}

static void read_shape(reader *rd, const cJSON *arr, sct_tensor_shape *t, const char *where)
{
    t->rank = 0;
    if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) > SONNX_MAX_RANK) {
        fail(rd, where, "shape is not an array of at most 8 dims");
        return;
    }
    const cJSON *d;
    cJSON_ArrayForEach(d, arr) {
        uint64_t v = 0;
        if (!sct_jx_item_u64(d, &v) || v > INT64_MAX)
            fail(rd, where, "shape dim is not a non-negative integer");
        t->dims[t->rank++] = (int64_t)v;
    }
}

static char **read_strings(reader *rd, const cJSON *arr, size_t *n, const char *where)
{
    *n = 0;
    if (!cJSON_IsArray(arr)) {
        fail(rd, where, "expected an array of strings");
        return NULL;
    }
    size_t cap = (size_t)cJSON_GetArraySize(arr);
    if (cap == 0)
        return NULL;
    char **v = calloc(cap, sizeof *v);
    if (v == NULL) {
        fail(rd, where, "out of memory");
        return NULL;
    }
    const cJSON *it;
    cJSON_ArrayForEach(it, arr) {
        if (!cJSON_IsString(it)) {
            fail(rd, where, "array element is not a string");
            continue;
        }
        v[(*n)++] = sct_report_strdup(it->valuestring);
    }
    return v;
}

/* "0x3fc00000" -> bits. */
static uint64_t read_bits(reader *rd, const cJSON *o, const char *name, const char *where)
{
    const char *s = sct_jx_get_str(o, name);
    if (s == NULL || strncmp(s, "0x", 2) != 0 || s[2] == '\0') {
        fail_member(rd, where, "missing or malformed", name);
        return 0;
    }
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s + 2, &end, 16);
    if (errno != 0 || *end != '\0')
        fail(rd, where, "malformed hex bits");
    return (uint64_t)v;
}

static void read_sample(reader *rd, const cJSON *o, const sct_case_result *c,
                        sct_sample *s, const char *where)
{
    memset(s, 0, sizeof *s);
    s->index = get_u64(rd, o, "index", where);
    const cJSON *coords = cJSON_GetObjectItemCaseSensitive(o, "coords"), *d;
    if (!cJSON_IsArray(coords) || cJSON_GetArraySize(coords) > SONNX_MAX_RANK)
        fail(rd, where, "coords is not an array of at most 8 integers");
    cJSON_ArrayForEach(d, coords) {
        uint64_t v = 0;
        if (!sct_jx_item_u64(d, &v) || v > INT64_MAX || s->rank >= SONNX_MAX_RANK) {
            fail(rd, where, "bad coordinate");
            break;
        }
        s->coords[s->rank++] = (int64_t)v;
    }
    static const char *const names[2] = {"a_bits", "b_bits"};
    for (size_t k = 0; k < 2 && k < c->n_inputs; k++) {
        if (cJSON_GetObjectItemCaseSensitive(o, names[k]) == NULL)
            break;
        s->in_types[k] = c->inputs[k].elem_type;
        s->in_bits[k] = read_bits(rd, o, names[k], where);
        s->n_inputs = k + 1;
    }
    s->out_type = c->output.elem_type;
    s->expected_bits = read_bits(rd, o, "expected_bits", where);
    s->actual_bits = read_bits(rd, o, "actual_bits", where);
    const cJSON *ulp = cJSON_GetObjectItemCaseSensitive(o, "ulp");
    if (cJSON_IsNull(ulp))
        s->ulp = SCT_ULP_NONE;
    else if (!sct_jx_item_u64(ulp, &s->ulp))
        fail(rd, where, "\"ulp\" is neither null nor an integer");
    const char *cls = sct_jx_get_str(o, "class");
    s->deviation = cls ? sct_deviation_from_name(cls) : SCT_DEV_COUNT;
    if (s->deviation == SCT_DEV_COUNT)
        fail(rd, where, "unknown deviation \"class\"");
    s->worst = get_bool(rd, o, "worst", where);
}

static void read_deviations(reader *rd, const cJSON *o, uint64_t *counts, const char *where)
{
    const cJSON *it;
    if (!cJSON_IsObject(o)) {
        fail(rd, where, "\"deviation_counts\" is not an object");
        return;
    }
    cJSON_ArrayForEach(it, o) {
        sct_deviation d = sct_deviation_from_name(it->string);
        if (d == SCT_DEV_COUNT || !sct_jx_item_u64(it, &counts[d]))
            fail(rd, where, "unknown deviation class or non-integer count");
    }
}

static void read_case(reader *rd, const cJSON *o, sct_case_result *c)
{
    char where[300];
    const char *id = sct_jx_get_str(o, "id");
    snprintf(where, sizeof where, "case \"%s\"", id ? id : "(no id)");
    c->id = dup_str(rd, o, "id", where);
    c->op_type = dup_str(rd, o, "op", where);
    c->opset = (int32_t)get_i64(rd, o, "opset", where);
    const cJSON *types = cJSON_GetObjectItemCaseSensitive(o, "input_types");
    const cJSON *shapes = cJSON_GetObjectItemCaseSensitive(o, "input_shapes");
    int n = cJSON_GetArraySize(types);
    if (!cJSON_IsArray(types) || !cJSON_IsArray(shapes) || n > 2 ||
        cJSON_GetArraySize(shapes) != n) {
        fail(rd, where, "input_types / input_shapes missing or inconsistent");
        n = 0;
    }
    for (int k = 0; k < n; k++) {
        const cJSON *t = cJSON_GetArrayItem(types, k);
        c->inputs[k].elem_type = dtype_code(rd, cJSON_IsString(t) ? t->valuestring : NULL, where);
        read_shape(rd, cJSON_GetArrayItem(shapes, k), &c->inputs[k], where);
    }
    c->n_inputs = (size_t)n;
    c->output.elem_type = dtype_code(rd, sct_jx_get_str(o, "output_type"), where);
    read_shape(rd, cJSON_GetObjectItemCaseSensitive(o, "output_shape"), &c->output, where);
    c->tags = read_strings(rd, cJSON_GetObjectItemCaseSensitive(o, "tags"), &c->n_tags, where);
    c->requirements = read_strings(rd, cJSON_GetObjectItemCaseSensitive(o, "requirements"),
                                   &c->n_requirements, where);
    c->expectation = dup_str(rd, o, "expectation", where);
    uint64_t tol = get_u64(rd, o, "tolerance_ulp", where);
    c->tolerance_ulp = tol > UINT32_MAX ? UINT32_MAX : (uint32_t)tol;
    const char *v = sct_jx_get_str(o, "verdict");
    c->verdict = v ? sct_verdict_from_name(v) : SCT_VERDICT_COUNT;
    if (c->verdict == SCT_VERDICT_COUNT) {
        fail(rd, where, "missing or unknown \"verdict\"");
        c->verdict = SCT_VERDICT_ERROR;
    }
    const cJSON *es = cJSON_GetObjectItemCaseSensitive(o, "exec_status");
    c->exec_status = sct_report_strdup(cJSON_IsString(es) ? es->valuestring : "");
    if (!cJSON_IsString(es) && !cJSON_IsNull(es))
        fail(rd, where, "\"exec_status\" is neither a string nor null");
    c->signal_number = (int)get_i64(rd, o, "signal", where);
    c->exit_code = (int)get_i64(rd, o, "exit_code", where);
    c->message = dup_str(rd, o, "message", where);
    c->compared = get_bool(rd, o, "compared", where);
    c->stats.elements = get_u64(rd, o, "elements", where);
    c->stats.mismatches = get_u64(rd, o, "mismatches", where);
    c->stats.unmeasurable = get_u64(rd, o, "unmeasurable", where);
    const cJSON *mu = cJSON_GetObjectItemCaseSensitive(o, "max_ulp");
    if (!cJSON_IsNull(mu) && !sct_jx_item_u64(mu, &c->stats.max_ulp))
        fail(rd, where, "\"max_ulp\" is neither null nor an integer");
    read_deviations(rd, cJSON_GetObjectItemCaseSensitive(o, "deviation_counts"),
                    c->stats.deviation_counts, where);
    /* Reports written before the histogram existed have none: zeros. */
    const cJSON *hist = cJSON_GetObjectItemCaseSensitive(o, "ulp_histogram"), *h;
    cJSON_ArrayForEach(h, hist) {
        size_t b = sct_ulp_bin_by_label(h->string);
        if (b == SCT_ULP_HIST_BINS || !sct_jx_item_u64(h, &c->ulp_hist[b]))
            fail(rd, where, "unknown \"ulp_histogram\" bin or non-integer count");
    }
    const cJSON *samples = cJSON_GetObjectItemCaseSensitive(o, "samples"), *s;
    if (!cJSON_IsArray(samples))
        fail(rd, where, "\"samples\" is not an array");
    size_t ns = (size_t)cJSON_GetArraySize(samples);
    if (ns > 0) {
        c->samples = calloc(ns, sizeof *c->samples);
        if (c->samples == NULL)
            fail(rd, where, "out of memory");
        else
            cJSON_ArrayForEach(s, samples)
                read_sample(rd, s, c, &c->samples[c->n_samples++], where);
    }
    c->seconds = get_double(rd, o, "seconds", where);
}

static void read_identity(reader *rd, const cJSON *root, sct_run_report *r)
{
    const cJSON *id = cJSON_GetObjectItemCaseSensitive(root, "identity");
    const cJSON *be = cJSON_GetObjectItemCaseSensitive(id, "backend");
    const cJSON *op = cJSON_GetObjectItemCaseSensitive(root, "options");
    const cJSON *sm = cJSON_GetObjectItemCaseSensitive(root, "summary");
    const cJSON *tm = cJSON_GetObjectItemCaseSensitive(root, "timing");
    sct_run_identity *i = &r->identity;
    i->harness_version = dup_str(rd, id, "harness_version", "identity");
    i->command_line = dup_str(rd, id, "command_line", "identity");
    i->host = dup_str(rd, id, "host", "identity");
    i->date_utc = dup_str(rd, id, "date_utc", "identity");
    i->profile = dup_str(rd, id, "profile", "identity");
    i->vectors_dir = dup_str(rd, id, "vectors_dir", "identity");
    i->vector_set_sha256 = dup_str(rd, id, "vector_set_sha256", "identity");
    i->vector_format_version = dup_str(rd, id, "vector_format_version", "identity");
    i->vendor = dup_str(rd, be, "vendor", "identity.backend");
    i->runtime_name = dup_str(rd, be, "runtime_name", "identity.backend");
    i->runtime_version = dup_str(rd, be, "runtime_version", "identity.backend");
    i->plugin_path = dup_str(rd, be, "plugin_path", "identity.backend");
    i->isolation = dup_str(rd, be, "isolation", "identity.backend");
    i->abi_major = (uint32_t)get_u64(rd, be, "abi_major", "identity.backend");
    i->abi_minor = (uint32_t)get_u64(rd, be, "abi_minor", "identity.backend");
    r->options.max_errors = (uint32_t)get_u64(rd, op, "max_errors", "options");
    r->options.strict_nan = get_bool(rd, op, "strict_nan", "options");
    r->options.timeout_seconds = get_double(rd, op, "timeout_seconds", "options");
    r->options.isolate = get_bool(rd, op, "isolate", "options");
    r->options.vendor_options = dup_str(rd, op, "vendor_options", "options");
    r->options.filters = dup_str(rd, op, "filters", "options");
    r->n_filtered_profile = (size_t)get_u64(rd, sm, "not_in_profile", "summary");
    r->n_filtered_selection = (size_t)get_u64(rd, sm, "excluded_by_filters", "summary");
    r->seconds = get_double(rd, tm, "seconds", "timing");
}

/* The "shard" object; reports written before sharding existed have none
 * and count as 1/1 of their own cases. */
static void read_shard(reader *rd, const cJSON *root, sct_run_report *r)
{
    const cJSON *sh = cJSON_GetObjectItemCaseSensitive(root, "shard");
    if (sh == NULL) {
        r->shard_index = 1;
        r->shard_count = 1;
        r->shard_total = r->n_cases;
        return;
    }
    uint64_t i = get_u64(rd, sh, "index", "shard");
    uint64_t n = get_u64(rd, sh, "count", "shard");
    if (n == 0 || i == 0 || i > n || n > UINT32_MAX)
        fail(rd, "shard", "index/count out of range");
    r->shard_index = (uint32_t)i;
    r->shard_count = (uint32_t)n;
    r->shard_total = (size_t)get_u64(rd, sh, "cases_before_sharding", "shard");
    uint64_t m = 0;
    if (sct_jx_get_u64(sh, "merged_from", &m))
        r->merged_from = (uint32_t)m;
    /* shard.source (--shard auto) is not carried: a merge is no shard. */
}

/* Limits of the streaming index: a report of any realistic size; one case
 * record (at most max_errors + 1 samples of ~0.5 KB) far below 1 GiB. */
#define REPORT_MAX_BYTES (UINT64_C(1) << 40)
#define CASE_MAX_BYTES (UINT64_C(1) << 30)

int sct_merge_read_report(const char *path, sct_run_report *r, char *err,
                          size_t err_cap)
{
    sct_run_report_init(r);
    /* Indexed, not parsed whole (issue 6): the cases are read one at a
     * time into the report's spool; the rest (identity, options, summary,
     * shard: small numbers only, so cJSON's doubles are exact) is ix.root. */
    sct_json_index ix;
    char why[512];
    if (sct_json_index_file(path, "cases", REPORT_MAX_BYTES, CASE_MAX_BYTES, NULL, NULL,
                            &ix, why, sizeof why) != 0) {
        snprintf(err, err_cap, "%s: %s", path, why);
        return 1;
    }
    const cJSON *root = ix.root;
    reader rd = {path, err, err_cap, 0};
    const char *schema = sct_jx_get_str(root, "schema");
    const char *version = sct_jx_get_str(root, "schema_version");
    if (schema == NULL || strcmp(schema, "sonnx-cts-run") != 0)
        fail(&rd, "schema", "not a sonnx-cts run report (expected \"sonnx-cts-run\")");
    else if (version == NULL || strncmp(version, "1.", 2) != 0)
        fail(&rd, "schema_version", "unsupported (this harness reads 1.x)");
    if (!rd.failed) {
        read_identity(&rd, root, r);
        if (!ix.has_array)
            fail(&rd, "cases", "missing array");
        for (size_t i = 0; i < ix.n_spans && !rd.failed; i++) {
            cJSON *c = sct_jx_index_element(&ix, i, why, sizeof why);
            if (c == NULL) {
                char where[32];
                snprintf(where, sizeof where, "cases[%zu]", i);
                fail(&rd, where, why);
                break;
            }
            sct_case_result *out = sct_run_report_add_case(r);
            if (out == NULL)
                fail(&rd, "cases", sct_run_report_error(r));
            else
                read_case(&rd, c, out);
            cJSON_Delete(c);
        }
        if (!rd.failed && sct_run_report_flush(r) != 0)
            fail(&rd, "cases", sct_run_report_error(r));
        read_shard(&rd, root, r);
    }
    sct_json_index_free(&ix);
    if (rd.failed) {
        sct_run_report_free(r);
        return 1;
    }
    return 0;
}
