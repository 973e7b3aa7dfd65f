/*
 * text_parts.h — the pieces of the text report: text_parts.c (element
 * lines, tier, declined groups, claim) used by text_writer.c (cases, table)
 * and text_closing.c (failing cases, totals, verdict line, legend).
 * Private to harness/writers.
 */
#ifndef SCT_WRITERS_TEXT_PARTS_H
#define SCT_WRITERS_TEXT_PARTS_H

#include <stdio.h>

#include "sct/results/case_result.h"
#include "sct/results/report_model.h"
#include "sct/results/run_summary.h"
#include "sct/writers/report_writers.h"

/* " name=decimal (hex bits)" */
void sct_text_value(FILE *out, const char *label, int32_t type, uint64_t bits);
/* "[index] (coords) a=... b=... expected=... actual=... ulp=N class=C" */
void sct_text_sample(FILE *out, const sct_sample *s);
/* "tier: ...": what the run looked at, and whether a certificate can rest
 * on it (run_tier.h). */
void sct_text_tier(FILE *out, const sct_run_summary *s);
/* "declined, not certified: ...": the op x types the implementation
 * declined (what a PARTIAL run does not certify); nothing when none. */
void sct_text_declined(FILE *out, const sct_run_summary *s);
/* --claim: the groups out of scope and each declared bound's judgement. */
void sct_text_claims(FILE *out, const sct_run_summary *s);
/* A case that did not conform: FAIL, CRASH, TIMEOUT, DECLINED_AT_RUN or
 * ERROR (a case of an implementation's failure, or one not judged). */
bool sct_text_is_failing(sct_verdict v);
/* The closing block: failing cases with their re-run command, reports
 * written, totals, verdict line.  0, or non-zero with err set. */
int sct_text_closing(FILE *out, const sct_run_report *r, const sct_run_summary *s,
                     const sct_text_options *o, char *err, size_t err_cap);

#endif /* SCT_WRITERS_TEXT_PARTS_H */
