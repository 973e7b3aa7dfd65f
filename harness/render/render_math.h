/*
 * render_math.h — the formulas of the spec statements and notes ($...$,
 * LaTeX as the SONNX documents write it) as readable text: ⌊A[i] / B[i]⌋,
 * x ≤ 2ⁿ, no raw `$` or backslash commands left for a reader to decode.
 * Private to harness/render.
 */
#ifndef SCT_RENDER_MATH_H
#define SCT_RENDER_MATH_H

#include <stdbool.h>

/* A malloc'ed copy of the Markdown text `md` with every $...$ and $$...$$
 * span outside code spans replaced by its readable text (NULL when out of
 * memory).  `for_markdown`: the replacement's ASCII punctuation is
 * backslash-escaped, so that a Markdown parser given the result shows it
 * literally (k_1 is not emphasis), and a '<' outside code spans becomes
 * "&lt;": no raw HTML, "<this>" shows as written.  A `\$` or an unmatched
 * `$` stays. */
char *sct_render_math_text(const char *md, bool for_markdown);

#endif /* SCT_RENDER_MATH_H */
