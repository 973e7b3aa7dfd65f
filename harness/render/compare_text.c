/*
 * compare_text.c — what a cell says and whether a row differs across
 * runtimes (compare_render.h); shared by the Markdown and HTML writers.
 */
#include <stdio.h>
#include <string.h>

#include "sct/render/compare_render.h"

static void append(char *buf, size_t cap, size_t *len, const char *fmt,
                   unsigned long long v)
{
    if (*len >= cap)
        return;
    int n = snprintf(buf + *len, cap - *len, fmt, v);
    if (n > 0)
        *len += (size_t)n;
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
        snprintf(buf, cap, "all %zu unsupported", c->tally.total);
        return buf;
    }
    int w = snprintf(buf, cap, "%s %zu/%zu", c->verdict, n[SCT_VC_PASS],
                     c->tally.total);
    size_t len = w > 0 ? (size_t)w : 0;
    if (n[SCT_VC_FAIL])
        append(buf, cap, &len, "; %llu fail", n[SCT_VC_FAIL]);
    if (n[SCT_VC_CRASH])
        append(buf, cap, &len, "; %llu crash/timeout", n[SCT_VC_CRASH]);
    if (n[SCT_VC_ERROR])
        append(buf, cap, &len, "; %llu error", n[SCT_VC_ERROR]);
    if (n[SCT_VC_UNSUPPORTED])
        append(buf, cap, &len, "; %llu unsup", n[SCT_VC_UNSUPPORTED]);
    if (c->has_max_ulp)
        append(buf, cap, &len, "; max %llu ulp", c->max_ulp);
    for (size_t d = 0; d < c->n_deviations && len < cap; d++) {
        int k = snprintf(buf + len, cap - len, "; %s %llu",
                         c->deviations[d].name,
                         (unsigned long long)c->deviations[d].count);
        if (k > 0)
            len += (size_t)k;
    }
    return buf;
}

/* What must agree for two runtimes to count as "the same" on a row: the
 * outcome of the cases they ran (failed, crashed, error cases, max ULP,
 * deviation classes), not how many they declined.  "" when the cell ran
 * nothing. */
static const char *outcome_key(const sct_compare_cell *c, char *buf,
                               size_t cap)
{
    const size_t *n = c->tally.n;
    buf[0] = '\0';
    if (!c->present || n[SCT_VC_UNSUPPORTED] == c->tally.total)
        return buf;
    size_t len = 0;
    append(buf, cap, &len, "f%llu", n[SCT_VC_FAIL]);
    append(buf, cap, &len, " c%llu", n[SCT_VC_CRASH]);
    append(buf, cap, &len, " e%llu", n[SCT_VC_ERROR]);
    if (c->has_max_ulp)
        append(buf, cap, &len, " u%llu", c->max_ulp);
    for (size_t d = 0; d < c->n_deviations && len < cap; d++) {
        int k = snprintf(buf + len, cap - len, " %s:%llu",
                         c->deviations[d].name,
                         (unsigned long long)c->deviations[d].count);
        if (k > 0)
            len += (size_t)k;
    }
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
