/*
 * render_trace.c — requirement -> cases table (render_trace.h).
 * The counts come from the doc's citation tallies (sorted by id, looked up
 * by binary search); the cases of a row are streamed, skipping those whose
 * citation set lacks the id without reading them.
 */
#include "render_trace.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cited_cmp(const void *key, const void *elem)
{
    return strcmp(key, ((const sct_render_cited *)elem)->id);
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
    /* Cited ids not in the catalogue, after it, in id order. */
    bool *extra = sct_render_grow(NULL, doc->n_cited ? doc->n_cited : 1, sizeof *extra);
    for (size_t i = 0; i < doc->n_cited; i++) {
        extra[i] = !in_catalogue(doc, doc->cited[i].id);
        out->n_uncatalogued += extra[i];
    }
    out->n_rows = doc->n_reqs + out->n_uncatalogued;
    out->rows = sct_render_grow(NULL, out->n_rows ? out->n_rows : 1, sizeof *out->rows);
    memset(out->rows, 0, (out->n_rows ? out->n_rows : 1) * sizeof *out->rows);
    for (size_t i = 0; i < doc->n_reqs; i++) {
        sct_trace_row *row = &out->rows[i];
        row->id = doc->reqs[i].id;
        row->req = &doc->reqs[i];
        row->in_catalogue = true;
        const sct_render_cited *c = doc->n_cited
            ? bsearch(row->id, doc->cited, doc->n_cited, sizeof *doc->cited, cited_cmp)
            : NULL;
        if (c != NULL) {
            row->n_cases = c->n;
            row->tally = c->tally;
            row->n_satisfied = c->n_satisfied;
            row->satisfied = c->satisfied;
        }
        if (row->n_cases == 0)
            out->n_gaps++;
    }
    /* The requirements of the certified profile's own documents first
     * ("onnx-div:..." under profile onnx, "sonnx-div:..." under sonnx), in
     * catalogue order, then the others (IEEE 754, spec notes, the other
     * profile's), also in catalogue order: a reader of an ONNX-profile
     * report starts with the ONNX clauses. */
    const char *profile = doc->head.identity.profile;
    if (profile != NULL && profile[0] != '\0' && doc->n_reqs > 1) {
        size_t pl = strlen(profile);
        sct_trace_row *sorted = sct_render_grow(NULL, doc->n_reqs, sizeof *sorted);
        size_t k = 0;
        for (int pass = 0; pass < 2; pass++)
            for (size_t i = 0; i < doc->n_reqs; i++) {
                const char *id = out->rows[i].id;
                bool own = strncmp(id, profile, pl) == 0 && id[pl] == '-';
                if (own == (pass == 0))
                    sorted[k++] = out->rows[i];
            }
        memcpy(out->rows, sorted, doc->n_reqs * sizeof *sorted);
        free(sorted);
    }
    size_t r = doc->n_reqs;
    for (size_t i = 0; i < doc->n_cited; i++)
        if (extra[i]) {
            sct_trace_row *row = &out->rows[r++];
            row->id = doc->cited[i].id;
            row->n_cases = doc->cited[i].n;
            row->tally = doc->cited[i].tally;
            row->n_satisfied = doc->cited[i].n_satisfied;
            row->satisfied = doc->cited[i].satisfied;
        }
    free(extra);
}

void sct_trace_each_case(const sct_render_doc *doc, const sct_trace_row *row,
                         sct_trace_case_fn fn, void *user)
{
    sct_render_cite_filter f = sct_render_doc_cite_filter(doc, row->id);
    /* Two rounds over the cases, each ending as soon as all of its
     * citations (known from the tally) were seen; the loading pass's
     * verdict category and citation set skip the others unread. */
    size_t passing = row->tally.n[SCT_VC_PASS];
    size_t want[2] = {row->n_cases - passing, passing};
    for (int round = 0; round < 2; round++) {
        size_t seen = 0;
        for (size_t i = 0; i < doc->n_cases && seen < want[round]; i++) {
            bool passed = sct_render_doc_case_verdict(doc, i) == SCT_VC_PASS;
            if (passed != (round == 1))
                continue;
            int cites = sct_render_doc_case_cites(doc, i, &f);
            if (cites == 0)
                continue;
            size_t times = 1;
            if (cites == 2) {
                /* Only "may cite": count in its requirements. */
                const sct_render_case *c = sct_render_doc_case_brief(doc, i);
                times = 0;
                for (size_t r = 0; r < c->n_requirements; r++)
                    times += strcmp(c->requirements[r], row->id) == 0;
            }
            if (times == 0)
                continue;
            const char *id = sct_render_doc_case_id(doc, i);
            for (size_t t = 0; t < times; t++) {
                seen++;
                if (!fn(user, doc, i, id))
                    return;
            }
        }
    }
}

void sct_trace_each_row(FILE *out, const sct_render_doc *doc, const sct_trace *t,
                        sct_trace_heading_fn uncatalogued, sct_trace_row_fn row)
{
    for (size_t i = 0; i < t->n_rows; i++) {
        if (!t->rows[i].in_catalogue && (i == 0 || t->rows[i - 1].in_catalogue))
            uncatalogued(out, t->n_uncatalogued);
        row(out, doc, &t->rows[i]);
    }
}

void sct_trace_satisfied_text(const sct_trace_row *row, char *buf, size_t cap)
{
    buf[0] = '\0';
    if (row->n_satisfied == 0)
        return;
    size_t pass = row->satisfied.n[SCT_VC_PASS];
    snprintf(buf, cap, "satisfied as a precondition by %zu case(s), %s", row->n_satisfied,
             pass == row->n_satisfied ? "all pass" : "not all pass (not blamed on it)");
}

void sct_trace_free(sct_trace *t)
{
    free(t->rows);
    memset(t, 0, sizeof *t);
}
