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

int sct_render_op_order(const char *a, const char *b)
{
    static const char *const order[] = {"Div", "Mul", "Pow", "Less"};
    size_t n = sizeof order / sizeof order[0];
    int ra = rank_in(order, n, a), rb = rank_in(order, n, b);
    if (ra != rb)
        return ra < rb ? -1 : 1;
    return strcmp(a, b);
}

static const char *axis_key(const sct_render_case *c, sct_matrix_axis axis)
{
    switch (axis) {
    case SCT_AXIS_OP: return c->op;
    case SCT_AXIS_TYPE_A: return c->type_a;
    default: return c->type_b;
    }
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

void sct_render_matrix_build(const sct_render_doc *doc, const char *op_filter,
                             sct_matrix_axis row_axis, sct_matrix_axis col_axis,
                             sct_render_matrix *out)
{
    memset(out, 0, sizeof *out);
    for (size_t i = 0; i < doc->n_cases; i++) {
        const sct_render_case *c = &doc->cases[i];
        if (op_filter && strcmp(c->op, op_filter) != 0)
            continue;
        add_label(&out->rows, &out->n_rows, axis_key(c, row_axis), row_axis);
        add_label(&out->cols, &out->n_cols, axis_key(c, col_axis), col_axis);
    }
    if (out->n_rows == 0 || out->n_cols == 0)
        return;
    out->cells = sct_render_grow(NULL, out->n_rows * out->n_cols,
                                 sizeof *out->cells);
    memset(out->cells, 0, out->n_rows * out->n_cols * sizeof *out->cells);
    for (size_t i = 0; i < doc->n_cases; i++) {
        const sct_render_case *c = &doc->cases[i];
        if (op_filter && strcmp(c->op, op_filter) != 0)
            continue;
        size_t r = index_of(out->rows, out->n_rows, axis_key(c, row_axis));
        size_t k = index_of(out->cols, out->n_cols, axis_key(c, col_axis));
        sct_tally_add(&out->cells[r * out->n_cols + k], c->verdict);
    }
}

void sct_render_matrix_free(sct_render_matrix *m)
{
    free((void *)m->rows);
    free((void *)m->cols);
    free(m->cells);
    memset(m, 0, sizeof *m);
}
