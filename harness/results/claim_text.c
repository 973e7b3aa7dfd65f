/*
 * claim_text.c — a declared bound's verdict in one sentence, the words of
 * every report (run_summary.h sct_claim_text).
 */
#include <inttypes.h>
#include <stdio.h>

#include "sct/results/run_summary.h"
#include "sct/results/value_format.h"

static int value(char *buf, size_t cap, const char *label, int32_t type, uint64_t bits)
{
    char dec[SCT_VALUE_TEXT_MAX], hex[SCT_VALUE_TEXT_MAX];
    sct_format_value(type, bits, dec, sizeof dec);
    sct_format_bits(type, bits, hex, sizeof hex);
    return snprintf(buf, cap, " %s=%s (%s)", label, dec, hex);
}

void sct_claim_text(const sct_group_summary *g, char *buf, size_t cap)
{
    buf[0] = '\0';
    if (!g->has_claim_bound)
        return;
    char bound[48];
    if (g->claim_bound_ulp == 0)
        snprintf(bound, sizeof bound, "correctly rounded (0 ULP)");
    else
        snprintf(bound, sizeof bound, "%" PRIu32 " ULP", g->claim_bound_ulp);
    char observed[48] = "-";
    if (g->has_ulp)
        snprintf(observed, sizeof observed, "%" PRIu64 " ULP", g->max_ulp);
    size_t len = (size_t)snprintf(buf, cap, "%s %s: declared %s, observed max %s: %s",
                                  g->op_type, g->types, bound, observed,
                                  g->claim_violations ? "VIOLATED" : "HOLDS");
    if (g->claim_violations == 0 || len >= cap)
        return;
    len += (size_t)snprintf(buf + len, cap - len, ", %" PRIu64 " element(s) beyond it",
                            g->claim_violations);
    if (!g->has_claim_worst || len >= cap)
        return;
    const sct_sample *s = &g->claim_worst;
    len += (size_t)snprintf(buf + len, cap - len, "; worst %s[%" PRIu64 "]",
                            g->claim_worst_case, s->index);
    for (size_t k = 0; k < s->n_inputs && k < SCT_CHECK_MAX_INPUTS && len < cap; k++)
        len += (size_t)value(buf + len, cap - len, sct_input_key(k), s->in_types[k],
                             s->in_bits[k]);
    if (len < cap)
        len += (size_t)value(buf + len, cap - len, "expected", s->out_type, s->expected_bits);
    if (len < cap)
        len += (size_t)value(buf + len, cap - len, "actual", s->out_type, s->actual_bits);
    if (len < cap && s->ulp != SCT_ULP_NONE)
        snprintf(buf + len, cap - len, " ulp=%" PRIu64, s->ulp);
}
