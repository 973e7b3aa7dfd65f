/*
 * render_load.c — a run's JSON report (schema "sonnx-cts-run", see
 * docs/report-format.md) into the render model (render_model.h).
 * Tolerant by design: a missing member gives "" or 0 and a warning that
 * the report displays; only an unreadable file or a foreign schema fails.
 */
#include "render_load.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "merge_json_exact.h"
#include "render_sources.h"
#include "sha256.h"
#include "verdict.h"

static const char *str_or(const cJSON *obj, const char *name, const char *dflt)
{
    const char *s = sct_jx_get_str(obj, name);
    return s ? s : dflt;
}

static char *u64_text(const cJSON *obj, const char *name)
{
    uint64_t v;
    if (sct_jx_get_u64(obj, name, &v))
        return sct_render_printf("%llu", (unsigned long long)v);
    return sct_render_strdup("");
}

static char **string_list(const cJSON *arr, size_t *n)
{
    *n = 0;
    if (!cJSON_IsArray(arr))
        return NULL;
    char **v = sct_render_grow(NULL, (size_t)cJSON_GetArraySize(arr) + 1, sizeof *v);
    const cJSON *it;
    cJSON_ArrayForEach(it, arr)
        if (cJSON_IsString(it))
            v[(*n)++] = sct_render_strdup(it->valuestring);
    return v;
}

/* Deviation classes in the classifier's order (compare.h), unknown names
 * last by name: the display must not depend on the JSON's key order (a
 * record re-serialised with sorted keys renders the same). */
static int deviation_cmp(const void *a, const void *b)
{
    const sct_render_count *x = a, *y = b;
    sct_deviation dx = sct_deviation_from_name(x->name);
    sct_deviation dy = sct_deviation_from_name(y->name);
    if (dx != dy)
        return dx < dy ? -1 : 1;
    return strcmp(x->name, y->name);
}

static void load_deviations(const cJSON *o, sct_render_case *c)
{
    const cJSON *it;
    if (!cJSON_IsObject(o))
        return;
    cJSON_ArrayForEach(it, o) {
        uint64_t n;
        if (!sct_jx_item_u64(it, &n))
            continue;
        c->deviations = sct_render_grow(c->deviations, c->n_deviations + 1,
                                        sizeof *c->deviations);
        c->deviations[c->n_deviations].name = sct_render_strdup(it->string);
        c->deviations[c->n_deviations].count = n;
        c->n_deviations++;
    }
    if (c->n_deviations > 1)
        qsort(c->deviations, c->n_deviations, sizeof *c->deviations, deviation_cmp);
}

static char *value_text(const cJSON *s, const char *name)
{
    char key[32];
    snprintf(key, sizeof key, "%s_bits", name);
    const char *dec = sct_jx_get_str(s, name), *hex = sct_jx_get_str(s, key);
    if (dec == NULL)
        return sct_render_strdup("");
    return hex ? sct_render_printf("%s (%s)", dec, hex) : sct_render_strdup(dec);
}

static char *coords_text(const cJSON *arr)
{
    char buf[256];
    size_t o = 0;
    buf[o++] = '[';
    const cJSON *it;
    bool first = true;
    cJSON_ArrayForEach(it, arr) {
        uint64_t v = 0;
        sct_jx_item_u64(it, &v);
        int n = snprintf(buf + o, sizeof buf - o, "%s%llu", first ? "" : ", ",
                         (unsigned long long)v);
        if (n < 0 || (size_t)n >= sizeof buf - o - 2)
            break;
        o += (size_t)n;
        first = false;
    }
    buf[o++] = ']';
    buf[o] = '\0';
    return sct_render_strdup(buf);
}

static void load_sample(const cJSON *s, sct_render_sample *out)
{
    out->index = u64_text(s, "index");
    out->coords = coords_text(cJSON_GetObjectItemCaseSensitive(s, "coords"));
    char *a = value_text(s, "a"), *b = value_text(s, "b");
    if (a[0] && b[0])
        out->inputs = sct_render_printf("A = %s; B = %s", a, b);
    else if (a[0])
        out->inputs = sct_render_printf("A = %s", a);
    else
        out->inputs = sct_render_strdup("");
    free(a);
    free(b);
    out->expected = value_text(s, "expected");
    out->actual = value_text(s, "actual");
    uint64_t ulp;
    out->ulp = sct_jx_get_u64(s, "ulp", &ulp)
                   ? sct_render_printf("%llu", (unsigned long long)ulp)
                   : sct_render_strdup("n/a");
    out->deviation = sct_render_strdup(str_or(s, "class", ""));
    out->worst = false;
    sct_jx_get_bool(s, "worst", &out->worst);
}

static void load_case(sct_render_doc *doc, const cJSON *o, size_t pos)
{
    sct_render_case *c = &doc->cases[doc->n_cases++];
    memset(c, 0, sizeof *c);
    c->id = sct_render_strdup(str_or(o, "id", ""));
    if (c->id[0] == '\0')
        sct_render_warn(doc, "case %zu has no id", pos);
    c->op = sct_render_strdup(str_or(o, "op", "?"));
    const cJSON *types = cJSON_GetObjectItemCaseSensitive(o, "input_types");
    const cJSON *t0 = cJSON_GetArrayItem(types, 0), *t1 = cJSON_GetArrayItem(types, 1);
    c->type_out = sct_render_strdup(str_or(o, "output_type", "?"));
    c->type_a = sct_render_strdup(cJSON_IsString(t0) ? t0->valuestring : c->type_out);
    c->type_b = sct_render_strdup(cJSON_IsString(t1) ? t1->valuestring : c->type_a);
    /* The JSON's group key (run_summary.h, sct_case_types_label). */
    c->types = strcmp(c->type_a, c->type_b) == 0
                   ? sct_render_strdup(c->type_a)
                   : sct_render_printf("%s,%s", c->type_a, c->type_b);
    c->verdict = sct_render_strdup(str_or(o, "verdict", "ERROR"));
    if (sct_jx_get_str(o, "verdict") == NULL)
        sct_render_warn(doc, "case %zu (%s) has no verdict; shown as ERROR", pos,
                        c->id[0] ? c->id : "no id");
    c->expectation = sct_render_strdup(str_or(o, "expectation", ""));
    c->message = sct_render_strdup(str_or(o, "message", ""));
    c->description = sct_render_strdup(str_or(o, "description", ""));
    c->requirements = string_list(cJSON_GetObjectItemCaseSensitive(o, "requirements"),
                                  &c->n_requirements);
    c->tags = string_list(cJSON_GetObjectItemCaseSensitive(o, "tags"), &c->n_tags);
    sct_jx_get_u64(o, "elements", &c->elements);
    sct_jx_get_u64(o, "mismatches", &c->mismatches);
    c->has_max_ulp = sct_jx_get_u64(o, "max_ulp", &c->max_ulp);
    c->has_tolerance = sct_jx_get_u64(o, "tolerance_ulp", &c->tolerance_ulp);
    load_deviations(cJSON_GetObjectItemCaseSensitive(o, "deviation_counts"), c);
    const cJSON *samples = cJSON_GetObjectItemCaseSensitive(o, "samples");
    if (cJSON_IsArray(samples) && cJSON_GetArraySize(samples) > 0) {
        c->samples = sct_render_grow(NULL, (size_t)cJSON_GetArraySize(samples),
                                     sizeof *c->samples);
        const cJSON *s;
        cJSON_ArrayForEach(s, samples)
            load_sample(s, &c->samples[c->n_samples++]);
    }
}

/* Groups of the JSON, in its order; then any (op, types) of the cases the
 * JSON's groups miss, so every case appears under a group. */
static void load_groups(sct_render_doc *doc, const cJSON *groups)
{
    const cJSON *g;
    cJSON_ArrayForEach(g, groups) {
        doc->groups = sct_render_grow(doc->groups, doc->n_groups + 1, sizeof *doc->groups);
        sct_render_group *r = &doc->groups[doc->n_groups++];
        memset(r, 0, sizeof *r);
        r->op = sct_render_strdup(str_or(g, "op", "?"));
        r->type = sct_render_strdup(str_or(g, "types", "?"));
        r->verdict = sct_render_strdup(str_or(g, "verdict", ""));
        sct_jx_get_u64(g, "cases", &r->cases);
        sct_jx_get_u64(g, "elements", &r->elements);
        sct_jx_get_u64(g, "mismatches", &r->mismatches);
        r->has_max_ulp = sct_jx_get_u64(g, "max_ulp", &r->max_ulp);
        const cJSON *h = cJSON_GetObjectItemCaseSensitive(g, "ulp_histogram");
        const cJSON *b;
        cJSON_ArrayForEach(b, h) {
            r->bins = sct_render_grow(r->bins, r->n_bins + 1, sizeof *r->bins);
            sct_render_bin *bin = &r->bins[r->n_bins++];
            memset(bin, 0, sizeof *bin);
            bin->label = sct_render_strdup(str_or(b, "label", "?"));
            sct_jx_get_u64(b, "count", &bin->count);
            sct_jx_get_bool(b, "match", &bin->match);
            bin->unmeasurable = !sct_jx_get_u64(b, "lo", &bin->lo);
            if (!sct_jx_get_u64(b, "hi", &bin->hi))
                bin->hi = UINT64_MAX;
        }
    }
    for (size_t i = 0; i < doc->n_cases; i++) {
        const sct_render_case *c = &doc->cases[i];
        bool found = false;
        for (size_t k = 0; k < doc->n_groups && !found; k++)
            found = strcmp(doc->groups[k].op, c->op) == 0 &&
                    strcmp(doc->groups[k].type, c->types) == 0;
        if (found)
            continue;
        doc->groups = sct_render_grow(doc->groups, doc->n_groups + 1, sizeof *doc->groups);
        sct_render_group *r = &doc->groups[doc->n_groups++];
        memset(r, 0, sizeof *r);
        r->op = sct_render_strdup(c->op);
        r->type = sct_render_strdup(c->types);
        r->verdict = sct_render_strdup("");
        r->has_max_ulp = c->has_max_ulp;
    }
    /* Tolerance of a group: the cases' (one per op x type by the tolerance
     * policy; the smallest if they ever differ, the strictest reading). */
    for (size_t k = 0; k < doc->n_groups; k++) {
        sct_render_group *r = &doc->groups[k];
        for (size_t i = 0; i < doc->n_cases; i++) {
            const sct_render_case *c = &doc->cases[i];
            if (!c->has_tolerance || strcmp(r->op, c->op) != 0 ||
                strcmp(r->type, c->types) != 0)
                continue;
            if (!r->has_tolerance || c->tolerance_ulp < r->tolerance_ulp)
                r->tolerance_ulp = c->tolerance_ulp;
            r->has_tolerance = true;
            r->float_out |= sct_render_is_float_type(c->type_out);
        }
    }
}

bool sct_render_is_float_type(const char *name)
{
    return strcmp(name, "float16") == 0 || strcmp(name, "bfloat16") == 0 ||
           strcmp(name, "float32") == 0 || strcmp(name, "float64") == 0;
}

static const char *overall_meaning(const char *overall)
{
    if (strcmp(overall, "CONFORMS") == 0)
        return "Every selected case passed or was declined as unsupported, and "
               "at least one passed; no failure, crash, timeout or error "
               "(exit status 0).";
    if (strcmp(overall, "NON-CONFORMANT") == 0)
        return "At least one case failed, crashed or timed out (exit status 1).";
    if (strcmp(overall, "NOTHING-PASSED") == 0)
        return "No case passed: nothing was selected, or every case was "
               "unsupported. This is not a conformance claim (exit status 1).";
    if (strcmp(overall, "ERROR") == 0)
        return "Some cases could not be judged (vector or harness problem): "
               "the run proves nothing about them (exit status 2).";
    return "The JSON report carries no known overall verdict.";
}

static void load_identity(sct_render_doc *doc, const cJSON *root)
{
    const cJSON *id = cJSON_GetObjectItemCaseSensitive(root, "identity");
    const cJSON *be = cJSON_GetObjectItemCaseSensitive(id, "backend");
    const cJSON *op = cJSON_GetObjectItemCaseSensitive(root, "options");
    const cJSON *sh = cJSON_GetObjectItemCaseSensitive(root, "shard");
    const cJSON *tm = cJSON_GetObjectItemCaseSensitive(root, "timing");
    char buf[512];
    sct_render_kv **kv = &doc->identity;
    size_t *n = &doc->n_identity;

    snprintf(buf, sizeof buf, "%s %s (vendor: %s)", str_or(be, "runtime_name", "?"),
             str_or(be, "runtime_version", "?"), str_or(be, "vendor", "?"));
    sct_render_kv_add(kv, n, "Implementation under test", buf);
    sct_render_kv_add(kv, n, "Plugin", str_or(be, "plugin_path", ""));
    uint64_t maj = 0, min = 0;
    bool has_abi = sct_jx_get_u64(be, "abi_major", &maj) &&
                   sct_jx_get_u64(be, "abi_minor", &min);
    snprintf(buf, sizeof buf, "%llu.%llu", (unsigned long long)maj,
             (unsigned long long)min);
    sct_render_kv_add(kv, n, "Plugin ABI", has_abi ? buf : "");
    sct_render_kv_add(kv, n, "Isolation", str_or(be, "isolation", ""));
    snprintf(buf, sizeof buf, "%s %s", str_or(id, "harness", "sonnx-cts"),
             str_or(id, "harness_version", "?"));
    sct_render_kv_add(kv, n, "Harness", buf);
    sct_render_kv_add(kv, n, "Profile", str_or(id, "profile", ""));
    sct_render_kv_add(kv, n, "Vectors directory", str_or(id, "vectors_dir", ""));
    sct_render_kv_add(kv, n, "Vector set sha256", str_or(id, "vector_set_sha256", ""));
    sct_render_kv_add(kv, n, "Vector format version",
                      str_or(id, "vector_format_version", ""));
    sct_render_kv_add(kv, n, "Host", str_or(id, "host", ""));
    sct_render_kv_add(kv, n, "Date (UTC)", str_or(id, "date_utc", ""));
    sct_render_kv_add(kv, n, "Command line", str_or(id, "command_line", ""));
    uint64_t max_errors = 0;
    bool strict = false, isolate = false;
    sct_jx_get_u64(op, "max_errors", &max_errors);
    sct_jx_get_bool(op, "strict_nan", &strict);
    sct_jx_get_bool(op, "isolate", &isolate);
    const cJSON *to = cJSON_GetObjectItemCaseSensitive(op, "timeout_seconds");
    char timeout[48] = "default";
    if (cJSON_IsNumber(to) && to->valuedouble > 0.0)
        snprintf(timeout, sizeof timeout, "%g s", to->valuedouble);
    snprintf(buf, sizeof buf,
             "max-errors %llu; NaN matching %s; per-case timeout %s; "
             "isolation %s; vendor options \"%s\"; filters: %s",
             (unsigned long long)max_errors, strict ? "strict (bits)" : "any NaN",
             timeout, isolate ? "on" : "off",
             str_or(op, "vendor_options", ""),
             str_or(op, "filters", "")[0] ? str_or(op, "filters", "") : "none");
    sct_render_kv_add(kv, n, "Options", op ? buf : "");
    uint64_t si = 1, sn = 1;
    if (sh && sct_jx_get_u64(sh, "index", &si) && sct_jx_get_u64(sh, "count", &sn) &&
        sn > 1)
        snprintf(buf, sizeof buf, "shard %llu of %llu (a partial run: merge all "
                 "shards for a verdict on the whole set)",
                 (unsigned long long)si, (unsigned long long)sn);
    else
        snprintf(buf, sizeof buf, "whole run (not sharded)");
    uint64_t merged = 0;
    if (sh && sct_jx_get_u64(sh, "merged_from", &merged) && merged > 0)
        snprintf(buf, sizeof buf, "merged from %llu shards",
                 (unsigned long long)merged);
    sct_render_kv_add(kv, n, "Sharding", buf);
    const cJSON *secs = cJSON_GetObjectItemCaseSensitive(tm, "seconds");
    snprintf(buf, sizeof buf, "%.3f s", cJSON_IsNumber(secs) ? secs->valuedouble : 0.0);
    sct_render_kv_add(kv, n, "Run time", cJSON_IsNumber(secs) ? buf : "");

    const char *runtime = str_or(be, "runtime_name", "unknown implementation");
    doc->title = sct_render_printf("Conformance of %s %s", runtime,
                                   str_or(be, "runtime_version", ""));
    doc->vectors_dir = sct_render_strdup(str_or(id, "vectors_dir", ""));
    doc->command_line = sct_render_strdup(str_or(id, "command_line", ""));
}

static void load_totals(sct_render_doc *doc, const cJSON *root)
{
    const cJSON *s = cJSON_GetObjectItemCaseSensitive(root, "summary");
    if (s == NULL)
        sct_render_warn(doc, "the JSON has no \"summary\"");
    const char *overall = str_or(s, "overall", "");
    doc->overall_verdict = sct_render_strdup(overall);
    doc->exit_meaning = sct_render_strdup(overall_meaning(overall));
    char *v;
    sct_render_kv_add(&doc->totals, &doc->n_totals, "Cases run",
                      (v = u64_text(s, "cases")));
    free(v);
    /* Verdict counts in the verdict order of verdict.h, whatever the key
     * order of the JSON. */
    const cJSON *verdicts = cJSON_GetObjectItemCaseSensitive(s, "verdicts"), *it;
    for (int k = 0; k < (int)SCT_VERDICT_COUNT; k++) {
        const char *name = sct_verdict_name((sct_verdict)k);
        uint64_t x;
        if (!sct_jx_get_u64(verdicts, name, &x))
            continue;
        char label[64], val[32];
        snprintf(label, sizeof label, "Cases %s", name);
        snprintf(val, sizeof val, "%llu", (unsigned long long)x);
        sct_render_kv_add(&doc->totals, &doc->n_totals, label, val);
    }
    static const char *const fields[][2] = {
        {"elements", "Elements compared"},
        {"mismatches", "Mismatching elements"},
        {"not_in_profile", "Cases of the set not in this profile"},
        {"excluded_by_filters", "Cases excluded by filters"}};
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
        v = u64_text(s, fields[i][0]);
        sct_render_kv_add(&doc->totals, &doc->n_totals, fields[i][1], v);
        free(v);
    }
    const cJSON *dev = cJSON_GetObjectItemCaseSensitive(s, "deviation_counts");
    char buf[1024] = "";
    size_t o = 0;
    for (int d = 1; d < (int)SCT_DEV_COUNT; d++) {
        const char *name = sct_deviation_name((sct_deviation)d);
        uint64_t x;
        if (sct_jx_get_u64(dev, name, &x) && o < sizeof buf)
            o += (size_t)snprintf(buf + o, sizeof buf - o, "%s%s: %llu",
                                  o ? ", " : "", name, (unsigned long long)x);
    }
    cJSON_ArrayForEach(it, dev) /* names this harness does not know */
        if (sct_deviation_from_name(it->string) == SCT_DEV_COUNT && o < sizeof buf)
        {
            uint64_t x = 0;
            sct_jx_item_u64(it, &x);
            o += (size_t)snprintf(buf + o, sizeof buf - o, "%s%s (class unknown to "
                                  "this harness): %llu", o ? ", " : "", it->string,
                                  (unsigned long long)x);
        }
    sct_render_kv_add(&doc->totals, &doc->n_totals, "Deviation classes",
                      o ? buf : "none");
}

/* The run of a conformance record to render; NULL with `err` if none. */
static const cJSON *pick_run(const cJSON *record, const char *path,
                             const char *profile, char *err, size_t err_cap)
{
    const cJSON *runs = cJSON_GetObjectItemCaseSensitive(record, "runs");
    const cJSON *run = NULL;
    if (profile != NULL)
        run = cJSON_GetObjectItemCaseSensitive(runs, profile);
    else if (cJSON_GetObjectItemCaseSensitive(runs, "sonnx") != NULL)
        run = cJSON_GetObjectItemCaseSensitive(runs, "sonnx");
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

/* What a conformance record adds to the identity: the certified file. */
static void load_record_identity(sct_render_doc *doc, const cJSON *record)
{
    const cJSON *lib = cJSON_GetObjectItemCaseSensitive(record, "library");
    sct_render_kv_add(&doc->identity, &doc->n_identity, "Certified library",
                      str_or(lib, "path", ""));
    sct_render_kv_add(&doc->identity, &doc->n_identity, "Library sha256",
                      str_or(lib, "sha256", ""));
    sct_render_kv_add(&doc->identity, &doc->n_identity, "Library source",
                      str_or(lib, "source", ""));
    sct_render_kv_add(&doc->identity, &doc->n_identity, "Record regenerated by",
                      str_or(record, "regenerate", ""));
}

int sct_render_load_run(sct_render_doc *doc, const char *json_path,
                        const char *profile, char *err, size_t err_cap)
{
    memset(doc, 0, sizeof *doc);
    size_t len = 0;
    char *text = sct_render_read_file(json_path, &len);
    if (text == NULL) {
        snprintf(err, err_cap, "%s: cannot read: %s", json_path, strerror(errno));
        return -1;
    }
    /* The digest of the exact bytes rendered: a signed report names the
     * JSON it shows, so the two can be matched later. */
    char digest[SCT_SHA256_HEX_CHARS + 1];
    sct_sha256_hex(text, len, digest);
    char why[256];
    cJSON *file = sct_jx_parse(text, why, sizeof why);
    free(text);
    if (file == NULL) {
        snprintf(err, err_cap, "%s: %s", json_path, why);
        return -1;
    }
    const char *schema = sct_jx_get_str(file, "schema");
    const cJSON *root = file;
    bool record = schema != NULL && strcmp(schema, "sonnx-cts-conformance") == 0;
    if (record) {
        root = pick_run(file, json_path, profile, err, err_cap);
        if (root == NULL) {
            cJSON_Delete(file);
            return -1;
        }
        schema = sct_jx_get_str(root, "schema");
    }
    if (schema == NULL || strcmp(schema, "sonnx-cts-run") != 0) {
        snprintf(err, err_cap, "%s: not a sonnx-cts run report (\"schema\" is "
                 "\"%s\", expected \"sonnx-cts-run\" or "
                 "\"sonnx-cts-conformance\")", json_path,
                 schema ? schema : "(missing)");
        cJSON_Delete(file);
        return -1;
    }
    const char *run_profile = sct_jx_get_str(cJSON_GetObjectItemCaseSensitive(root, "identity"),
                                             "profile");
    if (!record && profile != NULL && (run_profile == NULL || strcmp(run_profile, profile) != 0)) {
        snprintf(err, err_cap, "%s: the run is of profile \"%s\", not \"%s\"",
                 json_path, run_profile ? run_profile : "(missing)", profile);
        cJSON_Delete(file);
        return -1;
    }
    load_identity(doc, root);
    if (record)
        load_record_identity(doc, file);
    sct_render_kv_add(&doc->identity, &doc->n_identity,
                      record ? "Conformance record sha256" : "JSON report sha256",
                      digest);
    load_totals(doc, root);
    const cJSON *cases = cJSON_GetObjectItemCaseSensitive(root, "cases"), *c;
    if (!cJSON_IsArray(cases))
        sct_render_warn(doc, "%s: no \"cases\" array", json_path);
    doc->cases = sct_render_grow(NULL, (size_t)cJSON_GetArraySize(cases) + 1,
                                 sizeof *doc->cases);
    size_t pos = 0;
    cJSON_ArrayForEach(c, cases)
        load_case(doc, c, pos++);
    load_groups(doc, cJSON_GetObjectItemCaseSensitive(root, "groups"));
    cJSON_Delete(file);
    return 0;
}
