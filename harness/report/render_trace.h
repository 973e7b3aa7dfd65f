/*
 * render_trace.h — requirement traceability: every requirement id of the
 * catalogue (vectors/requirements.json), in catalogue order, with the cases
 * of the run that exercise it and their verdicts.  A requirement no case
 * exercises is a gap (n_cases == 0).  Ids cited by cases but absent from the
 * catalogue are listed after the catalogue rows (`in_catalogue` false), so
 * no citation silently disappears.
 */
#ifndef SCT_REPORT_RENDER_TRACE_H
#define SCT_REPORT_RENDER_TRACE_H

#include <stdbool.h>
#include <stddef.h>

#include "render_model.h"
#include "render_verdict.h"

typedef struct sct_trace_row {
    const char *id;                           /* borrowed */
    const sct_render_requirement *req;        /* NULL when not in catalogue */
    bool in_catalogue;
    size_t *cases; size_t n_cases;            /* indexes into doc->cases,
                                                 non-passing cases first */
    sct_verdict_tally tally;
} sct_trace_row;

typedef struct sct_trace {
    sct_trace_row *rows; size_t n_rows;
    size_t n_gaps;          /* catalogue rows with no case */
    size_t n_uncatalogued;  /* rows not in the catalogue */
} sct_trace;

void sct_trace_build(const sct_render_doc *doc, sct_trace *out);
void sct_trace_free(sct_trace *t);

#endif /* SCT_REPORT_RENDER_TRACE_H */
