/*
 * compare_model.c — the cross-runtime matrix (compare_model.h).  Each
 * report is loaded with sct_render_load_run (through the one report
 * reader, sct/results/report_read.h: cases are re-read one at a time), its
 * groups become rows, and
 * the deviation classes are summed over the cases of each group.
 */
#include "sct/render/compare_model.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_load.h"

static int row_cmp(const char *op_a, const char *ty_a, const char *op_b,
                   const char *ty_b)
{
    int c = strcmp(op_a, op_b);
    return c ? c : strcmp(ty_a, ty_b);
}

/* The row of (op, types), created (sorted insert) if absent; NULL when
 * memory runs out. */
static sct_compare_row *row_for(sct_compare *cmp, const char *op,
                                const char *types, size_t n_columns)
{
    size_t lo = 0, hi = cmp->n_rows;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int c = row_cmp(cmp->rows[mid].op, cmp->rows[mid].types, op, types);
        if (c == 0)
            return &cmp->rows[mid];
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    sct_compare_row *grown =
        realloc(cmp->rows, (cmp->n_rows + 1) * sizeof *grown);
    if (grown == NULL)
        return NULL;
    cmp->rows = grown;
    memmove(&cmp->rows[lo + 1], &cmp->rows[lo],
            (cmp->n_rows - lo) * sizeof *grown);
    sct_compare_row *r = &cmp->rows[lo];
    r->op = sct_render_strdup(op);
    r->types = sct_render_strdup(types);
    r->cells = calloc(n_columns, sizeof *r->cells);
    cmp->n_rows++;
    if (r->op == NULL || r->types == NULL || r->cells == NULL)
        return NULL;
    return r;
}

static int add_deviation(sct_compare_cell *c, const char *name,
                         uint64_t count)
{
    for (size_t i = 0; i < c->n_deviations; i++)
        if (strcmp(c->deviations[i].name, name) == 0) {
            c->deviations[i].count += count;
            return 0;
        }
    sct_render_count *g =
        realloc(c->deviations, (c->n_deviations + 1) * sizeof *g);
    if (g == NULL)
        return -1;
    c->deviations = g;
    g[c->n_deviations].name = sct_render_strdup(name);
    g[c->n_deviations].count = count;
    if (g[c->n_deviations].name == NULL)
        return -1;
    c->n_deviations++;
    return 0;
}

static const char *kv_value(const sct_render_doc *doc, const char *label)
{
    for (size_t i = 0; i < doc->n_identity; i++)
        if (strcmp(doc->identity[i].label, label) == 0)
            return doc->identity[i].value;
    return "";
}

static const char *base_name(const char *p)
{
    const char *s = strrchr(p, '/');
    return s ? s + 1 : p;
}

/* Column `col` from `doc`.  -1 on memory exhaustion. */
static int add_column(sct_compare *cmp, size_t col, const sct_render_doc *doc,
                      const char *path, const char *label)
{
    sct_compare_column *c = &cmp->columns[col];
    c->label = sct_render_strdup(label ? label : base_name(path));
    c->implementation = sct_render_strdup(kv_value(doc, "Implementation under test"));
    c->library_sha256 = sct_render_strdup(kv_value(doc, "Library sha256"));
    c->profile = sct_render_strdup(kv_value(doc, "Profile"));
    c->overall = sct_render_strdup(doc->overall_verdict);
    c->n_cases = doc->n_cases;
    c->record = kv_value(doc, "Conformance record sha256")[0] != '\0';
    if (!c->label || !c->implementation || !c->library_sha256 || !c->profile ||
        !c->overall)
        return -1;
    /* Rows of this column, by the doc's group index. */
    sct_compare_cell **by_group = calloc(doc->n_groups + 1, sizeof *by_group);
    if (by_group == NULL)
        return -1;
    int rc = 0;
    for (size_t g = 0; g < doc->n_groups && rc == 0; g++) {
        const sct_render_group *gr = &doc->groups[g];
        sct_compare_row *r = row_for(cmp, gr->op, gr->type, cmp->n_columns);
        if (r == NULL) {
            rc = -1;
            break;
        }
        /* row_for may move rows: resolve cells after all inserts. */
        (void)r;
    }
    for (size_t g = 0; g < doc->n_groups && rc == 0; g++) {
        const sct_render_group *gr = &doc->groups[g];
        sct_compare_row *r = row_for(cmp, gr->op, gr->type, cmp->n_columns);
        sct_compare_cell *cell = &r->cells[col];
        by_group[g] = cell;
        if (gr->first != g)
            continue; /* a repeated group: its cases are counted once */
        cell->present = true;
        cell->verdict = gr->verdict;
        cell->tally = gr->tally;
        cell->has_max_ulp = gr->has_max_ulp;
        cell->max_ulp = gr->max_ulp;
    }
    for (size_t i = 0; i < doc->n_cases && rc == 0; i++) {
        size_t g = sct_render_doc_case_group(doc, i);
        if (g >= doc->n_groups)
            continue;
        /* Brief: the deviation classes without the samples. */
        const sct_render_case *k = sct_render_doc_case_brief(doc, i);
        if (k == NULL)
            continue;
        for (size_t d = 0; d < k->n_deviations && rc == 0; d++)
            rc = add_deviation(by_group[g], k->deviations[d].name,
                               k->deviations[d].count);
    }
    free(by_group);
    return rc;
}

int sct_compare_load(sct_compare *cmp, const char *const *paths,
                     const char *const *labels, size_t n, const char *profile,
                     char *err, size_t err_cap)
{
    memset(cmp, 0, sizeof *cmp);
    cmp->columns = calloc(n ? n : 1, sizeof *cmp->columns);
    cmp->profile = sct_render_strdup(profile ? profile : "");
    if (cmp->columns == NULL || cmp->profile == NULL) {
        snprintf(err, err_cap, "out of memory");
        sct_compare_free(cmp);
        return -1;
    }
    cmp->n_columns = n;
    for (size_t i = 0; i < n; i++) {
        sct_render_doc doc;
        if (sct_render_load_run(&doc, paths[i], profile, err, err_cap) != 0) {
            sct_compare_free(cmp);
            return -1;
        }
        /* Cells are kept by pointer into the docs' strings: copy the
         * verdict text now, the doc is freed below. */
        int rc = add_column(cmp, i, &doc, paths[i], labels ? labels[i] : NULL);
        for (size_t r = 0; r < cmp->n_rows && rc == 0; r++) {
            sct_compare_cell *c = &cmp->rows[r].cells[i];
            if (c->present) {
                c->verdict = sct_render_strdup(c->verdict);
                if (c->verdict == NULL)
                    rc = -1;
            }
        }
        sct_render_doc_free(&doc);
        if (rc != 0) {
            snprintf(err, err_cap, "%s: out of memory building the matrix",
                     paths[i]);
            sct_compare_free(cmp);
            return -1;
        }
    }
    return 0;
}

void sct_compare_free(sct_compare *cmp)
{
    for (size_t r = 0; r < cmp->n_rows; r++) {
        sct_compare_row *row = &cmp->rows[r];
        for (size_t c = 0; row->cells && c < cmp->n_columns; c++) {
            sct_compare_cell *cell = &row->cells[c];
            if (cell->present)
                free((char *)cell->verdict);
            for (size_t d = 0; d < cell->n_deviations; d++)
                free(cell->deviations[d].name);
            free(cell->deviations);
        }
        free(row->cells);
        free(row->op);
        free(row->types);
    }
    free(cmp->rows);
    for (size_t c = 0; c < cmp->n_columns; c++) {
        sct_compare_column *col = &cmp->columns[c];
        free(col->label);
        free(col->implementation);
        free(col->library_sha256);
        free(col->profile);
        free(col->overall);
        free(col->report_href);
    }
    free(cmp->columns);
    free(cmp->profile);
    memset(cmp, 0, sizeof *cmp);
}

const char *sct_compare_cell_verdict(const sct_compare_cell *c)
{
    return c->present && c->verdict ? c->verdict : "-";
}
