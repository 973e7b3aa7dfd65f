/*
 * render_matrix.c — op x type verdict matrix from the case records
 * (render_matrix.h).
 */
#include "render_matrix.h"

#include <stdlib.h>
#include <string.h>

static int rank_in(const char *const *list, size_t n, const char *s)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(list[i], s) == 0)
            return (int)i;
    return (int)n;
}

int sct_render_type_order(const char *a, const char *b)
{
    static const char *const order[] = {
        "float16", "bfloat16", "float32", "float64",
        "int4", "int8", "int16", "int32", "int64",
        "uint4", "uint8", "uint16", "uint32", "uint64", "bool"};
    size_t n = sizeof order / sizeof order[0];
    int ra = rank_in(order, n, a), rb = rank_in(order, n, b);
    if (ra != rb)
        return ra < rb ? -1 : 1;
    return strcmp(a, b);
}

/* The registry's order (ops/operators.json); an op without an entry after
 * every registered one. */
static int op_rank(const char *op)
{
    const sct_op_entry *e = sct_op_find(op);
    return e != NULL ? (int)e->id : (int)SCT_OP_ID_COUNT;
}

int sct_render_op_order(const char *a, const char *b)
{
    int ra = op_rank(a), rb = op_rank(b);
    if (ra != rb)
        return ra < rb ? -1 : 1;
    return strcmp(a, b);
}

static const char *axis_key(const sct_render_combo *c, sct_matrix_axis axis)
{
    switch (axis) {
    case SCT_AXIS_OP: return c->op;
    case SCT_AXIS_TYPE_A: return c->type_a;
    default: return c->type_b;
    }
}

static void tally_sum(sct_verdict_tally *to, const sct_verdict_tally *from)
{
    for (int v = 0; v < SCT_VC_COUNT; v++)
        to->n[v] += from->n[v];
    to->total += from->total;
}

/* Adds `key` to the sorted label set (insertion keeps it sorted). */
static void add_label(const char ***labels, size_t *n, const char *key,
                      sct_matrix_axis axis)
{
    int (*cmp)(const char *, const char *) =
        axis == SCT_AXIS_OP ? sct_render_op_order : sct_render_type_order;
    size_t pos = 0;
    while (pos < *n) {
        int c = cmp((*labels)[pos], key);
        if (c == 0)
            return;
        if (c > 0)
            break;
        pos++;
    }
    *labels = sct_render_grow((void *)*labels, *n + 1, sizeof **labels);
    memmove(&(*labels)[pos + 1], &(*labels)[pos], (*n - pos) * sizeof **labels);
    (*labels)[pos] = key;
    (*n)++;
}

static size_t index_of(const char **labels, size_t n, const char *key)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(labels[i], key) == 0)
            return i;
    return n;
}

/* The cell of (row, col) among the distinct pairs seen so far, added when
 * new (pairs are bounded by ops x types). */
static sct_matrix_pair *pair_of(sct_render_matrix *m, const char *row, const char *col)
{
    for (size_t i = 0; i < m->n_pairs; i++)
        if (strcmp(m->pairs[i].row, row) == 0 && strcmp(m->pairs[i].col, col) == 0)
            return &m->pairs[i];
    m->pairs = sct_render_grow(m->pairs, m->n_pairs + 1, sizeof *m->pairs);
    sct_matrix_pair *p = &m->pairs[m->n_pairs++];
    memset(p, 0, sizeof *p);
    p->row = sct_render_strdup(row);
    p->col = sct_render_strdup(col);
    return p;
}

const sct_matrix_spec sct_matrix_by_op = {NULL, SCT_AXIS_OP, SCT_AXIS_TYPE_A,
                                           "op \\ type"};
sct_matrix_spec sct_matrix_mixed(const sct_op_entry *op)
{
    sct_matrix_spec s = {op->name, SCT_AXIS_TYPE_A, SCT_AXIS_TYPE_B, "base \\ exponent"};
    return s;
}

void sct_render_matrix_build(const sct_render_doc *doc, const sct_matrix_spec *spec,
                             sct_render_matrix *out)
{
    const char *op_filter = spec->op_filter;
    sct_matrix_axis row_axis = spec->row_axis, col_axis = spec->col_axis;
    memset(out, 0, sizeof *out);
    /* From the loading pass's (op, type A, type B) tallies: no case is
     * read again. */
    for (size_t i = 0; i < doc->n_combos; i++) {
        const sct_render_combo *c = &doc->combos[i];
        if (op_filter && strcmp(c->op, op_filter) != 0)
            continue;
        tally_sum(&pair_of(out, axis_key(c, row_axis), axis_key(c, col_axis))->tally,
                  &c->tally);
    }
    for (size_t i = 0; i < out->n_pairs; i++) {
        add_label(&out->rows, &out->n_rows, out->pairs[i].row, row_axis);
        add_label(&out->cols, &out->n_cols, out->pairs[i].col, col_axis);
    }
    if (out->n_rows == 0 || out->n_cols == 0)
        return;
    out->cells = sct_render_grow(NULL, out->n_rows * out->n_cols,
                                 sizeof *out->cells);
    memset(out->cells, 0, out->n_rows * out->n_cols * sizeof *out->cells);
    for (size_t i = 0; i < out->n_pairs; i++) {
        size_t r = index_of(out->rows, out->n_rows, out->pairs[i].row);
        size_t k = index_of(out->cols, out->n_cols, out->pairs[i].col);
        out->cells[r * out->n_cols + k] = out->pairs[i].tally;
    }
}

void sct_render_matrix_free(sct_render_matrix *m)
{
    for (size_t i = 0; i < m->n_pairs; i++) {
        free(m->pairs[i].row);
        free(m->pairs[i].col);
    }
    free(m->pairs);
    free((void *)m->rows);
    free((void *)m->cols);
    free(m->cells);
    memset(m, 0, sizeof *m);
}
