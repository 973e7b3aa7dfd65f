/*
 * render_ulp_bins.c — group ULP histograms (render_ulp_bins.h).
 */
#include "render_ulp_bins.h"

#include <stdio.h>
#include <string.h>

/* Bucket upper bounds for derived float histograms: 0, 1, 2, 3-4, 5-16,
 * 17-256, 257-65536, above.  Powers of two and 16 on purpose: a 1-ULP
 * (rounding direction) bug, a few-ULP (double rounding, fast path) bug and a
 * wildly wrong result land in visibly different bars. */
static const uint64_t k_upper[] = {0, 1, 2, 4, 16, 256, 65536, UINT64_MAX};
#define N_UPPER (sizeof k_upper / sizeof k_upper[0])

/* "1024" -> "1K", 65536 -> "64K": bin labels must fit under a 36 px bar. */
static void short_ulp(char *buf, size_t cap, uint64_t v)
{
    if (v >= 1024 && v % 1024 == 0)
        snprintf(buf, cap, "%lluK", (unsigned long long)(v / 1024));
    else
        snprintf(buf, cap, "%llu", (unsigned long long)v);
}

static void bucket_label(size_t i, char *buf, size_t cap)
{
    uint64_t lo = i == 0 ? 0 : k_upper[i - 1] + 1;
    char a[24], b[24];
    if (k_upper[i] == UINT64_MAX) {
        short_ulp(a, sizeof a, lo - 1);
        snprintf(buf, cap, ">%s", a);
    } else if (lo == k_upper[i]) {
        short_ulp(a, sizeof a, lo);
        snprintf(buf, cap, "%s", a);
    } else {
        short_ulp(a, sizeof a, lo);
        short_ulp(b, sizeof b, k_upper[i]);
        snprintf(buf, cap, "%s-%s", a, b);
    }
}

static void add_bar(sct_ulp_histogram *h, const char *label, uint64_t count,
                    sct_svg_tone tone)
{
    if (h->n_bars >= SCT_ULP_BINS_MAX)
        return;
    snprintf(h->labels[h->n_bars], sizeof h->labels[0], "%s", label);
    h->bars[h->n_bars].label = h->labels[h->n_bars];
    h->bars[h->n_bars].count = count;
    h->bars[h->n_bars].tone = tone;
    h->n_bars++;
}

static bool from_group_bins(const sct_render_group *g, sct_ulp_histogram *h)
{
    uint64_t total = 0;
    for (size_t i = 0; i < g->n_bins && i < SCT_ULP_BINS_MAX; i++) {
        const sct_render_bin *b = &g->bins[i];
        /* Green: the matching elements; red: mismatches with a distance;
         * grey: mismatches without one (NaN vs number, integers). */
        sct_svg_tone tone = SCT_SVG_TONE_NEUTRAL;
        if (b->match)
            tone = SCT_SVG_TONE_OK;
        else if (!b->unmeasurable)
            tone = SCT_SVG_TONE_BAD;
        add_bar(h, b->label, b->count, tone);
        total += b->count;
    }
    h->unit = "elements";
    h->derived = false;
    snprintf(h->caption, sizeof h->caption,
             "%s %s: elements by ULP distance", g->op, g->type);
    return total > 0;
}

_Static_assert(N_UPPER == SCT_RENDER_DERIVED_BINS,
               "render_model.h sizes the group's derived bins");

void sct_ulp_bins_count_case(sct_render_group *g, const sct_render_case *c)
{
    if (c->elements == 0)
        return;
    g->compared_cases++;
    if (c->has_tolerance &&
        (!g->compared_has_tolerance || c->tolerance_ulp < g->compared_tolerance)) {
        g->compared_tolerance = c->tolerance_ulp;
        g->compared_has_tolerance = true;
    }
    if (!c->has_max_ulp) {
        g->no_ulp_cases++;
        return;
    }
    size_t b = 0;
    while (k_upper[b] < c->max_ulp)
        b++;
    g->worst_ulp[b]++;
}

static bool derived_float(const sct_render_group *g, sct_ulp_histogram *h)
{
    bool has_tol = g->compared_has_tolerance;
    uint64_t tol = g->compared_tolerance;
    for (size_t i = 0; i < N_UPPER; i++) {
        char label[64];
        bucket_label(i, label, sizeof label);
        add_bar(h, label, g->worst_ulp[i],
                has_tol && k_upper[i] <= tol ? SCT_SVG_TONE_OK : SCT_SVG_TONE_BAD);
    }
    if (g->no_ulp_cases)
        add_bar(h, "n/a", g->no_ulp_cases, SCT_SVG_TONE_NEUTRAL);
    h->unit = "cases";
    h->derived = true;
    snprintf(h->caption, sizeof h->caption,
             "%s %s: cases by worst-element ULP", g->op, g->type);
    return g->compared_cases > 0;
}

static bool derived_exact(const sct_render_group *g, sct_ulp_histogram *h)
{
    uint64_t elements = g->case_elements, mismatches = g->case_mismatches;
    add_bar(h, "exact", elements - (mismatches <= elements ? mismatches : elements),
            SCT_SVG_TONE_OK);
    add_bar(h, "mismatch", mismatches, SCT_SVG_TONE_BAD);
    h->unit = "elements";
    h->derived = true;
    snprintf(h->caption, sizeof h->caption, "%s %s: elements, exact types",
             g->op, g->type);
    return elements > 0;
}

bool sct_ulp_histogram_build(const sct_render_doc *doc,
                             const sct_render_group *g, sct_ulp_histogram *out)
{
    memset(out, 0, sizeof *out);
    /* Integer and bool outputs are exact: their chart is exact vs
     * mismatch, the same numbers the JSON histogram's match / n/a bins hold. */
    (void)doc;
    if (!g->float_out)
        return derived_exact(g, out);
    if (g->n_bins > 0)
        return from_group_bins(g, out);
    return derived_float(g, out);
}
