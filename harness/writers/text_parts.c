/*
 * text_parts.c — the pieces of the text report both text_writer.c (cases,
 * table, header) and text_closing.c (failing cases, closing block) write:
 * one element line, the tier, the declined groups and the claim
 * (text_parts.h).  Calls run one way: text_writer.c -> text_closing.c ->
 * text_parts.c, and text_writer.c -> text_parts.c.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "sct/numeric/dtype.h"
#include "sct/results/run_tier.h"
#include "sct/results/value_format.h"
#include "text_parts.h"

static void write_coords(FILE *out, const sct_sample *s)
{
    fputc('(', out);
    for (int32_t d = 0; d < s->rank; d++)
        fprintf(out, "%s%" PRId64, d ? "," : "", s->coords[d]);
    fputc(')', out);
}

void sct_text_value(FILE *out, const char *label, int32_t type, uint64_t bits)
{
    char dec[SCT_VALUE_TEXT_MAX], hex[SCT_VALUE_TEXT_MAX];
    sct_format_value(type, bits, dec, sizeof dec);
    sct_format_bits(type, bits, hex, sizeof hex);
    fprintf(out, " %s=%s (%s)", label, dec, hex);
}

void sct_text_sample(FILE *out, const sct_sample *s)
{
    fprintf(out, "[%" PRIu64 "] ", s->index);
    write_coords(out, s);
    for (size_t k = 0; k < s->n_inputs && k < SCT_CHECK_MAX_INPUTS; k++)
        sct_text_value(out, sct_input_key(k), s->in_types[k], s->in_bits[k]);
    sct_text_value(out, "expected", s->out_type, s->expected_bits);
    sct_text_value(out, "actual", s->out_type, s->actual_bits);
    if (s->ulp == SCT_ULP_NONE)
        fprintf(out, " ulp=-");
    else
        fprintf(out, " ulp=%" PRIu64, s->ulp);
    fprintf(out, " class=%s%s\n", sct_deviation_name(s->deviation),
            s->worst ? " worst" : "");
}

void sct_text_declined(FILE *out, const sct_run_summary *s)
{
    bool any = false;
    for (size_t i = 0; i < s->n_groups; i++) {
        const sct_group_summary *g = &s->groups[i];
        if (g->counts[SCT_VERDICT_UNSUPPORTED] == 0)
            continue;
        fprintf(out, "%s%s %s (%zu of %zu)", any ? ", " : "declined, not certified: ",
                g->op_type, g->types, g->counts[SCT_VERDICT_UNSUPPORTED], g->cases);
        any = true;
    }
    if (any)
        fputc('\n', out);
}

void sct_text_tier(FILE *out, const sct_run_summary *s)
{
    fprintf(out, "tier: %s: %s%s\n", sct_tier_name(s->tier.kind), s->tier.detail,
            s->tier.certifiable ? "" : " -- " SCT_TIER_NOT_CERTIFIABLE);
}

void sct_text_claims(FILE *out, const sct_run_summary *s)
{
    bool any = false;
    for (size_t i = 0; i < s->n_groups; i++) {
        const sct_group_summary *g = &s->groups[i];
        if (g->counts[SCT_VERDICT_OUT_OF_SCOPE] == 0)
            continue;
        fprintf(out, "%s%s %s (%zu)", any ? ", " : "out of scope (not claimed, not run): ",
                g->op_type, g->types, g->counts[SCT_VERDICT_OUT_OF_SCOPE]);
        any = true;
    }
    if (any)
        fputc('\n', out);
    for (size_t i = 0; i < s->n_groups; i++) {
        char text[1024];
        sct_claim_text(&s->groups[i], text, sizeof text);
        if (text[0] != '\0')
            fprintf(out, "claim: %s\n", text);
    }
}
