/*
 * case_record.h — copying a case's declaration (id, op, types, shapes,
 * tags, requirements, expectation, tolerance) into its report record.
 */
#ifndef SCT_CLI_CASE_RECORD_H
#define SCT_CLI_CASE_RECORD_H

#include "sct/model/case.h"
#include "sct/results/report_model.h"

void sct_case_record_init(sct_case_result *out, const sct_case *c);
/* Replaces out->message with `a` + (": " + `b` when both non-empty). */
void sct_case_record_message(sct_case_result *out, const char *a, const char *b);

#endif /* SCT_CLI_CASE_RECORD_H */
