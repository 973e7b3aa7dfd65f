/*
 * merge_governance.c — summary.baseline and summary.waivers of the shard
 * reports into the merged report (merge_governance.h).
 */
#include "merge_governance.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

static bool same_str(const char *a, const char *b)
{
    return strcmp(a ? a : "", b ? b : "") == 0;
}

/* The field in which waiver lists `a` and `b` differ, or NULL.  Only what
 * the waivers file said is compared, not what each shard matched. */
static const char *waivers_differ(const sct_run_report *a, const sct_run_report *b)
{
    if (a->n_waivers != b->n_waivers)
        return "summary.waivers (a different number of waivers)";
    for (size_t i = 0; i < a->n_waivers; i++) {
        const sct_waiver_note *x = &a->waivers[i], *y = &b->waivers[i];
        if (!same_str(x->what, y->what) || !same_str(x->runtime, y->runtime) ||
            !same_str(x->reason, y->reason) || !same_str(x->link, y->link) ||
            !same_str(x->owner, y->owner) || !same_str(x->expires, y->expires))
            return "summary.waivers (different waivers)";
    }
    return NULL;
}

/* Every shard compared its cases with the whole baseline file: what it
 * found plus what it did not run is the file's entry count, the same in
 * every shard of one baseline. */
static size_t baseline_entries(const sct_baseline_result *b)
{
    return b->compared + b->not_run;
}

static const char *baseline_differs(const sct_run_report *a, const sct_run_report *b)
{
    if (a->baseline.used != b->baseline.used)
        return "summary.baseline (one shard was compared with a baseline, another not)";
    if (!a->baseline.used)
        return NULL;
    if (!same_str(a->baseline.path, b->baseline.path))
        return "summary.baseline.path";
    if (baseline_entries(&a->baseline) != baseline_entries(&b->baseline))
        return "summary.baseline (compared + not_run: a different baseline file)";
    return NULL;
}

int sct_merge_governance(const char *const *paths, sct_run_report *r, const size_t *order,
                         size_t n, sct_run_report *out, char *err, size_t err_cap)
{
    const sct_run_report *a = &r[order[0]];
    for (size_t k = 1; k < n; k++) {
        const sct_run_report *b = &r[order[k]];
        const char *what = waivers_differ(a, b);
        if (what == NULL)
            what = baseline_differs(a, b);
        if (what != NULL) {
            snprintf(err, err_cap, "%s and %s are not shards of one run: %s differs",
                     paths[order[0]], paths[order[k]], what);
            return 1;
        }
    }
    sct_run_report *first = &r[order[0]];
    out->waivers = first->waivers;
    out->n_waivers = first->n_waivers;
    first->waivers = NULL;
    first->n_waivers = 0;
    for (size_t i = 0; i < out->n_waivers; i++)
        for (size_t k = 1; k < n; k++)
            out->waivers[i].matched += r[order[k]].waivers[i].matched;
    if (!first->baseline.used)
        return 0;
    size_t entries = baseline_entries(&first->baseline);
    out->baseline = first->baseline;
    memset(&first->baseline, 0, sizeof first->baseline);
    sct_baseline_result *b = &out->baseline;
    for (size_t k = 1; k < n; k++) {
        const sct_baseline_result *s = &r[order[k]].baseline;
        b->compared += s->compared;
        b->changed += s->changed;
        b->worse += s->worse;
        b->unknown += s->unknown;
    }
    b->not_run = entries - b->compared;
    return 0;
}
