/*
 * svg_histogram.c — log-scale bar chart as inline SVG (svg_histogram.h).
 */
#include "svg_histogram.h"

#include <math.h>

#include "html_escape.h"

enum {
    BAR_W = 36,      /* px per bar */
    GAP = 6,         /* px between bars */
    LEFT = 8,
    TOP = 30,        /* caption + count labels */
    PLOT_H = 90,
    LABEL_H = 28     /* bin labels under the axis */
};

void sct_svg_short_count(char *buf, size_t cap, uint64_t count)
{
    if (count < 10000u)
        snprintf(buf, cap, "%llu", (unsigned long long)count);
    else if (count < 1000000u)
        snprintf(buf, cap, "%.1fk", (double)count / 1e3);
    else if (count < 1000000000u)
        snprintf(buf, cap, "%.1fM", (double)count / 1e6);
    else
        snprintf(buf, cap, "%.1fG", (double)count / 1e9);
}

static const char *tone_fill(sct_svg_tone t)
{
    switch (t) {
    case SCT_SVG_TONE_OK: return "#2e7d32";
    case SCT_SVG_TONE_BAD: return "#c62828";
    default: return "#8d8d8d";
    }
}

void sct_svg_histogram(FILE *out, const char *title, const char *unit,
                       const sct_svg_bar *bars, size_t n_bars)
{
    uint64_t max = 0;
    for (size_t i = 0; i < n_bars; i++)
        if (bars[i].count > max)
            max = bars[i].count;
    int width = LEFT * 2 + (int)n_bars * (BAR_W + GAP);
    if (width < 250)
        width = 250; /* room for the caption of a two-bar chart */
    int height = TOP + PLOT_H + LABEL_H;
    double denom = log10(1.0 + (double)max);

    fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"hist\" "
                 "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\">",
            width, height, width, height);
    fputs("<title>", out);
    sct_html_escape(out, title);
    fputs(" (log scale)</title>", out);
    fputs("<text x=\"2\" y=\"11\" class=\"cap\">", out);
    sct_html_escape(out, title);
    fputs("</text>", out);
    /* Axis. */
    fprintf(out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
                 "stroke=\"#444\" stroke-width=\"1\"/>",
            LEFT - 2, TOP + PLOT_H, width - LEFT + 2, TOP + PLOT_H);
    for (size_t i = 0; i < n_bars; i++) {
        int x = LEFT + (int)i * (BAR_W + GAP);
        int h = 0;
        if (bars[i].count > 0 && denom > 0.0) {
            h = (int)lround((double)PLOT_H *
                            log10(1.0 + (double)bars[i].count) / denom);
            if (h < 2)
                h = 2; /* a non-zero count is never invisible */
        }
        char short_count[32];
        sct_svg_short_count(short_count, sizeof short_count, bars[i].count);
        fputs("<g><title>", out);
        sct_html_escape(out, bars[i].label);
        fprintf(out, ": %llu ", (unsigned long long)bars[i].count);
        sct_html_escape(out, unit);
        fputs("</title>", out);
        fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
                     "fill=\"%s\"/>",
                x, TOP + PLOT_H - h, BAR_W, h, tone_fill(bars[i].tone));
        fprintf(out, "<text x=\"%d\" y=\"%d\" class=\"n\">%s</text>",
                x + BAR_W / 2, TOP + PLOT_H - h - 3, short_count);
        fprintf(out, "<text x=\"%d\" y=\"%d\" class=\"b\">", x + BAR_W / 2,
                TOP + PLOT_H + 12);
        sct_html_escape(out, bars[i].label);
        fputs("</text></g>", out);
    }
    fputs("</svg>", out);
}
