/*
 * shard.c — `--shard I/N`: parse the spec and select cases by their
 * position modulo N (rule in shard.h and docs/reports.md).
 */
#include "sct/select/shard.h"

#include <stdio.h>

sct_shard_spec sct_shard_whole(void)
{
    sct_shard_spec s = {1u, 1u};
    return s;
}

/* Reads a run of decimal digits into *out (no sign, no leading '+'),
 * refusing values above SCT_SHARD_MAX_COUNT.  Returns the first character
 * after the digits, or NULL when there is no digit or the value is too big. */
static const char *read_shard_number(const char *p, uint32_t *out)
{
    uint32_t v = 0;
    const char *start = p;
    while (*p >= '0' && *p <= '9') {
        v = v * 10u + (uint32_t)(*p - '0');
        if (v > SCT_SHARD_MAX_COUNT)
            return NULL;
        p++;
    }
    if (p == start)
        return NULL;
    *out = v;
    return p;
}

int sct_shard_parse(const char *text, sct_shard_spec *out, char *err,
                    size_t err_cap)
{
    uint32_t i = 0, n = 0;
    const char *p = text ? read_shard_number(text, &i) : NULL;
    if (p == NULL || *p != '/' || (p = read_shard_number(p + 1, &n)) == NULL ||
        *p != '\0') {
        snprintf(err, err_cap,
                 "--shard: expected I/N with 1 <= I <= N <= %u (e.g. 2/4), "
                 "got \"%s\"", SCT_SHARD_MAX_COUNT, text ? text : "");
        return -1;
    }
    if (n == 0 || i == 0 || i > n) {
        snprintf(err, err_cap,
                 "--shard %s: shards are numbered 1..N, so I must be between "
                 "1 and N (and N at least 1)", text);
        return -1;
    }
    out->index = i;
    out->count = n;
    return 0;
}

bool sct_shard_selects(const sct_shard_spec *s, size_t filtered_index)
{
    return filtered_index % s->count == (size_t)(s->index - 1u);
}

size_t sct_shard_case_count(const sct_shard_spec *s, size_t filtered_total)
{
    size_t first = (size_t)(s->index - 1u);
    if (filtered_total <= first)
        return 0;
    return (filtered_total - first - 1u) / s->count + 1u;
}

size_t sct_shard_position_of(const sct_shard_spec *s, size_t position_in_shard)
{
    return position_in_shard * s->count + (size_t)(s->index - 1u);
}
