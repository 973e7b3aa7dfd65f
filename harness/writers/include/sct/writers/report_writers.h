/*
 * report_writers.h — the report formats of a run (docs/report-format.md):
 * text (TestFloat-like element lines + summary table), JSON
 * ("sonnx-cts-run" schema), JUnit XML.  Each writer returns 0, or non-zero
 * with `err` naming the file and the reason.
 */
#ifndef SCT_WRITERS_REPORT_WRITERS_H
#define SCT_WRITERS_REPORT_WRITERS_H

#include <stddef.h>
#include <stdio.h>

#include "sct/results/report_model.h"

#define SCT_RUN_SCHEMA "sonnx-cts-run"
#define SCT_RUN_SCHEMA_VERSION "1.0"

int sct_write_text(FILE *out, const sct_run_report *r, char *err, size_t err_cap);
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
