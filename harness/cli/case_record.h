/*
 * case_record.h — copying a case's declaration (id, op, types, shapes,
 * tags, requirements, expectation, tolerance) into its report record.
 */
#ifndef SCT_CLI_CASE_RECORD_H
#define SCT_CLI_CASE_RECORD_H

#include "sct/model/case.h"
#include "sct/results/report_model.h"

void sct_case_record_init(sct_case_result *out, const sct_case *c);
/* The group key's types part of a case declaration, as its record will
 * say it (sct_types_label over its 1 to 3 inputs): --claim and `list`. */
void sct_case_types_text(const sct_case *c, char *buf, size_t cap);
/* Replaces out->message with `a` + (": " + `b` when both non-empty). */
void sct_case_record_message(sct_case_result *out, const char *a, const char *b);

#endif /* SCT_CLI_CASE_RECORD_H */
