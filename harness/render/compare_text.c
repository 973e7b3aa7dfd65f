/*
 * compare_text.c — what a cell says and whether a row differs across
 * runtimes (compare_render.h); shared by the Markdown and HTML writers.
 */
#include <stdio.h>
#include <string.h>

#include "sct/render/compare_render.h"
#include "sct/text/bounded_append.h"

/* Each deviation class of the cell as `fmt` (name, count). */
static void append_deviations(char *buf, size_t cap, const sct_compare_cell *c,
                              const char *fmt)
{
    for (size_t d = 0; d < c->n_deviations; d++)
        sct_bounded_appendf(buf, cap, fmt, c->deviations[d].name,
                            (unsigned long long)c->deviations[d].count);
}

const char *sct_compare_cell_text(const sct_compare_cell *c, char *buf,
                                  size_t cap)
{
    if (!c->present) {
        snprintf(buf, cap, "no case");
        return buf;
    }
    const size_t *n = c->tally.n;
    if (n[SCT_VC_UNSUPPORTED] == c->tally.total) {
        /* the group word of the report's matrix (verdict_tally.h), so a
         * state has one name in every format */
        snprintf(buf, cap, "UNSUPPORTED (all %zu declined)", c->tally.total);
        return buf;
    }
    snprintf(buf, cap, "%s %zu/%zu", c->verdict, n[SCT_VC_PASS], c->tally.total);
    if (n[SCT_VC_FAIL])
        sct_bounded_appendf(buf, cap, "; %llu fail", (unsigned long long)n[SCT_VC_FAIL]);
    if (n[SCT_VC_CRASH])
        sct_bounded_appendf(buf, cap, "; %llu crash/timeout", (unsigned long long)n[SCT_VC_CRASH]);
    if (n[SCT_VC_ERROR])
        sct_bounded_appendf(buf, cap, "; %llu error", (unsigned long long)n[SCT_VC_ERROR]);
    if (n[SCT_VC_UNSUPPORTED])
        sct_bounded_appendf(buf, cap, "; %llu unsup", (unsigned long long)n[SCT_VC_UNSUPPORTED]);
    /* The enforcement answer, shown but not part of the outcome key below:
     * a row differs by its values (docs/spec-notes.md SN-24). */
    if (n[SCT_VC_NOT_ENFORCED])
        sct_bounded_appendf(buf, cap, "; %llu not enforced",
               (unsigned long long)n[SCT_VC_NOT_ENFORCED]);
    if (c->has_max_ulp)
        sct_bounded_appendf(buf, cap, "; max %llu ulp", (unsigned long long)c->max_ulp);
    append_deviations(buf, cap, c, "; %s %llu");
    return buf;
}

/* What must agree for two runtimes to count as "the same" on a row: the
 * outcome of the cases they ran (failed, crashed, error cases, deviation
 * classes of the mismatching elements), not how many they declined, nor
 * the max ULP distance (within the tolerance it is no outcome: shown in the
 * cell, not counted; beyond it the case FAILs and counts).  "" when the
 * cell ran nothing. */
static const char *outcome_key(const sct_compare_cell *c, char *buf,
                               size_t cap)
{
    const size_t *n = c->tally.n;
    buf[0] = '\0';
    if (!c->present || n[SCT_VC_UNSUPPORTED] == c->tally.total)
        return buf;
    sct_bounded_appendf(buf, cap, "f%llu", (unsigned long long)n[SCT_VC_FAIL]);
    sct_bounded_appendf(buf, cap, " c%llu", (unsigned long long)n[SCT_VC_CRASH]);
    sct_bounded_appendf(buf, cap, " e%llu", (unsigned long long)n[SCT_VC_ERROR]);
    append_deviations(buf, cap, c, " %s:%llu");
    return buf;
}

bool sct_compare_row_differs(const sct_compare *cmp, size_t row)
{
    const sct_compare_row *r = &cmp->rows[row];
    char first[1024], other[1024];
    int seen = 0;
    for (size_t c = 0; c < cmp->n_columns; c++) {
        if (outcome_key(&r->cells[c], other, sizeof other)[0] == '\0')
            continue;
        if (!seen++) {
            memcpy(first, other, sizeof first);
            continue;
        }
        if (strcmp(first, other) != 0)
            return true;
    }
    return false;
}
