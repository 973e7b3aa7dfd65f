/*
 * html_histograms.c — the ULP error histograms, one inline SVG per op x
 * type group of the JSON (render_ulp_bins.h says what is counted and how
 * a derived histogram is labelled).
 */
#include "html_escape.h"
#include "html_sections.h"
#include "render_ulp_bins.h"

void sct_html_histograms(FILE *out, const sct_render_doc *doc)
{
    fputs("<h2 id=\"histograms\">ULP error histograms</h2>\n"
          "<p class=\"note\">Bar heights are logarithmic (log10 of 1 + count); "
          "the exact count is printed on each bar. Green: within the "
          "group's tolerance; red: beyond it; grey: not measurable in ULP "
          "(NaN against a number). Integer and bool outputs are exact: their "
          "charts count exact and mismatching elements.</p>\n", out);
    bool any_derived = false;
    fputs("<div class=\"hists\">\n", out);
    size_t drawn = 0, n_single = 0;
    for (size_t i = 0; i < doc->n_groups; i++) {
        sct_ulp_histogram h;
        if (!sct_ulp_histogram_build(doc, &doc->groups[i], &h))
            continue;
        any_derived |= h.derived;
        /* A chart of one bar says one thing ("every element matched"):
         * such groups are listed in one line below, not drawn. */
        size_t nonzero = 0;
        for (size_t k = 0; k < h.n_bars; k++)
            nonzero += h.bars[k].count > 0;
        if (nonzero <= 1) {
            n_single++;
            continue;
        }
        fputs("<figure>", out);
        sct_svg_histogram(out, h.caption, h.unit, h.bars, h.n_bars);
        fputs("<figcaption>", out);
        const sct_render_group *g = &doc->groups[i];
        if (g->has_max_ulp)
            fprintf(out, "max %llu ULP, tolerance ", (unsigned long long)g->max_ulp);
        else
            fputs(g->float_out ? "max ULP not recorded, tolerance "
                               : "exact type, tolerance ", out);
        if (!g->float_out)
            fputs("exact", out);
        else if (g->has_tolerance)
            fprintf(out, "%llu ULP", (unsigned long long)doc->groups[i].tolerance_ulp);
        else
            fputs("exact", out);
        fputs("</figcaption></figure>\n", out);
        drawn++;
    }
    fputs("</div>\n", out);
    if (n_single > 0) {
        fprintf(out, "<details class=\"single\"><summary>%zu group%s with a "
                     "single bar (every count in one bin), not drawn</summary><p>",
                n_single, n_single == 1 ? "" : "s");
        size_t k = 0;
        for (size_t i = 0; i < doc->n_groups; i++) {
            sct_ulp_histogram h;
            if (!sct_ulp_histogram_build(doc, &doc->groups[i], &h))
                continue;
            size_t nonzero = 0, bar = 0;
            for (size_t b = 0; b < h.n_bars; b++)
                if (h.bars[b].count > 0) {
                    nonzero++;
                    bar = b;
                }
            if (nonzero > 1)
                continue;
            fputs(k++ ? "; " : "", out);
            sct_html_escape(out, h.caption);
            if (nonzero == 1) {
                fputs(": ", out);
                sct_html_escape(out, h.bars[bar].label);
                fprintf(out, " &times; %llu", (unsigned long long)h.bars[bar].count);
            }
        }
        fputs("</p></details>\n", out);
    }
    if (drawn == 0 && n_single == 0)
        fputs("<p>No group compared any element.</p>\n", out);
    if (any_derived)
        fputs("<p class=\"note\">Charts titled &ldquo;cases by worst-element "
              "ULP&rdquo; are derived from the case records because the JSON "
              "has no per-element histogram for that group: each case counts "
              "once, in the bin of its largest ULP distance.</p>\n", out);
}
