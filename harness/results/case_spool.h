/*
 * case_spool.h — the spool of a run report's cases (case_spool.c): each
 * completed case serialised (case_codec.h) to an anonymous temporary file,
 * only its offset kept in memory.  Private to harness/results:
 * the report model (report_model.c) is its one user.
 */
#ifndef SCT_RESULTS_CASE_SPOOL_H
#define SCT_RESULTS_CASE_SPOOL_H

#include <stddef.h>

#include "sct/results/case_result.h"

typedef struct sct_case_spool sct_case_spool;

/* An empty spool (no file until the first spill); NULL when out of memory. */
sct_case_spool *sct_case_spool_new(void);
void sct_case_spool_free(sct_case_spool *sp);

/* Spills the pending case (if any) and hands out a zeroed slot (exit_code
 * -1) for the next one; NULL when the spill failed (sticky). */
sct_case_result *sct_case_spool_add(sct_case_spool *sp);

/* Spills the pending case, if any: 0, or -1 (sticky). */
int sct_case_spool_flush(sct_case_spool *sp);

/* Case i of n_cases, read back into the spool's one-slot cache (spills the
 * pending case first); NULL with sct_case_spool_error() saying why. */
const sct_case_result *sct_case_spool_read(sct_case_spool *sp, size_t i, size_t n_cases);

/* Why the last operation failed ("" when none did). */
const char *sct_case_spool_error(const sct_case_spool *sp);

#endif /* SCT_RESULTS_CASE_SPOOL_H */
