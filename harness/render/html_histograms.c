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
    size_t drawn = 0;
    for (size_t i = 0; i < doc->n_groups; i++) {
        sct_ulp_histogram h;
        if (!sct_ulp_histogram_build(doc, &doc->groups[i], &h))
            continue;
        any_derived |= h.derived;
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
    if (drawn == 0)
        fputs("<p>No group compared any element.</p>\n", out);
    if (any_derived)
        fputs("<p class=\"note\">Charts titled &ldquo;cases by worst-element "
              "ULP&rdquo; are derived from the case records because the JSON "
              "has no per-element histogram for that group: each case counts "
              "once, in the bin of its largest ULP distance.</p>\n", out);
}
