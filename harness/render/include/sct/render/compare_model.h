/*
 * compare_model.h — one matrix across runtimes: the JSON reports
 * (run reports or conformance records, one profile each) of several
 * certifications, read through the report renderer's loader (render_load.h,
 * which reads through sct/results/report_read.h), and per (op, types) row one cell per runtime: group
 * verdict, cases passed / failed / unsupported / error, max ULP and the
 * deviation classes of the mismatching elements.
 */
#ifndef SCT_RENDER_COMPARE_MODEL_H
#define SCT_RENDER_COMPARE_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sct/render/render_model.h"

typedef struct sct_compare_cell {
    bool present;              /* the runtime's report has this row */
    const char *verdict;       /* the JSON group's verdict (CONFORMS, ...) */
    sct_verdict_tally tally;   /* cases by verdict category */
    bool has_max_ulp;
    uint64_t max_ulp;
    sct_render_count *deviations; size_t n_deviations;  /* by class */
} sct_compare_cell;

typedef struct sct_compare_row {
    char *op, *types;
    sct_compare_cell *cells;   /* one per column */
} sct_compare_row;

typedef struct sct_compare_column {
    char *label;               /* short name given by the user */
    char *implementation;      /* "Implementation under test" of the report */
    char *library_sha256;      /* conformance records only, else "" */
    char *profile;
    char *overall;             /* the run's overall verdict */
    size_t n_cases;
    bool record;               /* a conformance record (several profiles) */
    char *report_href;         /* its HTML report relative to the comparison
                                  page (sct_compare_link_reports); NULL: none */
} sct_compare_column;

typedef struct sct_compare {
    sct_compare_column *columns; size_t n_columns;
    sct_compare_row *rows; size_t n_rows;   /* sorted by op, then types */
    char *profile;
} sct_compare;

/* Loads every report (`paths[i]`, label `labels[i]`, NULL: the file name)
 * under `profile` (NULL: "sonnx" for records) and builds the matrix.
 * Returns 0, or -1 with `err` naming the file and the reason. */
int sct_compare_load(sct_compare *cmp, const char *const *paths,
                     const char *const *labels, size_t n, const char *profile,
                     char *err, size_t err_cap);

/* Where each column's HTML report is, as a link from the comparison page
 * written to `page_path`: `report_html[i]` (NULL: the convention beside
 * the JSON `paths[i]`: X.json -> X-<profile>.html for a record, X.html for
 * a run report).  A report that does not exist is left unlinked and named
 * in `warn` (one line per column, "" when none; NULL: not told).
 * 0, or -1 when out of memory. */
int sct_compare_link_reports(sct_compare *cmp, const char *page_path,
                             const char *const *paths,
                             const char *const *report_html,
                             void (*warn)(void *user, const char *msg), void *user);

void sct_compare_free(sct_compare *cmp);

/* "CONFORMS"-style verdict of a cell as written ("-" when absent). */
const char *sct_compare_cell_verdict(const sct_compare_cell *c);

#endif /* SCT_RENDER_COMPARE_MODEL_H */
