/*
 * render_cases.h — the cases of a render doc (render_model.h): read through
 * the one report reader (sct/results/report_read.h), one loading pass that
 * keeps a small key per case and gathers the per-group, per-combination and
 * per-requirement aggregates, then one case at a time on demand.  Private
 * to harness/render; render_load.c is the caller.
 */
#ifndef SCT_RENDER_CASES_H
#define SCT_RENDER_CASES_H

#include "sct/render/render_model.h"
#include "sct/results/report_read.h"

/* Sets doc->store and doc->n_cases from `f` (the store owns it from here)
 * and runs the loading pass: case warnings into doc->warnings (at most
 * SCT_RENDER_CASE_WARNINGS, then one line counting the rest), each case's
 * group (one is added to doc->groups when the JSON's groups miss it),
 * doc->combos, doc->cited.  The doc's groups must be loaded first. */
void sct_render_cases_load(sct_render_doc *doc, sct_report_file *f);

/* Frees the case store (the reader's file included). */
void sct_render_case_store_free(struct sct_render_case_store *store);

#endif /* SCT_RENDER_CASES_H */
