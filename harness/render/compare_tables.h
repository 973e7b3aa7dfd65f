/*
 * compare_tables.h — the two tables of `sonnx-cts compare` (compare_render.h):
 * their columns and cells decided once, written by the HTML or the Markdown
 * table writer (render_table.h).  Internal to the compare writers.
 */
#ifndef SCT_RENDER_COMPARE_TABLES_H
#define SCT_RENDER_COMPARE_TABLES_H

#include <stdbool.h>
#include <stdio.h>

#include "render_table.h"
#include "sct/render/compare_model.h"

/* One row per runtime: column label, implementation, profile, overall
 * verdict, cases, library sha256 ("-" when not recorded). */
void sct_compare_runtimes_table(FILE *out, const sct_table_writer *w,
                                const sct_compare *cmp);

/* (op, types) x runtime, each cell sct_compare_cell_text coloured by its
 * group verdict; only the rows that differ when `differing_only`.  `id`
 * names the HTML table. */
void sct_compare_matrix_table(FILE *out, const sct_table_writer *w,
                              const sct_compare *cmp, bool differing_only,
                              const char *id);

#endif /* SCT_RENDER_COMPARE_TABLES_H */
