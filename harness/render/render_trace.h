/*
 * render_trace.h — requirement traceability: every requirement id of the
 * catalogue (vectors/requirements.json), in catalogue order, with the cases
 * of the run that exercise it and their verdicts.  A requirement no case
 * exercises is a gap (n_cases == 0).  Ids cited by cases but absent from the
 * catalogue are listed after the catalogue rows (`in_catalogue` false), so
 * no citation silently disappears.
 *
 * The rows hold counts (from the doc's citation tallies, gathered while
 * loading), not case lists (nothing per case is kept): the cases
 * of a row are streamed from the doc when it is printed
 * (sct_trace_each_case).
 */
#ifndef SCT_REPORT_RENDER_TRACE_H
#define SCT_REPORT_RENDER_TRACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "sct/render/render_model.h"
#include "sct/results/verdict_tally.h"

typedef struct sct_trace_row {
    const char *id;                           /* borrowed from the catalogue
                                                 or the trace */
    const sct_render_requirement *req;        /* NULL when not in catalogue */
    bool in_catalogue;
    size_t n_cases;                           /* citations (a case citing
                                                 the id twice counts twice) */
    sct_verdict_tally tally;                  /* their verdicts */
    size_t n_satisfied;                       /* cases only satisfying it */
    sct_verdict_tally satisfied;              /* their verdicts (never blamed) */
} sct_trace_row;

typedef struct sct_trace {
    sct_trace_row *rows; size_t n_rows;
    size_t n_gaps;          /* catalogue rows with no case */
    size_t n_uncatalogued;  /* rows not in the catalogue */
} sct_trace;

/* No pass over the cases: the doc's citation tallies. */
void sct_trace_build(const sct_render_doc *doc, sct_trace *out);
void sct_trace_free(sct_trace *t);

/* Called with each case citing the row's id, once per citation:
 * non-passing cases first (an assessor looks for what failed), then the
 * passing ones, each part in the order of the run.  `i` is the case's
 * index, `id` its id (valid during the call); the callback may read the
 * doc's cases (sct_render_doc_case_brief), not sct_render_doc_case_id.
 * Return false to stop. */
typedef bool (*sct_trace_case_fn)(void *user, const sct_render_doc *doc, size_t i,
                                  const char *id);
void sct_trace_each_case(const sct_render_doc *doc, const sct_trace_row *row,
                         sct_trace_case_fn fn, void *user);

/* The rows in table order, for both formats: `row` for each; before the
 * first id cited by cases but not in the catalogue, `uncatalogued` once
 * with their number (a sub-heading row of the table). */
typedef void (*sct_trace_row_fn)(FILE *out, const sct_render_doc *doc,
                                 const sct_trace_row *row);
typedef void (*sct_trace_heading_fn)(FILE *out, size_t n_uncatalogued);
void sct_trace_each_row(FILE *out, const sct_render_doc *doc, const sct_trace *t,
                        sct_trace_heading_fn uncatalogued, sct_trace_row_fn row);

/* "satisfied as a precondition by 40 case(s), all pass", "" when none:
 * what a row's cases only satisfy is said, never blamed. */
void sct_trace_satisfied_text(const sct_trace_row *row, char *buf, size_t cap);

#endif /* SCT_REPORT_RENDER_TRACE_H */
