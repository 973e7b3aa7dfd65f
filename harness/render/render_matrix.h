/*
 * render_matrix.h — the op x type verdict matrix of the reports, computed
 * from the case records (not from the JSON's group records, so a cell
 * always agrees with the cases listed under it).
 *
 * Main matrix: rows = ops (Div, Mul, Pow, Less, then others), columns = the
 * element type of input A (Pow: the base type; the cell then aggregates all
 * exponent types).  Pow matrix: rows = base type, columns = exponent type.
 */
#ifndef SCT_REPORT_RENDER_MATRIX_H
#define SCT_REPORT_RENDER_MATRIX_H

#include <stddef.h>

#include "sct/ops/op_registry.h"
#include "sct/render/render_model.h"
#include "sct/results/verdict_tally.h"

typedef enum sct_matrix_axis {
    SCT_AXIS_OP = 0,
    SCT_AXIS_TYPE_A,
    SCT_AXIS_TYPE_B
} sct_matrix_axis;

/* A (row, column) label pair met in the cases, with its tally. */
typedef struct sct_matrix_pair {
    char *row, *col;
    sct_verdict_tally tally;
} sct_matrix_pair;

typedef struct sct_render_matrix {
    const char **rows; size_t n_rows;   /* borrowed from `pairs` */
    const char **cols; size_t n_cols;
    sct_verdict_tally *cells;           /* n_rows * n_cols, row-major */
    sct_matrix_pair *pairs; size_t n_pairs;  /* owned */
} sct_render_matrix;

/* What one matrix of the reports shows, the same in HTML and Markdown. */
typedef struct sct_matrix_spec {
    const char *op_filter;      /* the cases of this op; NULL: all */
    sct_matrix_axis row_axis, col_axis;
    const char *corner;         /* the top-left header cell */
} sct_matrix_spec;

/* The reports' matrices, shown in this order: every case by op x type
 * of input A; then, for each op whose registry entry has mixed input types
 * (Pow), its cases by base type x exponent type (shown when the run has
 * cases of it: the first matrix's cells of that op aggregate them). */
extern const sct_matrix_spec sct_matrix_by_op;
sct_matrix_spec sct_matrix_mixed(const sct_op_entry *op);

/* Builds the matrix `spec` describes from the doc's combinations
 * (render_model.h: gathered while loading). */
void sct_render_matrix_build(const sct_render_doc *doc, const sct_matrix_spec *spec,
                             sct_render_matrix *out);
void sct_render_matrix_free(sct_render_matrix *m);

/* Display order of element types (float16, bfloat16, float32, float64,
 * int4 ... int64, uint4 ... uint64, bool; unknown names last, by name) and
 * of ops (Div, Mul, Pow, Less, others by name).  strcmp-style. */
int sct_render_type_order(const char *a, const char *b);
int sct_render_op_order(const char *a, const char *b);

#endif /* SCT_REPORT_RENDER_MATRIX_H */
