/*
 * report_read_case.c — one case object of a JSON run report into an
 * sct_case_result (report_read_fields.h): the inverse of json_writer.c's
 * case_json, field for field, so that writing what was read gives the same
 * JSON.  Values are read from their exact forms: element bits from the
 * "_bits" hex strings, 64-bit counts from their integer literals
 * (json_exact.h), never from the decimal text.
 */
#include "report_read_fields.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sct/numeric/dtype.h"
#include "sct/results/attributes_text.h"

/* A type name into its code; 0 (no type) when missing or unknown. */
static int32_t dtype_code(sct_json_reader *rd, const cJSON *name)
{
    const sct_dtype_info *d = cJSON_IsString(name) ? sct_dtype_by_name(name->valuestring)
                                                    : NULL;
    if (d == NULL) {
        sct_json_problem(rd, NULL, name != NULL, "unknown element type name");
        return 0;
    }
    return d->code;
}

static void read_shape(sct_json_reader *rd, const cJSON *arr, sct_tensor_shape *t)
{
    t->rank = 0;
    if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) > SONNX_MAX_RANK) {
        sct_json_problem(rd, NULL, arr != NULL, "shape is not an array of at most 8 dims");
        return;
    }
    const cJSON *d;
    cJSON_ArrayForEach(d, arr) {
        uint64_t v = 0;
        if (!sct_json_u64(d, &v) || v > INT64_MAX)
            sct_json_problem(rd, NULL, true, "shape dim is not a non-negative integer");
        t->dims[t->rank++] = (int64_t)v;
    }
}

static char **read_strings(sct_json_reader *rd, const cJSON *arr, size_t *n)
{
    *n = 0;
    if (!cJSON_IsArray(arr)) {
        sct_json_problem(rd, NULL, arr != NULL, "expected an array of strings");
        return NULL;
    }
    size_t cap = (size_t)cJSON_GetArraySize(arr);
    if (cap == 0)
        return NULL;
    char **v = calloc(cap, sizeof *v);
    if (v == NULL) {
        rd->mode = SCT_READ_STRICT;
        sct_json_problem(rd, NULL, true, "out of memory");
        return NULL;
    }
    const cJSON *it;
    cJSON_ArrayForEach(it, arr) {
        if (!cJSON_IsString(it)) {
            sct_json_problem(rd, NULL, true, "array element is not a string");
            continue;
        }
        if ((v[*n] = sct_json_read_own(rd, it->valuestring)) != NULL)
            (*n)++;
    }
    return v;
}

/* One sample; false (tolerant) when its values cannot be shown: a value
 * is never guessed. */
static bool read_sample(sct_json_reader *rd, const cJSON *o, const sct_case_result *c,
                        sct_sample *s)
{
    memset(s, 0, sizeof *s);
    /* Tolerant: a sample without its values (a hand-written or truncated
     * report) is left out whole, quietly, as a missing member is. */
    if (rd->mode == SCT_READ_TOLERANT &&
        (sct_json_member(o, "expected_bits") == NULL ||
         sct_json_member(o, "actual_bits") == NULL))
        return false;
    bool ok = true;
    s->index = sct_json_read_u64(rd, o, "index");
    const cJSON *coords = sct_json_member(o, "coords"), *d;
    if (!cJSON_IsArray(coords) || cJSON_GetArraySize(coords) > SONNX_MAX_RANK)
        sct_json_problem(rd, NULL, coords != NULL,
                         "coords is not an array of at most 8 integers");
    cJSON_ArrayForEach(d, coords) {
        uint64_t v = 0;
        if (!sct_json_u64(d, &v) || v > INT64_MAX || s->rank >= SONNX_MAX_RANK) {
            sct_json_problem(rd, NULL, true, "bad coordinate");
            break;
        }
        s->coords[s->rank++] = (int64_t)v;
    }
    /* One value per input of the case, under the writers' keys
     * (sct_input_key: "a", "b", "c"; a unary op's input is "a"). */
    for (size_t k = 0; k < SCT_CHECK_MAX_INPUTS && k < c->n_inputs; k++) {
        char key[16];
        snprintf(key, sizeof key, "%s_bits", sct_input_key(k));
        if (sct_json_member(o, key) == NULL)
            break;
        s->in_types[k] = c->inputs[k].elem_type;
        ok = sct_json_read_hex(rd, o, key, &s->in_bits[k]) && ok;
        s->n_inputs = k + 1;
    }
    s->out_type = c->output.elem_type;
    ok = sct_json_read_hex(rd, o, "expected_bits", &s->expected_bits) && ok;
    ok = sct_json_read_hex(rd, o, "actual_bits", &s->actual_bits) && ok;
    const cJSON *ulp = sct_json_member(o, "ulp");
    if (ulp == NULL || cJSON_IsNull(ulp)) {
        s->ulp = SCT_ULP_NONE;
        if (ulp == NULL)
            sct_json_problem(rd, NULL, false, "\"ulp\" is neither null nor an integer");
    } else if (!sct_json_u64(ulp, &s->ulp)) {
        sct_json_problem(rd, NULL, true, "\"ulp\" is neither null nor an integer");
        s->ulp = SCT_ULP_NONE;
    }
    const char *cls = sct_json_get_str(o, "class");
    s->deviation = cls ? sct_deviation_from_name(cls) : SCT_DEV_COUNT;
    if (s->deviation == SCT_DEV_COUNT) {
        sct_json_problem(rd, NULL, cls != NULL, "unknown deviation \"class\"");
        s->deviation = SCT_DEV_OTHER;
    }
    s->worst = sct_json_read_bool(rd, o, "worst");
    return ok;
}

static void read_samples(sct_json_reader *rd, const cJSON *samples, sct_case_result *c)
{
    if (!cJSON_IsArray(samples))
        sct_json_problem(rd, NULL, samples != NULL, "\"samples\" is not an array");
    size_t ns = (size_t)cJSON_GetArraySize(samples);
    if (ns == 0)
        return;
    c->samples = calloc(ns, sizeof *c->samples);
    if (c->samples == NULL) {
        rd->mode = SCT_READ_STRICT;
        sct_json_problem(rd, NULL, true, "out of memory");
        return;
    }
    /* Tolerant: a sample without its bits is left out (a malformed value
     * was warned about); its value is never guessed. */
    const cJSON *s;
    cJSON_ArrayForEach(s, samples)
        if (read_sample(rd, s, c, &c->samples[c->n_samples]))
            c->n_samples++;
}

static void read_deviations(sct_json_reader *rd, const cJSON *o, uint64_t *counts)
{
    const cJSON *it;
    if (!cJSON_IsObject(o)) {
        sct_json_problem(rd, NULL, o != NULL, "\"deviation_counts\" is not an object");
        return;
    }
    cJSON_ArrayForEach(it, o) {
        sct_deviation d = sct_deviation_from_name(it->string);
        if (d == SCT_DEV_COUNT || !sct_json_u64(it, &counts[d]))
            sct_json_problem(rd, NULL, true, "unknown deviation class or non-integer count");
    }
}

static void read_types(sct_json_reader *rd, const cJSON *o, sct_case_result *c)
{
    const cJSON *types = sct_json_member(o, "input_types");
    const cJSON *shapes = sct_json_member(o, "input_shapes");
    int n = cJSON_GetArraySize(types);
    if (!cJSON_IsArray(types) || n > SCT_CHECK_MAX_INPUTS ||
        (rd->mode == SCT_READ_STRICT &&
         (!cJSON_IsArray(shapes) || cJSON_GetArraySize(shapes) != n))) {
        sct_json_problem(rd, NULL, types != NULL,
                         "input_types / input_shapes missing or inconsistent");
        n = cJSON_IsArray(types) && n <= SCT_CHECK_MAX_INPUTS && rd->mode == SCT_READ_TOLERANT ? n : 0;
    }
    for (int k = 0; k < n; k++) {
        c->inputs[k].elem_type = dtype_code(rd, cJSON_GetArrayItem(types, k));
        const cJSON *shape = cJSON_GetArrayItem(shapes, k);
        if (shape != NULL || rd->mode == SCT_READ_STRICT)
            read_shape(rd, shape, &c->inputs[k]);
    }
    c->n_inputs = (size_t)n;
    c->output.elem_type = dtype_code(rd, sct_json_member(o, "output_type"));
    const cJSON *out_shape = sct_json_member(o, "output_shape");
    if (out_shape != NULL || rd->mode == SCT_READ_STRICT)
        read_shape(rd, out_shape, &c->output);
}

static void read_verdict(sct_json_reader *rd, const cJSON *o, size_t pos,
                         sct_case_result *c)
{
    const char *v = sct_json_get_str(o, "verdict");
    c->verdict = v ? sct_verdict_from_name(v) : SCT_VERDICT_COUNT;
    if (c->verdict != SCT_VERDICT_COUNT)
        return;
    c->verdict = SCT_VERDICT_ERROR;
    if (rd->mode == SCT_READ_STRICT) {
        sct_json_problem(rd, NULL, true, "missing or unknown \"verdict\"");
    } else if (rd->warn != NULL) {
        char msg[400];
        if (v == NULL)
            snprintf(msg, sizeof msg, "case %zu (%s) has no verdict; shown as ERROR", pos,
                     c->id[0] ? c->id : "no id");
        else
            snprintf(msg, sizeof msg, "case %zu (%s) has an unknown verdict \"%.40s\"; "
                     "shown as ERROR", pos, c->id[0] ? c->id : "no id", v);
        rd->warn(rd->user, msg);
    }
}

bool sct_read_case_object(sct_json_reader *rd, const cJSON *o, size_t pos, bool brief,
                          sct_case_result *c)
{
    memset(c, 0, sizeof *c);
    c->exit_code = -1;
    const char *id = sct_json_get_str(o, "id");
    if (rd->mode == SCT_READ_STRICT)
        snprintf(rd->where, sizeof rd->where, "case \"%s\"", id ? id : "(no id)");
    else
        snprintf(rd->where, sizeof rd->where, "case %zu (%.200s)", pos,
                 id && id[0] ? id : "no id");
    c->id = sct_json_read_str_dup(rd, o, "id", "");
    if (rd->mode == SCT_READ_TOLERANT && c->id != NULL && c->id[0] == '\0' &&
        rd->warn != NULL) {
        char msg[64];
        snprintf(msg, sizeof msg, "case %zu has no id", pos);
        rd->warn(rd->user, msg);
    }
    c->op_type = sct_json_read_str_dup(rd, o, "op", "?");
    c->opset = (int32_t)sct_json_read_i64(rd, o, "opset");
    /* Optional: only a case with attributes has them. */
    if (sct_json_member(o, "attributes") != NULL) {
        char why[200];
        c->attributes = sct_attributes_text_from_json(sct_json_member(o, "attributes"), why,
                                                      sizeof why);
        if (c->attributes == NULL)
            sct_json_problem(rd, "attributes", true, "%s", why);
    }
    read_types(rd, o, c);
    c->tags = read_strings(rd, sct_json_member(o, "tags"), &c->n_tags);
    c->requirements = read_strings(rd, sct_json_member(o, "requirements"),
                                   &c->n_requirements);
    /* Optional: reports written before the field have none. */
    if (sct_json_member(o, "satisfies") != NULL)
        c->satisfies = read_strings(rd, sct_json_member(o, "satisfies"),
                                    &c->n_satisfies);
    c->expectation = sct_json_read_str_dup(rd, o, "expectation", "");
    uint64_t tol = sct_json_read_u64(rd, o, "tolerance_ulp");
    c->tolerance_ulp = tol > UINT32_MAX ? UINT32_MAX : (uint32_t)tol;
    if (c->id != NULL)
        read_verdict(rd, o, pos, c);
    const cJSON *es = sct_json_member(o, "exec_status");
    c->exec_status = sct_json_read_own(rd, cJSON_IsString(es) ? es->valuestring : "");
    if (!cJSON_IsString(es) && !cJSON_IsNull(es))
        sct_json_problem(rd, NULL, es != NULL, "\"exec_status\" is neither a string nor null");
    c->signal_number = (int)sct_json_read_i64(rd, o, "signal");
    if (sct_json_member(o, "exit_code") != NULL ||
        rd->mode == SCT_READ_STRICT)
        c->exit_code = (int)sct_json_read_i64(rd, o, "exit_code");
    c->message = sct_json_read_str_dup(rd, o, "message", "");
    c->stats.elements = sct_json_read_u64(rd, o, "elements");
    c->stats.mismatches = sct_json_read_u64(rd, o, "mismatches");
    c->stats.unmeasurable = sct_json_read_u64(rd, o, "unmeasurable");
    const cJSON *mu = sct_json_member(o, "max_ulp");
    bool has_max_ulp = sct_json_u64(mu, &c->stats.max_ulp);
    if (!cJSON_IsNull(mu) && !has_max_ulp)
        sct_json_problem(rd, NULL, mu != NULL, "\"max_ulp\" is neither null nor an integer");
    /* A hand-written report may leave "compared" out: its elements (or a
     * max ULP) say that elements were compared. */
    if (rd->mode == SCT_READ_TOLERANT &&
        sct_json_member(o, "compared") == NULL)
        c->compared = c->stats.elements > 0 || has_max_ulp;
    else
        c->compared = sct_json_read_bool(rd, o, "compared");
    read_deviations(rd, sct_json_member(o, "deviation_counts"),
                    c->stats.deviation_counts);
    /* Reports written before the histogram existed have none: zeros. */
    const cJSON *hist = sct_json_member(o, "ulp_histogram"), *h;
    cJSON_ArrayForEach(h, hist) {
        size_t b = sct_ulp_bin_by_label(h->string);
        if (b == SCT_ULP_HIST_BINS || !sct_json_u64(h, &c->ulp_hist[b]))
            sct_json_problem(rd, NULL, true,
                             "unknown \"ulp_histogram\" bin or non-integer count");
    }
    if (!brief)
        read_samples(rd, sct_json_member(o, "samples"), c);
    c->seconds = sct_json_read_double(rd, o, "seconds");
    /* Optional: a run with --claim and a declared bound (case_result.h). */
    const cJSON *cl = sct_json_member(o, "claim");
    if (cl != NULL) {
        uint64_t bound = sct_json_read_u64(rd, cl, "bound_ulp");
        c->has_claim_bound = true;
        c->claim_bound_ulp = bound > UINT32_MAX ? UINT32_MAX : (uint32_t)bound;
        c->claim_violations = sct_json_read_u64(rd, cl, "violations");
        const cJSON *w = sct_json_member(cl, "worst");
        if (w != NULL && !cJSON_IsNull(w))
            c->has_claim_worst = read_sample(rd, w, c, &c->claim_worst);
    }
    return !rd->failed;
}

bool sct_read_baseline_entry(sct_json_reader *rd, const cJSON *o, sct_case_result *c)
{
    memset(c, 0, sizeof *c);
    c->exit_code = -1;
    const char *id = sct_json_get_str(o, "id");
    snprintf(rd->where, sizeof rd->where, "case \"%s\"", id ? id : "(no id)");
    c->id = sct_json_read_str_dup(rd, o, "id", "");
    if (c->id != NULL)
        read_verdict(rd, o, 0, c);
    const cJSON *es = sct_json_member(o, "exec_status");
    c->exec_status = sct_json_read_own(rd, cJSON_IsString(es) ? es->valuestring : "");
    /* max_ulp: an integer for a compared floating-point case, else null. */
    c->compared = sct_json_get_u64(o, "max_ulp", &c->stats.max_ulp);
    /* How a failing case failed (mismatching elements, deviation classes):
     * optional, baselines written before the fields have none, which
     * SCT_BASELINE_NO_DETAIL in `mismatches` says (never "0 mismatches"). */
    const cJSON *mm = sct_json_member(o, "mismatches");
    if (mm == NULL || !sct_json_u64(mm, &c->stats.mismatches))
        c->stats.mismatches = SCT_BASELINE_NO_DETAIL;
    else if (sct_json_member(o, "deviation_counts") != NULL)
        read_deviations(rd, sct_json_member(o, "deviation_counts"),
                        c->stats.deviation_counts);
    return !rd->failed;
}
