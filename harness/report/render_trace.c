/*
 * render_trace.c — requirement -> cases table (render_trace.h).
 * One pass over the cases counts the citations of every row: catalogue ids
 * are found by binary search in a sorted copy of their order, so the cost
 * is O(P log R) for P citations and R requirements; the memory is O(R).
 */
#include "render_trace.h"

#include <stdlib.h>
#include <string.h>

/* A catalogue row by id, for binary search. */
typedef struct req_ref {
    const char *id;
    size_t index;
} req_ref;

static int req_ref_cmp(const void *a, const void *b)
{
    const req_ref *x = a, *y = b;
    int c = strcmp(x->id, y->id);
    if (c != 0)
        return c;
    return x->index < y->index ? -1 : x->index > y->index;
}

/* First position in `order` (sorted by id) whose id is not below `id`. */
static size_t lower_bound(const req_ref *order, size_t n, const char *id)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (strcmp(order[mid].id, id) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* Position of `id` in the sorted extra ids, or where it goes (*found). */
static size_t extra_pos(char **ids, size_t n, const char *id, bool *found)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = strcmp(ids[mid], id);
        if (c == 0) {
            *found = true;
            return mid;
        }
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    *found = false;
    return lo;
}

void sct_trace_build(const sct_render_doc *doc, sct_trace *out)
{
    memset(out, 0, sizeof *out);
    req_ref *order = sct_render_grow(NULL, doc->n_reqs ? doc->n_reqs : 1, sizeof *order);
    for (size_t i = 0; i < doc->n_reqs; i++)
        order[i] = (req_ref){doc->reqs[i].id, i};
    qsort(order, doc->n_reqs, sizeof *order, req_ref_cmp);

    /* Catalogue rows first; the counts of uncatalogued ids in rows kept
     * beside them in the order of extra_ids. */
    sct_trace_row *cat = sct_render_grow(NULL, doc->n_reqs ? doc->n_reqs : 1, sizeof *cat);
    memset(cat, 0, (doc->n_reqs ? doc->n_reqs : 1) * sizeof *cat);
    sct_trace_row *extra = NULL;
    for (size_t i = 0; i < doc->n_cases; i++) {
        const sct_render_case *c = sct_render_doc_case_brief(doc, i);
        for (size_t r = 0; r < c->n_requirements; r++) {
            const char *id = c->requirements[r];
            size_t k = lower_bound(order, doc->n_reqs, id);
            if (k < doc->n_reqs && strcmp(order[k].id, id) == 0) {
                /* Every catalogue row of this id (a catalogue listing an
                 * id twice shows its cases twice). */
                for (; k < doc->n_reqs && strcmp(order[k].id, id) == 0; k++) {
                    cat[order[k].index].n_cases++;
                    sct_tally_add(&cat[order[k].index].tally, c->verdict);
                }
                continue;
            }
            bool found;
            size_t pos = extra_pos(out->extra_ids, out->n_uncatalogued, id, &found);
            if (!found) {
                size_t n = out->n_uncatalogued;
                out->extra_ids = sct_render_grow(out->extra_ids, n + 1, sizeof *out->extra_ids);
                extra = sct_render_grow(extra, n + 1, sizeof *extra);
                memmove(&out->extra_ids[pos + 1], &out->extra_ids[pos],
                        (n - pos) * sizeof *out->extra_ids);
                memmove(&extra[pos + 1], &extra[pos], (n - pos) * sizeof *extra);
                out->extra_ids[pos] = sct_render_strdup(id);
                memset(&extra[pos], 0, sizeof *extra);
                out->n_uncatalogued++;
            }
            extra[pos].n_cases++;
            sct_tally_add(&extra[pos].tally, c->verdict);
        }
    }
    free(order);

    out->n_rows = doc->n_reqs + out->n_uncatalogued;
    out->rows = sct_render_grow(NULL, out->n_rows ? out->n_rows : 1, sizeof *out->rows);
    memset(out->rows, 0, (out->n_rows ? out->n_rows : 1) * sizeof *out->rows);
    for (size_t i = 0; i < doc->n_reqs; i++) {
        sct_trace_row *row = &out->rows[i];
        *row = cat[i];
        row->id = doc->reqs[i].id;
        row->req = &doc->reqs[i];
        row->in_catalogue = true;
        if (row->n_cases == 0)
            out->n_gaps++;
    }
    for (size_t i = 0; i < out->n_uncatalogued; i++) {
        sct_trace_row *row = &out->rows[doc->n_reqs + i];
        *row = extra[i];
        row->id = out->extra_ids[i];
    }
    free(cat);
    free(extra);
}

void sct_trace_each_case(const sct_render_doc *doc, const sct_trace_row *row,
                         sct_trace_case_fn fn, void *user)
{
    /* Two rounds over the cases, each ending as soon as all of its
     * citations (known from the tally) were seen; the loading pass's
     * verdict category and requirement signature skip most cases without
     * reading them. */
    size_t passing = row->tally.n[SCT_VC_PASS];
    size_t want[2] = {row->n_cases - passing, passing};
    for (int round = 0; round < 2; round++) {
        size_t seen = 0;
        for (size_t i = 0; i < doc->n_cases && seen < want[round]; i++) {
            bool passed = sct_render_doc_case_verdict(doc, i) == SCT_VC_PASS;
            if (passed != (round == 1) || !sct_render_doc_case_may_cite(doc, i, row->id))
                continue;
            const sct_render_case *c = sct_render_doc_case_brief(doc, i);
            for (size_t r = 0; r < c->n_requirements; r++) {
                if (strcmp(c->requirements[r], row->id) != 0)
                    continue;
                seen++;
                if (!fn(user, c))
                    return;
            }
        }
    }
}

void sct_trace_free(sct_trace *t)
{
    for (size_t i = 0; i < t->n_uncatalogued; i++)
        free(t->extra_ids[i]);
    free(t->extra_ids);
    free(t->rows);
    memset(t, 0, sizeof *t);
}
