/*
 * render_case_json.c — one case element of a run's JSON report (an object
 * of "cases", docs/report-format.md) into an sct_render_case: id, types,
 * verdict, counts, deviation classes and samples, with the tolerance of
 * render_load.c (a missing member gives "" or 0 and a warning).
 *
 * Separate from render_load.c because it only turns one parsed object into
 * one case: it knows nothing of the streaming index, the case store or the
 * aggregates, and the same code serves the loading pass, the re-reads of
 * full cases and the brief reads (render_json_scan.h).
 */
#include "render_case_json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sct/check/compare.h"
#include "sct/merge/merge_json_exact.h"

const char *sct_render_str_or(const cJSON *obj, const char *name, const char *dflt)
{
    const char *s = sct_jx_get_str(obj, name);
    return s ? s : dflt;
}

char *sct_render_u64_text(const cJSON *obj, const char *name)
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
    out->index = sct_render_u64_text(s, "index");
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
    out->deviation = sct_render_strdup(sct_render_str_or(s, "class", ""));
    out->worst = false;
    sct_jx_get_bool(s, "worst", &out->worst);
}

/* The stand-in of a case element that cannot be used: ERROR, and the
 * message says which element and why. */
void sct_render_broken_case(sct_render_case *c, size_t pos, const char *why,
                            const char *op, const char *types)
{
    memset(c, 0, sizeof *c);
    c->id = sct_render_printf("(case %zu)", pos);
    c->op = sct_render_strdup(op);
    c->types = sct_render_strdup(types);
    /* The group label "a,b" of two input types, else one type for both. */
    const char *comma = strchr(types, ',');
    c->type_a = comma ? sct_render_printf("%.*s", (int)(comma - types), types)
                      : sct_render_strdup(types);
    c->type_b = sct_render_strdup(comma ? comma + 1 : types);
    c->type_out = sct_render_strdup("?");
    c->verdict = sct_render_strdup("ERROR");
    c->expectation = sct_render_strdup("");
    c->message = sct_render_printf("case %zu of the JSON report cannot be shown: %s",
                                   pos, why);
    c->description = sct_render_strdup("");
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

/* Case `pos` from its JSON object into `c`; warnings go to `doc` (NULL:
 * none).  false: not an object (a stand-in says so). */
bool sct_render_build_case(sct_render_doc *doc, const cJSON *o, size_t pos,
                           sct_render_case *c)
{
    if (!cJSON_IsObject(o)) {
        char why[64];
        snprintf(why, sizeof why, "it is %s, not an object", json_type_name(o));
        sct_render_broken_case(c, pos, why, "?", "?");
        sct_render_case_warn(doc, "%s", c->message);
        return false;
    }
    memset(c, 0, sizeof *c);
    c->id = sct_render_strdup(sct_render_str_or(o, "id", ""));
    if (c->id[0] == '\0')
        sct_render_case_warn(doc, "case %zu has no id", pos);
    c->op = sct_render_strdup(sct_render_str_or(o, "op", "?"));
    const cJSON *types = cJSON_GetObjectItemCaseSensitive(o, "input_types");
    const cJSON *t0 = cJSON_GetArrayItem(types, 0), *t1 = cJSON_GetArrayItem(types, 1);
    c->type_out = sct_render_strdup(sct_render_str_or(o, "output_type", "?"));
    c->type_a = sct_render_strdup(cJSON_IsString(t0) ? t0->valuestring : c->type_out);
    c->type_b = sct_render_strdup(cJSON_IsString(t1) ? t1->valuestring : c->type_a);
    /* The JSON's group key (run_summary.h, sct_case_types_label). */
    c->types = strcmp(c->type_a, c->type_b) == 0
                   ? sct_render_strdup(c->type_a)
                   : sct_render_printf("%s,%s", c->type_a, c->type_b);
    c->verdict = sct_render_strdup(sct_render_str_or(o, "verdict", "ERROR"));
    if (sct_jx_get_str(o, "verdict") == NULL)
        sct_render_case_warn(doc, "case %zu (%s) has no verdict; shown as ERROR", pos,
                  c->id[0] ? c->id : "no id");
    c->expectation = sct_render_strdup(sct_render_str_or(o, "expectation", ""));
    c->message = sct_render_strdup(sct_render_str_or(o, "message", ""));
    c->description = sct_render_strdup(sct_render_str_or(o, "description", ""));
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
    return true;
}
