/*
 * report_fixture.h — a small hand-made run report for the writer and
 * baseline tests (one case per verdict kind, awkward characters in ids
 * and messages).
 */
#ifndef SCT_REPORT_TEST_FIXTURE_H
#define SCT_REPORT_TEST_FIXTURE_H

#include "sct/results/report_model.h"

void fixture_build(sct_run_report *r);
/* The same with the verdicts of the five cases replaced (the cases of a
 * report cannot be changed once appended: they are in its spool). */
void fixture_build_verdicts(sct_run_report *r, const sct_verdict verdicts[5]);
/* $SCT_TEST_TMP/<name> (or /tmp/<name>) in a static buffer. */
const char *fixture_path(const char *name);
/* Whole file as a NUL-terminated string (malloc'ed). */
char *fixture_slurp(const char *path);

#endif
