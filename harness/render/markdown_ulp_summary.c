/*
 * markdown_ulp_summary.c — the Markdown stand-in for the ULP histograms:
 * one table row per op x type group with the same bins as numbers
 * (render_ulp_bins.h: what is counted and when it is derived).
 */
#include "markdown_escape.h"
#include "markdown_sections.h"
#include "render_ulp_bins.h"

void sct_md_ulp_summary(FILE *out, const sct_render_doc *doc)
{
    fputs("## ULP error distribution\n\nPer op × type group: max ULP, "
          "tolerance, and the histogram bins as `bin: count` "
          "(what is counted is named in each row).\n\n"
          "| op | types | max ULP | tolerance | counted | bins |\n"
          "|---|---|--:|--:|---|---|\n", out);
    for (size_t i = 0; i < doc->n_groups; i++) {
        const sct_render_group *g = &doc->groups[i];
        sct_ulp_histogram h;
        bool any = sct_ulp_histogram_build(doc, g, &h);
        fputs("| ", out);
        sct_md_escape(out, g->op);
        fputs(" | ", out);
        sct_md_escape(out, g->type);
        if (g->has_max_ulp)
            fprintf(out, " | %llu", (unsigned long long)g->max_ulp);
        else
            fputs(g->float_out ? " | –" : " | exact type", out);
        if (!g->float_out)
            fputs(" | exact", out);
        else if (g->has_tolerance)
            fprintf(out, " | %llu", (unsigned long long)g->tolerance_ulp);
        else
            fputs(" | –", out);
        fprintf(out, " | %s%s | ", h.unit ? h.unit : "–",
                h.derived && g->float_out ? " (by worst element)" : "");
        if (!any)
            fputs("nothing compared", out);
        for (size_t k = 0; any && k < h.n_bars; k++) {
            if (h.bars[k].count == 0)
                continue;
            sct_md_escape(out, h.bars[k].label);
            fprintf(out, ": %llu ", (unsigned long long)h.bars[k].count);
        }
        fputs("|\n", out);
    }
    fputc('\n', out);
}
