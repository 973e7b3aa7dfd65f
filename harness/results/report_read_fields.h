/*
 * report_read_fields.h — the objects of a JSON run report read field by
 * field into the model, strict or tolerant (report_read.h): the field
 * readers and their problem rule, one case object (report_read_case.c),
 * the run's head (report_read_head.c).  Private to harness/results:
 * report_read.c is the caller.
 */
#ifndef SCT_RESULTS_REPORT_READ_FIELDS_H
#define SCT_RESULTS_REPORT_READ_FIELDS_H

#include <stdbool.h>
#include <stddef.h>

#include <cjson/cJSON.h>

#include "sct/results/report_read.h"

/* How one object is read, and where its problems go. */
typedef struct sct_field_reader {
    const char *path;         /* the file, for strict errors */
    sct_read_mode mode;
    char where[300];          /* "case \"div/x\"", "identity" ... */
    bool failed;              /* strict: an error is in err */
    char *err; size_t err_cap;
    sct_read_warn_fn warn; void *user;
} sct_field_reader;

/* A problem with a field.  Strict: the first one becomes the error
 * "<path>: <where>: <what>".  Tolerant: a field that is present but
 * malformed is a warning "<where>: <what>"; a missing one is not (its
 * default is what a report of a truncated JSON shows). */
void sct_field_problem(sct_field_reader *rd, bool present, const char *what);

/* Members read with that rule; defaults when missing or malformed. */
char *sct_field_str(sct_field_reader *rd, const cJSON *o, const char *name,
                    const char *dflt);
uint64_t sct_field_u64(sct_field_reader *rd, const cJSON *o, const char *name);
int64_t sct_field_i64(sct_field_reader *rd, const cJSON *o, const char *name);
bool sct_field_bool(sct_field_reader *rd, const cJSON *o, const char *name);
double sct_field_double(sct_field_reader *rd, const cJSON *o, const char *name);

/* Case `pos` from its object `o` into `c` (zeroed first).  Strict: false
 * with the error in rd.  Tolerant: always true (problems warned); `o`
 * must be an object.  `brief`: samples are skipped. */
bool sct_read_case_object(sct_field_reader *rd, const cJSON *o, size_t pos, bool brief,
                          sct_case_result *c);

/* One entry of a baseline (id, verdict, exec_status, max_ulp) into `c`
 * (zeroed first); false with the error in rd (strict). */
bool sct_read_baseline_entry(sct_field_reader *rd, const cJSON *o, sct_case_result *c);

/* The run's identity, options, selection counts, wall time and shard
 * ("shard" missing: 1/1 of its `n_cases`) from the run object into `r`. */
void sct_read_head_object(sct_field_reader *rd, const cJSON *run, size_t n_cases,
                          sct_run_report *r);

#endif /* SCT_RESULTS_REPORT_READ_FIELDS_H */
