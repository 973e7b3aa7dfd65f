/*
 * report_writers.h — the report formats of a run (docs/report-format.md):
 * text (TestFloat-like element lines + summary table), JSON
 * ("sonnx-cts-run" schema), JUnit XML.  Each writer returns 0, or non-zero
 * with `err` naming the file and the reason.
 */
#ifndef SCT_WRITERS_REPORT_WRITERS_H
#define SCT_WRITERS_REPORT_WRITERS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "sct/results/report_model.h"

#define SCT_RUN_SCHEMA "sonnx-cts-run"
#define SCT_RUN_SCHEMA_VERSION "1.0"

/* How the text report is laid out (docs/cli.md, "The terminal report"). */
typedef struct sct_text_options {
    bool verbose;      /* every UNSUPPORTED case on its own line; otherwise
                          one line per op x types with their count */
    bool quiet;        /* only the ids of the cases that did not conform
                          (FAIL, CRASH, TIMEOUT, ERROR) and the verdict line */
    const char *const *reports; /* paths of the reports written, printed */
    size_t n_reports;           /* before the totals */
} sct_text_options;

/* The text report: identity, the legend of the status words, every case
 * that did not pass (element lines), the table per op x types (types in
 * dtype.h order), the failing cases with the command that re-runs each
 * (repro_command.h), the reports written, the totals and the verdict line
 * "overall: VERDICT (exit N)", last. */
int sct_write_text_with(FILE *out, const sct_run_report *r,
                        const sct_text_options *o, char *err, size_t err_cap);
/* sct_write_text_with, verbose (the --text file keeps every case). */
int sct_write_text(FILE *out, const sct_run_report *r, char *err, size_t err_cap);
/* What every status word of the reports means, one line each, indented by
 * `indent` spaces: printed once in the text report and in `run --help`. */
void sct_write_status_legend(FILE *out, int indent);
int sct_write_text_file(const char *path, const sct_run_report *r, char *err,
                        size_t err_cap);
int sct_write_json_file(const char *path, const sct_run_report *r, char *err,
                        size_t err_cap);
/* The same, calling hook(user, i, case_obj, ...) for the JSON object of
 * every case i after it is built and before it is printed, to add members
 * (a merge carries those the model does not know, merge_extensions.h).
 * The hook returns 0, or non-zero with err set: the write then fails. */
struct cJSON;
typedef int (*sct_json_case_hook)(void *user, size_t i, struct cJSON *case_obj,
                                  char *err, size_t err_cap);
int sct_write_json_file_hooked(const char *path, const sct_run_report *r,
                               sct_json_case_hook hook, void *user, char *err,
                               size_t err_cap);
int sct_write_junit_file(const char *path, const sct_run_report *r, char *err,
                         size_t err_cap);

#endif /* SCT_WRITERS_REPORT_WRITERS_H */
