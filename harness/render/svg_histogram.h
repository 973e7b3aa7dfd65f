/*
 * svg_histogram.h — a bar chart as inline SVG (no script, no external
 * font or stylesheet), for the ULP error histograms of the HTML report.
 *
 * Bar heights are on a log scale (log10(1 + count)): one 40-ULP element among
 * a million exact ones must still be visible.  The exact count is printed on
 * every bar and in its <title> tooltip, so nothing is read off the scale.
 */
#ifndef SCT_REPORT_SVG_HISTOGRAM_H
#define SCT_REPORT_SVG_HISTOGRAM_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef enum sct_svg_tone {
    SCT_SVG_TONE_OK = 0,   /* within tolerance: green */
    SCT_SVG_TONE_BAD,      /* beyond tolerance: red */
    SCT_SVG_TONE_NEUTRAL   /* not measurable in ULP: grey */
} sct_svg_tone;

typedef struct sct_svg_bar {
    const char *label;     /* under the bar, e.g. "3-4"; escaped */
    uint64_t count;
    sct_svg_tone tone;
} sct_svg_bar;

/* Writes one <svg> element.  `title` (escaped) becomes the accessible name
 * and the caption; `unit` names what is counted ("elements", "cases"). */
void sct_svg_histogram(FILE *out, const char *title, const char *unit,
                       const sct_svg_bar *bars, size_t n_bars);

/* "1234" -> "1234", 12345 -> "12.3k", 4500000 -> "4.5M" (bar labels). */
void sct_svg_short_count(char *buf, size_t cap, uint64_t count);

#endif /* SCT_REPORT_SVG_HISTOGRAM_H */
