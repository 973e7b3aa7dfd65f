/*
 * compare_render.h — the cross-runtime matrix (compare_model.h) as
 * Markdown and as one self-contained HTML file (inline CSS, no script, no
 * external resource), for `sonnx-cts compare` (docs/reports.md "Comparing
 * runtimes").  Both show: the runtimes (implementation and version string
 * with what the verdict depends on, profile, overall verdict, library
 * sha256), the matrix (op, types) x runtime, and the rows where the
 * runtimes' results differ.
 */
#ifndef SCT_RENDER_COMPARE_RENDER_H
#define SCT_RENDER_COMPARE_RENDER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "sct/render/compare_model.h"

/* Cell text: "CONFORMS 5/8; 2 fail; 1 unsup; max 127 ulp;
 * subnormal-flushed 52" ("no case" when absent).  Returns `buf`. */
const char *sct_compare_cell_text(const sct_compare_cell *c, char *buf,
                                  size_t cap);

/* The runtimes that ran cases of the row (not all unsupported) disagree on
 * their outcome: failed, crashed or error cases, max ULP, deviation
 * classes and counts.  Declined cases alone do not make a difference. */
bool sct_compare_row_differs(const sct_compare *cmp, size_t row);

/* Writers for sct_write_file_atomic (ctx: const sct_compare *). */
int sct_compare_write_md(FILE *out, const void *cmp);
int sct_compare_write_html(FILE *out, const void *cmp);

#endif /* SCT_RENDER_COMPARE_RENDER_H */
