/*
 * render_trace.c — requirement -> cases table (render_trace.h).
 * (requirement id, case) pairs are sorted once and looked up by binary
 * search, so the cost is O(P log P) for P citations, not catalogue x cases.
 */
#include "render_trace.h"

#include <stdlib.h>
#include <string.h>

typedef struct cite {
    const char *req;
    size_t case_index;
} cite;

static int cite_cmp(const void *a, const void *b)
{
    const cite *x = a, *y = b;
    int c = strcmp(x->req, y->req);
    if (c != 0)
        return c;
    return x->case_index < y->case_index ? -1 : x->case_index > y->case_index;
}

static size_t lower_bound(const cite *c, size_t n, const char *id)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (strcmp(c[mid].req, id) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* Fills a row from the citations of `id`; non-passing cases first (an
 * assessor looks for what failed), each part in manifest order. */
static void fill_row(const sct_render_doc *doc, const cite *c, size_t n,
                     const char *id, sct_trace_row *row)
{
    size_t first = lower_bound(c, n, id), end = first;
    while (end < n && strcmp(c[end].req, id) == 0)
        end++;
    row->id = id;
    row->n_cases = end - first;
    row->cases = sct_render_grow(NULL, row->n_cases ? row->n_cases : 1,
                                 sizeof *row->cases);
    size_t k = 0;
    for (int pass_round = 0; pass_round < 2; pass_round++)
        for (size_t i = first; i < end; i++) {
            const char *v = doc->cases[c[i].case_index].verdict;
            bool passed = sct_verdict_category(v) == SCT_VC_PASS;
            if (passed == (pass_round == 1))
                row->cases[k++] = c[i].case_index;
        }
    for (size_t i = 0; i < row->n_cases; i++)
        sct_tally_add(&row->tally, doc->cases[row->cases[i]].verdict);
}

static bool in_catalogue(const sct_render_doc *doc, const char *id)
{
    for (size_t i = 0; i < doc->n_reqs; i++)
        if (strcmp(doc->reqs[i].id, id) == 0)
            return true;
    return false;
}

void sct_trace_build(const sct_render_doc *doc, sct_trace *out)
{
    memset(out, 0, sizeof *out);
    size_t n = 0;
    for (size_t i = 0; i < doc->n_cases; i++)
        n += doc->cases[i].n_requirements;
    cite *c = sct_render_grow(NULL, n ? n : 1, sizeof *c);
    size_t k = 0;
    for (size_t i = 0; i < doc->n_cases; i++)
        for (size_t r = 0; r < doc->cases[i].n_requirements; r++) {
            c[k].req = doc->cases[i].requirements[r];
            c[k].case_index = i;
            k++;
        }
    qsort(c, n, sizeof *c, cite_cmp);

    /* Distinct cited ids not in the catalogue. */
    size_t n_extra = 0;
    for (size_t i = 0; i < n; i++)
        if ((i == 0 || strcmp(c[i].req, c[i - 1].req) != 0) &&
            !in_catalogue(doc, c[i].req))
            n_extra++;

    out->n_rows = doc->n_reqs + n_extra;
    out->rows = sct_render_grow(NULL, out->n_rows ? out->n_rows : 1,
                                sizeof *out->rows);
    memset(out->rows, 0, (out->n_rows ? out->n_rows : 1) * sizeof *out->rows);
    for (size_t i = 0; i < doc->n_reqs; i++) {
        sct_trace_row *row = &out->rows[i];
        fill_row(doc, c, n, doc->reqs[i].id, row);
        row->req = &doc->reqs[i];
        row->in_catalogue = true;
        if (row->n_cases == 0)
            out->n_gaps++;
    }
    size_t r = doc->n_reqs;
    for (size_t i = 0; i < n; i++)
        if ((i == 0 || strcmp(c[i].req, c[i - 1].req) != 0) &&
            !in_catalogue(doc, c[i].req)) {
            fill_row(doc, c, n, c[i].req, &out->rows[r]);
            r++;
        }
    out->n_uncatalogued = n_extra;
    free(c);
}

void sct_trace_free(sct_trace *t)
{
    for (size_t i = 0; i < t->n_rows; i++)
        free(t->rows[i].cases);
    free(t->rows);
    memset(t, 0, sizeof *t);
}
