/*
 * report_read_fields.h — the objects of a JSON run report read field by
 * field into the model, strict or tolerant (report_read.h): one case
 * object (report_read_case.c), the run's head (report_read_head.c).
 * Private to harness/results: report_read.c is the caller.
 */
#ifndef SCT_RESULTS_REPORT_READ_FIELDS_H
#define SCT_RESULTS_REPORT_READ_FIELDS_H

#include <stdbool.h>
#include <stddef.h>

#include <cjson/cJSON.h>

#include "sct/results/report_read.h"

/* Objects are read with the one field reader (sct/jsonstream/
 * json_fields.h), members named in the reason (SCT_JSON_NAME_IN_REASON):
 * strict, the first problem is the error "<path>: <where>: <what>" (e.g.
 * "run.json: case \"div/x\": missing string \"op\""); tolerant, a present
 * but malformed member is a warning "<where>: <what>". */

/* Case `pos` from its object `o` into `c` (zeroed first).  Strict: false
 * with the error in rd.  Tolerant: always true (problems warned); `o`
 * must be an object.  `brief`: samples are skipped. */
bool sct_read_case_object(sct_json_reader *rd, const cJSON *o, size_t pos, bool brief,
                          sct_case_result *c);

/* One entry of a baseline (id, verdict, exec_status, max_ulp) into `c`
 * (zeroed first); false with the error in rd (strict). */
bool sct_read_baseline_entry(sct_json_reader *rd, const cJSON *o, sct_case_result *c);

/* The run's identity, options, selection counts, wall time, shard ("shard"
 * missing: 1/1 of its `n_cases`), baseline comparison and waivers (both
 * optional) from the run object into `r`. */
void sct_read_head_object(sct_json_reader *rd, const cJSON *run, size_t n_cases,
                          sct_run_report *r);

#endif /* SCT_RESULTS_REPORT_READ_FIELDS_H */
