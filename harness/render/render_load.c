/*
 * render_load.c — a run's JSON report (schema "sonnx-cts-run", see
 * docs/report-format.md) into the render model (render_model.h).
 * Tolerant by design: a missing member gives "" or 0 and a warning that
 * the report displays; only an unreadable file or a foreign schema fails.
 *
 * The file is opened by the one report reader (sct/results/report_read.h,
 * tolerant mode): validated, hashed and indexed in one pass; the cases are
 * read one at a time as case records (render_cases.c), so memory does not
 * grow with them.  Here: the doc's identity, totals and groups,
 * from the run's JSON without its cases (exact integers), and the doc's
 * release.
 *
 * Members are looked up with the one field reader's sct_json_member
 * (sct/jsonstream/json_fields.h) and shown as they are written, a missing
 * or mistyped one giving an empty cell in silence.  The head's fields are
 * also read by sct_report_read_head (the typed tolerant readers), which
 * warns about them once; the totals and groups shown here are a display
 * of what the report says, and reading them with the typed readers would
 * add warnings the rendered reports have never had (they stay
 * byte-identical).
 */
#include "render_load.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_cases.h"
#include "sct/check/compare.h"
#include "sct/io/sha256.h"
#include "sct/jsonstream/json_fields.h"
#include "sct/results/report_read.h"
#include "sct/results/run_tier.h"
#include "sct/results/verdict.h"

/* String member `name` of `obj`, else `dflt` (also for a NULL `obj`). */
static const char *render_str_or(const cJSON *obj, const char *name, const char *dflt)
{
    const char *s = sct_json_get_str(obj, name);
    return s ? s : dflt;
}

/* Integer member `name` of `obj` as decimal text (exact to 64 bits), else
 * ""; caller frees. */
static char *render_u64_text(const cJSON *obj, const char *name)
{
    uint64_t v;
    if (sct_json_get_u64(obj, name, &v))
        return sct_render_printf("%llu", (unsigned long long)v);
    return sct_render_strdup("");
}

/* Groups of the JSON, in its order. */
static void load_groups(sct_render_doc *doc, const cJSON *groups)
{
    const cJSON *g;
    cJSON_ArrayForEach(g, groups) {
        doc->groups = sct_render_grow(doc->groups, doc->n_groups + 1, sizeof *doc->groups);
        sct_render_group *r = &doc->groups[doc->n_groups++];
        memset(r, 0, sizeof *r);
        r->op = sct_render_strdup(render_str_or(g, "op", "?"));
        r->type = sct_render_strdup(render_str_or(g, "types", "?"));
        r->verdict = sct_render_strdup(render_str_or(g, "verdict", ""));
        sct_json_get_u64(g, "cases", &r->cases);
        sct_json_get_u64(g, "elements", &r->elements);
        sct_json_get_u64(g, "mismatches", &r->mismatches);
        r->has_max_ulp = sct_json_get_u64(g, "max_ulp", &r->max_ulp);
        const cJSON *h = sct_json_member(g, "ulp_histogram");
        const cJSON *b;
        cJSON_ArrayForEach(b, h) {
            r->bins = sct_render_grow(r->bins, r->n_bins + 1, sizeof *r->bins);
            sct_render_bin *bin = &r->bins[r->n_bins++];
            memset(bin, 0, sizeof *bin);
            bin->label = sct_render_strdup(render_str_or(b, "label", "?"));
            sct_json_get_u64(b, "count", &bin->count);
            sct_json_get_bool(b, "match", &bin->match);
            bin->unmeasurable = !sct_json_get_u64(b, "lo", &bin->lo);
            if (!sct_json_get_u64(b, "hi", &bin->hi))
                bin->hi = UINT64_MAX;
        }
    }
}

/* What the verdict means (verdict.h, the words of every report), then
 * what a PARTIAL run does not certify: the declined op x types, first. */
static char *overall_meaning(const char *overall, const cJSON *summary)
{
    sct_overall o = sct_overall_from_name(overall);
    const char *meaning = o == SCT_OVERALL_COUNT
                              ? "The JSON report carries no known overall verdict."
                              : sct_overall_meaning(o);
    /* The one exit status the report records (run_summary.h sct_run_exit),
     * then, with --baseline, what decided it. */
    int64_t exit_code = 0;
    const cJSON *ec = sct_json_member(summary, "exit_code");
    if (cJSON_IsNumber(ec))
        exit_code = (int64_t)ec->valuedouble;
    const cJSON *baseline = sct_json_member(summary, "baseline");
    const char *btext = render_str_or(baseline, "text", "");
    char *text = cJSON_IsNumber(ec)
                     ? sct_render_printf("%.*s (exit status %lld)%s%s.",
                                         (int)strlen(meaning) - 1, meaning,
                                         (long long)exit_code, btext[0] ? "; " : "", btext)
                     : sct_render_strdup(meaning);
    /* --waivers: what each covered; a stale one is said. */
    const cJSON *waivers = sct_json_member(summary, "waivers"), *wv;
    cJSON_ArrayForEach(wv, waivers) {
        uint64_t covered = 0;
        sct_json_get_u64(wv, "covered", &covered);
        char *next = sct_render_printf("%s %s %s (owner %s, expires %s): %s.", text,
                                       covered ? "Waiver" : "Stale waiver",
                                       render_str_or(wv, "what", "?"),
                                       render_str_or(wv, "owner", "?"),
                                       render_str_or(wv, "expires", "?"),
                                       covered ? "covered failures, WAIVED, not passed"
                                               : "covers no failure of this run");
        free(text);
        text = next;
    }
    /* --claim: each declared bound's verdict, then what lies outside. */
    const cJSON *claims = sct_json_member(summary, "claims"), *cl;
    cJSON_ArrayForEach(cl, claims) {
        char *next = sct_render_printf("%s Claim: %s.", text, render_str_or(cl, "text", "?"));
        free(text);
        text = next;
    }
    const cJSON *oos = sct_json_member(summary, "out_of_scope"), *os;
    bool first_oos = true;
    cJSON_ArrayForEach(os, oos) {
        uint64_t n = 0;
        sct_json_get_u64(os, "cases", &n);
        char *next = sct_render_printf("%s%s%s %s (%llu)", text,
                                       first_oos ? " Out of scope (not claimed, not run): "
                                                 : ", ",
                                       render_str_or(os, "op", "?"),
                                       render_str_or(os, "types", "?"),
                                       (unsigned long long)n);
        free(text);
        text = next;
        first_oos = false;
    }
    const cJSON *declined = sct_json_member(summary, "declined"), *d;
    bool first = true;
    cJSON_ArrayForEach(d, declined) {
        uint64_t n = 0, cases = 0;
        sct_json_get_u64(d, "unsupported", &n);
        sct_json_get_u64(d, "cases", &cases);
        char *next = sct_render_printf("%s%s%s %s (%llu of %llu)", text,
                                       first ? " Declined, not certified: " : ", ",
                                       render_str_or(d, "op", "?"),
                                       render_str_or(d, "types", "?"),
                                       (unsigned long long)n, (unsigned long long)cases);
        free(text);
        text = next;
        first = false;
    }
    return text;
}

static void load_identity(sct_render_doc *doc, const cJSON *root)
{
    const cJSON *id = sct_json_member(root, "identity");
    const cJSON *be = sct_json_member(id, "backend");
    const cJSON *op = sct_json_member(root, "options");
    const cJSON *sh = sct_json_member(root, "shard");
    const cJSON *tm = sct_json_member(root, "timing");
    char buf[1024];
    sct_render_kv **kv = &doc->identity;
    size_t *n = &doc->n_identity;

    snprintf(buf, sizeof buf, "%s %s (vendor: %s)",
             render_str_or(be, "runtime_name", "?"),
             render_str_or(be, "runtime_version", "?"),
             render_str_or(be, "vendor", "?"));
    sct_render_kv_add(kv, n, "Implementation under test", buf);
    sct_render_kv_add(kv, n, "Plugin", render_str_or(be, "plugin_path", ""));
    uint64_t maj = 0, min = 0;
    bool has_abi = sct_json_get_u64(be, "abi_major", &maj) &&
                   sct_json_get_u64(be, "abi_minor", &min);
    snprintf(buf, sizeof buf, "%llu.%llu", (unsigned long long)maj,
             (unsigned long long)min);
    sct_render_kv_add(kv, n, "Plugin ABI", has_abi ? buf : "");
    sct_render_kv_add(kv, n, "Isolation", render_str_or(be, "isolation", ""));
    snprintf(buf, sizeof buf, "%s %s", render_str_or(id, "harness", "sonnx-cts"),
             render_str_or(id, "harness_version", "?"));
    sct_render_kv_add(kv, n, "Harness", buf);
    sct_render_kv_add(kv, n, "Profile", render_str_or(id, "profile", ""));
    sct_render_kv_add(kv, n, "Vectors directory", render_str_or(id, "vectors_dir", ""));
    sct_render_kv_add(kv, n, "Vector set sha256",
                      render_str_or(id, "vector_set_sha256", ""));
    sct_render_kv_add(kv, n, "Vector format version",
                      render_str_or(id, "vector_format_version", ""));
    sct_render_kv_add(kv, n, "Host", render_str_or(id, "host", ""));
    sct_render_kv_add(kv, n, "Date (UTC)", render_str_or(id, "date_utc", ""));
    sct_render_kv_add(kv, n, "Command line", render_str_or(id, "command_line", ""));
    uint64_t max_errors = 0;
    bool strict = false, isolate = false;
    sct_json_get_u64(op, "max_errors", &max_errors);
    sct_json_get_bool(op, "strict_nan", &strict);
    sct_json_get_bool(op, "isolate", &isolate);
    const cJSON *to = sct_json_member(op, "timeout_seconds");
    char timeout[48] = "default";
    if (cJSON_IsNumber(to) && to->valuedouble > 0.0)
        snprintf(timeout, sizeof timeout, "%g s", to->valuedouble);
    snprintf(buf, sizeof buf,
             "max-errors %llu; NaN matching %s; per-case timeout %s; "
             "isolation %s; vendor options \"%s\"; filters: %s",
             (unsigned long long)max_errors, strict ? "strict (bits)" : "any NaN",
             timeout, isolate ? "on" : "off",
             render_str_or(op, "vendor_options", ""),
             render_str_or(op, "filters", "")[0] ? render_str_or(op, "filters", "")
                                                     : "none");
    sct_render_kv_add(kv, n, "Options", op ? buf : "");
    uint64_t si = 1, sn = 1;
    if (sh && sct_json_get_u64(sh, "index", &si) && sct_json_get_u64(sh, "count", &sn) &&
        sn > 1)
        snprintf(buf, sizeof buf, "shard %llu of %llu (a partial run: merge all "
                 "shards for a verdict on the whole set)%s%.320s",
                 (unsigned long long)si, (unsigned long long)sn,
                 render_str_or(sh, "source", "")[0] ? "; --shard auto: " : "",
                 render_str_or(sh, "source", ""));
    else
        snprintf(buf, sizeof buf, "whole run (not sharded)");
    uint64_t merged = 0;
    if (sh && sct_json_get_u64(sh, "merged_from", &merged) && merged > 0)
        snprintf(buf, sizeof buf, "merged from %llu shards",
                 (unsigned long long)merged);
    sct_render_kv_add(kv, n, "Sharding", buf);
    const cJSON *secs = sct_json_member(tm, "seconds");
    snprintf(buf, sizeof buf, "%.3f s", cJSON_IsNumber(secs) ? secs->valuedouble : 0.0);
    sct_render_kv_add(kv, n, "Run time", cJSON_IsNumber(secs) ? buf : "");

    const char *runtime = render_str_or(be, "runtime_name", "unknown implementation");
    doc->title = sct_render_printf("Conformance of %s %s", runtime,
                                   render_str_or(be, "runtime_version", ""));
    doc->vectors_dir = sct_render_strdup(render_str_or(id, "vectors_dir", ""));
    doc->command_line = sct_render_strdup(render_str_or(id, "command_line", ""));
}

static void load_totals(sct_render_doc *doc, const cJSON *root)
{
    const cJSON *s = sct_json_member(root, "summary");
    if (s == NULL)
        sct_render_warn(doc, "the JSON has no \"summary\"");
    const char *overall = render_str_or(s, "overall", "");
    /* The tier beside the verdict (run_tier.h): below the certification
     * tiers the verdict word itself carries the mark, so no banner, cell or
     * comparison column reads as a certificate without it. */
    const cJSON *tier = sct_json_member(s, "tier");
    bool certifiable = true;
    sct_json_get_bool(tier, "valid_for_certification", &certifiable);
    const char *tier_name = render_str_or(tier, "name", "");
    sct_tier_kind tier_kind;
    doc->no_vector_set = sct_tier_from_name(tier_name, &tier_kind) && sct_tier_is_sweep(tier_kind);
    /* The values answer and the enforcement answer, separately (SN-24). */
    const cJSON *enf = sct_json_member(s, "enforcement");
    uint64_t not_enforced = 0;
    sct_json_get_u64(enf, "not_enforced", &not_enforced);
    const char *enf_text = render_str_or(enf, "text", "");
    const char *values = not_enforced > 0 && overall[0] != '\0' ? " (values)" : "";
    doc->overall_verdict = certifiable || overall[0] == '\0'
                               ? sct_render_printf("%s%s", overall, values)
                               : sct_render_printf("%s%s (%s)", overall, values,
                                                   SCT_TIER_NOT_CERTIFIABLE);
    char *meaning = overall_meaning(overall, s);
    if (enf_text[0] != '\0') {
        char *m = sct_render_printf("%s Enforcement: %s.", meaning, enf_text);
        free(meaning);
        meaning = m;
    }
    doc->exit_meaning = tier == NULL ? meaning
                        : sct_render_printf("Tier: %s: %s%s. %s",
                                            render_str_or(tier, "name", "?"),
                                            render_str_or(tier, "detail", ""),
                                            certifiable ? "" : " -- " SCT_TIER_NOT_CERTIFIABLE,
                                            meaning);
    if (tier != NULL)
        free(meaning);
    char *v;
    sct_render_kv_add(&doc->totals, &doc->n_totals, "Cases run",
                      (v = render_u64_text(s, "cases")));
    free(v);
    /* Verdict counts in the verdict order of verdict.h, whatever the key
     * order of the JSON. */
    const cJSON *verdicts = sct_json_member(s, "verdicts"), *it;
    for (int k = 0; k < (int)SCT_VERDICT_COUNT; k++) {
        const char *name = sct_verdict_name((sct_verdict)k);
        uint64_t x;
        if (!sct_json_get_u64(verdicts, name, &x))
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
        v = render_u64_text(s, fields[i][0]);
        sct_render_kv_add(&doc->totals, &doc->n_totals, fields[i][1], v);
        free(v);
    }
    const cJSON *dev = sct_json_member(s, "deviation_counts");
    char buf[1024] = "";
    size_t o = 0;
    for (int d = 1; d < (int)SCT_DEV_COUNT; d++) {
        const char *name = sct_deviation_name((sct_deviation)d);
        uint64_t x;
        if (sct_json_get_u64(dev, name, &x) && o < sizeof buf)
            o += (size_t)snprintf(buf + o, sizeof buf - o, "%s%s: %llu",
                                  o ? ", " : "", name, (unsigned long long)x);
    }
    cJSON_ArrayForEach(it, dev) /* names this harness does not know */
        if (sct_deviation_from_name(it->string) == SCT_DEV_COUNT && o < sizeof buf)
        {
            uint64_t x = 0;
            sct_json_u64(it, &x);
            o += (size_t)snprintf(buf + o, sizeof buf - o, "%s%s (class unknown to "
                                  "this harness): %llu", o ? ", " : "", it->string,
                                  (unsigned long long)x);
        }
    sct_render_kv_add(&doc->totals, &doc->n_totals, "Deviation classes",
                      o ? buf : "none");
}

/* What a conformance record adds to the identity: the certified file. */
static void load_record_identity(sct_render_doc *doc, const cJSON *record)
{
    const cJSON *lib = sct_json_member(record, "library");
    sct_render_kv_add(&doc->identity, &doc->n_identity, "Certified library",
                      render_str_or(lib, "path", ""));
    sct_render_kv_add(&doc->identity, &doc->n_identity, "Library sha256",
                      render_str_or(lib, "sha256", ""));
    sct_render_kv_add(&doc->identity, &doc->n_identity, "Library source",
                      render_str_or(lib, "source", ""));
    sct_render_kv_add(&doc->identity, &doc->n_identity, "Record regenerated by",
                      render_str_or(record, "regenerate", ""));
}

static void hash_bytes(void *user, const void *bytes, size_t n)
{
    sct_sha256_update(user, bytes, n);
}

int sct_render_load_run(sct_render_doc *doc, const char *json_path,
                        const char *profile, char *err, size_t err_cap)
{
    memset(doc, 0, sizeof *doc);
    /* The digest of the exact bytes rendered: a signed report names the
     * JSON it shows, so the two can be matched later. */
    sct_sha256_ctx sha;
    sct_sha256_init(&sha);
    sct_report_read_opts opts = {.mode = SCT_READ_TOLERANT, .profile = profile,
                                 .on_bytes = hash_bytes, .user = &sha};
    sct_report_file *f = NULL;
    if (sct_report_open(json_path, &opts, &f, err, err_cap) != 0) {
        sct_sha256_abandon(&sha);
        return -1;
    }
    uint8_t bin[SCT_SHA256_DIGEST_BYTES];
    char digest[SCT_SHA256_HEX_CHARS + 1];
    sct_sha256_final(&sha, bin);
    sct_sha256_digest_to_hex(bin, digest);
    const cJSON *root = sct_report_run_json(f);
    bool record = sct_report_is_record(f);
    load_identity(doc, root);
    char why[512];
    if (sct_report_read_head(f, &doc->head, why, sizeof why) != 0)
        sct_render_warn(doc, "%s: %s", json_path, why);
    if (record)
        load_record_identity(doc, sct_report_record_json(f));
    sct_render_kv_add(&doc->identity, &doc->n_identity,
                      record ? "Conformance record sha256" : "JSON report sha256",
                      digest);
    load_totals(doc, root);
    if (!sct_report_has_cases(f))
        sct_render_warn(doc, "%s: no \"cases\" array", json_path);
    load_groups(doc, sct_json_member(root, "groups"));
    sct_render_cases_load(doc, f);
    return 0;
}

static void free_kvs(sct_render_kv *kv, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        free(kv[i].label);
        free(kv[i].value);
    }
    free(kv);
}

static void free_strs(char **s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(s[i]);
    free(s);
}

void sct_render_doc_free(sct_render_doc *doc)
{
    if (doc == NULL)
        return;
    free(doc->title); free(doc->overall_verdict); free(doc->exit_meaning);
    free_kvs(doc->identity, doc->n_identity);
    free_kvs(doc->totals, doc->n_totals);
    free(doc->vectors_dir); free(doc->command_line);
    sct_run_report_free(&doc->head);
    sct_render_case_store_free(doc->store);
    for (size_t i = 0; i < doc->n_combos; i++) {
        free(doc->combos[i].op); free(doc->combos[i].type_a); free(doc->combos[i].type_b);
    }
    free(doc->combos);
    for (size_t i = 0; i < doc->n_cited; i++)
        free(doc->cited[i].id);
    free(doc->cited);
    for (size_t i = 0; i < doc->n_groups; i++) {
        sct_render_group *g = &doc->groups[i];
        free(g->op); free(g->type); free(g->verdict);
        for (size_t k = 0; k < g->n_bins; k++)
            free(g->bins[k].label);
        free(g->bins);
    }
    free(doc->groups);
    for (size_t i = 0; i < doc->n_reqs; i++) {
        free(doc->reqs[i].id); free(doc->reqs[i].source); free(doc->reqs[i].text);
    }
    free(doc->reqs);
    free(doc->catalogue_path);
    for (size_t i = 0; i < doc->n_notes; i++) {
        free(doc->notes[i].id); free(doc->notes[i].title); free(doc->notes[i].body);
    }
    free(doc->notes);
    free(doc->notes_path);
    free_strs(doc->warnings, doc->n_warnings);
    memset(doc, 0, sizeof *doc);
}
