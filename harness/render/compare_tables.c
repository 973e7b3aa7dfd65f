/*
 * compare_tables.c — the runtimes and the (op, types) x runtime tables of
 * the comparison (compare_tables.h), once for both formats.
 */
#include "compare_tables.h"

#include <stdlib.h>

#include "sct/render/compare_render.h"
#include "sct/render/render_model.h"
#include "sct/results/verdict_tally.h"

void sct_compare_runtimes_table(FILE *out, const sct_table_writer *w,
                                const sct_compare *cmp)
{
    static const sct_table_col cols[] = {
        {"column", SCT_CELL_TEXT},
        {"implementation (version; what the verdict depends on)", SCT_CELL_TEXT},
        {"profile", SCT_CELL_TEXT},
        {"overall", SCT_CELL_TEXT},
        {"cases", SCT_CELL_NUM},
        {"library sha256", SCT_CELL_CODE},
    };
    w->head(out, NULL, cols, sizeof cols / sizeof cols[0]);
    for (size_t c = 0; c < cmp->n_columns; c++) {
        const sct_compare_column *col = &cmp->columns[c];
        char cases[32];
        snprintf(cases, sizeof cases, "%zu", col->n_cases);
        const char *cells[] = {
            col->label, col->implementation, col->profile, col->overall, cases,
            col->library_sha256[0] ? col->library_sha256 : "-"};
        w->row_begin(out);
        for (size_t k = 0; k < sizeof cols / sizeof cols[0]; k++)
            w->cell(out, cols[k].kind, NULL, cells[k]);
        w->row_end(out);
    }
    w->end(out);
}

void sct_compare_matrix_table(FILE *out, const sct_table_writer *w,
                              const sct_compare *cmp, bool differing_only,
                              const char *id)
{
    size_t n_cols = 2 + cmp->n_columns;
    sct_table_col *cols = sct_render_grow(NULL, n_cols, sizeof *cols);
    cols[0] = (sct_table_col){"op", SCT_CELL_TEXT};
    cols[1] = (sct_table_col){"types", SCT_CELL_TEXT};
    for (size_t c = 0; c < cmp->n_columns; c++)
        cols[2 + c] = (sct_table_col){cmp->columns[c].label, SCT_CELL_TEXT};
    w->head(out, id, cols, n_cols);
    free(cols);
    char buf[1024];
    for (size_t r = 0; r < cmp->n_rows; r++) {
        if (differing_only && !sct_compare_row_differs(cmp, r))
            continue;
        const sct_compare_row *row = &cmp->rows[r];
        w->row_begin(out);
        w->cell(out, SCT_CELL_TEXT, NULL, row->op);
        w->cell(out, SCT_CELL_TEXT, NULL, row->types);
        for (size_t c = 0; c < cmp->n_columns; c++) {
            const sct_compare_cell *cell = &row->cells[c];
            /* Colour repeats the verdict written in the cell. */
            const char *css = cell->present
                ? sct_group_verdict_class(sct_tally_verdict(&cell->tally))
                : "v-notrun";
            /* Linked to the runtime's own report, at this (op, types). */
            w->group_cell(out, css, sct_compare_cell_text(cell, buf, sizeof buf),
                          cell->present ? cmp->columns[c].report_href : NULL,
                          row->op, row->types);
        }
        w->row_end(out);
    }
    w->end(out);
}
