/*
 * render_case_view.c — the display of one case record (render_case_view.h).
 * Every field follows the JSON writer's rule for the same member
 * (json_writer.c, case_json): elements and deviation classes only when
 * compared, a max ULP only for a compared floating-point output, values as
 * "<decimal> (<bits>)".
 */
#include "render_case_view.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sct/numeric/dtype.h"
#include "sct/results/run_summary.h"
#include "sct/results/value_format.h"

/* The type's manifest name; "?" for a case that has none (a stand-in, a
 * tolerant read of a report without it). */
static const char *type_name(int32_t code)
{
    const sct_dtype_info *d = sct_dtype_by_code(code);
    return d != NULL ? d->name : "?";
}

static char **strs_dup(char *const *v, size_t n)
{
    char **out = sct_render_grow(NULL, n + 1, sizeof *out);
    for (size_t i = 0; i < n; i++)
        out[i] = sct_render_strdup(v[i]);
    return out;
}

/* "1.5 (0x3fc00000)", as the JSON's "a" and "a_bits". */
static char *value_text(int32_t type, uint64_t bits)
{
    char dec[SCT_VALUE_TEXT_MAX], hex[SCT_VALUE_TEXT_MAX];
    sct_format_value(type, bits, dec, sizeof dec);
    sct_format_bits(type, bits, hex, sizeof hex);
    return sct_render_printf("%s (%s)", dec, hex);
}

static char *coords_text(const sct_sample *s)
{
    char buf[256];
    size_t o = 0;
    buf[o++] = '[';
    for (int32_t d = 0; d < s->rank; d++) {
        int n = snprintf(buf + o, sizeof buf - o, "%s%lld", d ? ", " : "",
                         (long long)s->coords[d]);
        if (n < 0 || (size_t)n >= sizeof buf - o - 2)
            break;
        o += (size_t)n;
    }
    buf[o++] = ']';
    buf[o] = '\0';
    return sct_render_strdup(buf);
}

static void sample_view(const sct_sample *s, sct_render_sample *out)
{
    out->index = sct_render_printf("%llu", (unsigned long long)s->index);
    out->coords = coords_text(s);
    /* "A = 1.5 (0x3fc00000); B = ...": one per input, named as the JSON
     * names them (sct_input_key, upper case); a unary op's input is A. */
    char *inputs = sct_render_strdup("");
    for (size_t k = 0; k < s->n_inputs && k < SCT_CHECK_MAX_INPUTS; k++) {
        char *v = value_text(s->in_types[k], s->in_bits[k]);
        char key = (char)(sct_input_key(k)[0] - 'a' + 'A');
        char *more = sct_render_printf("%s%s%c = %s", inputs, k ? "; " : "", key, v);
        free(v);
        free(inputs);
        inputs = more;
    }
    out->inputs = inputs;
    out->expected = value_text(s->out_type, s->expected_bits);
    out->actual = value_text(s->out_type, s->actual_bits);
    out->ulp = s->ulp == SCT_ULP_NONE ? sct_render_strdup("n/a")
                                      : sct_render_printf("%llu", (unsigned long long)s->ulp);
    out->deviation = sct_render_strdup(sct_deviation_name(s->deviation));
    out->worst = s->worst;
}

void sct_render_case_view(const sct_case_result *c, bool stand_in, sct_render_case *out)
{
    memset(out, 0, sizeof *out);
    out->id = sct_render_strdup(c->id);
    out->op = sct_render_strdup(c->op_type);
    out->type_out = sct_render_strdup(type_name(c->output.elem_type));
    out->type_a = sct_render_strdup(c->n_inputs > 0 ? type_name(c->inputs[0].elem_type)
                                                    : out->type_out);
    out->type_b = sct_render_strdup(c->n_inputs > 1 ? type_name(c->inputs[1].elem_type)
                                                    : out->type_a);
    out->n_inputs = c->n_inputs;
    /* The JSON's group key (run_summary.h). */
    char types[3 * 32];
    sct_case_types_label(c, types, sizeof types);
    out->types = sct_render_strdup(types);
    out->verdict = sct_render_strdup(sct_verdict_name(c->verdict));
    out->expectation = sct_render_strdup(c->expectation);
    out->message = sct_render_strdup(c->message);
    out->requirements = strs_dup(c->requirements, c->n_requirements);
    out->n_requirements = c->n_requirements;
    out->satisfies = strs_dup(c->satisfies, c->n_satisfies);
    out->n_satisfies = c->n_satisfies;
    out->tags = strs_dup(c->tags, c->n_tags);
    out->n_tags = c->n_tags;
    out->elements = c->compared ? c->stats.elements : 0;
    out->mismatches = c->compared ? c->stats.mismatches : 0;
    const sct_dtype_info *d = sct_dtype_by_code(c->output.elem_type);
    out->has_max_ulp = c->compared && d != NULL && d->kind == SCT_KIND_FLOAT;
    out->max_ulp = out->has_max_ulp ? c->stats.max_ulp : 0;
    out->has_tolerance = !stand_in;
    out->tolerance_ulp = c->tolerance_ulp;
    /* Deviation classes in the classifier's order (compare.h), only those
     * that occurred, as the JSON writer lists them. */
    for (int k = 1; c->compared && k < (int)SCT_DEV_COUNT; k++) {
        if (c->stats.deviation_counts[k] == 0)
            continue;
        out->deviations = sct_render_grow(out->deviations, out->n_deviations + 1,
                                          sizeof *out->deviations);
        out->deviations[out->n_deviations].name =
            sct_render_strdup(sct_deviation_name((sct_deviation)k));
        out->deviations[out->n_deviations++].count = c->stats.deviation_counts[k];
    }
    if (c->n_samples > 0)
        out->samples = sct_render_grow(NULL, c->n_samples, sizeof *out->samples);
    for (size_t i = 0; i < c->n_samples; i++)
        sample_view(&c->samples[i], &out->samples[out->n_samples++]);
}

void sct_render_case_regroup(sct_render_case *c, const char *op, const char *types)
{
    free(c->op);
    free(c->types);
    free(c->type_a);
    free(c->type_b);
    c->op = sct_render_strdup(op);
    c->types = sct_render_strdup(types);
    /* The group label "a,b" of two input types, else one type for both. */
    const char *comma = strchr(types, ',');
    c->type_a = comma ? sct_render_printf("%.*s", (int)(comma - types), types)
                      : sct_render_strdup(types);
    c->type_b = sct_render_strdup(comma ? comma + 1 : types);
}
