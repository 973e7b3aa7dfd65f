/*
 * run_summary.h — counts per verdict, per op × types group and overall,
 * derived from the cases of a run report (never stored: recomputed by
 * every writer, so a merged report summarises exactly its cases).
 */
#ifndef SCT_RESULTS_RUN_SUMMARY_H
#define SCT_RESULTS_RUN_SUMMARY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sct/results/report_model.h"
#include "sct/results/run_tier.h"
#include "sct/results/verdict.h"

typedef struct sct_group_summary {
    char op_type[32];
    char types[96];          /* sct_case_types_label */
    size_t cases;
    size_t counts[SCT_VERDICT_COUNT];
    uint64_t elements;       /* compared elements */
    uint64_t mismatches;
    bool has_ulp;            /* float outputs: max_ulp is meaningful */
    uint64_t max_ulp;
    uint64_t deviation_counts[SCT_DEV_COUNT];
    uint64_t ulp_hist[SCT_ULP_HIST_BINS]; /* mismatches by ULP bin */
    double seconds;          /* sum of the cases' wall times, in case order */
    sct_overall verdict;
    /* --claim with a declared bound for this group (case_result.h): the
     * bound, the elements beyond it, the worst of them and its case. */
    bool has_claim_bound;
    uint32_t claim_bound_ulp;
    uint64_t claim_violations;
    bool has_claim_worst;
    sct_sample claim_worst;
    char claim_worst_case[160];
} sct_group_summary;

typedef struct sct_run_summary {
    size_t cases;
    size_t counts[SCT_VERDICT_COUNT];
    uint64_t elements, mismatches;
    uint64_t deviation_counts[SCT_DEV_COUNT];
    sct_overall overall;
    sct_run_tier tier;       /* what the report looked at (run_tier.h) */
    /* The enforcement answer, apart from the values one (SN-24): the
     * `reject` cases (out-of-profile models), how many the runtime accepted
     * (NOT_ENFORCED) and the restrictions those cite. */
    size_t reject_cases, not_enforced;
    char enforcement_requirements[24][64];
    size_t n_enforcement_requirements;
    sct_group_summary *groups; size_t n_groups; /* first-appearance order */
} sct_run_summary;

/* Reads every case once (sct_run_report_case).  Returns 0, or non-zero
 * with `err` saying why: out of memory, or a case could not be read back
 * from the spool. */
int sct_run_summary_build(const sct_run_report *r, sct_run_summary *s, char *err,
                          size_t err_cap);
/* The same, also returning in *case_group (malloc'ed, r->n_cases entries;
 * NULL when there is no case) the index into s->groups of every case: a
 * writer that lists cases group by group (JUnit) then reads each case once
 * instead of once per group. */
int sct_run_summary_build_indexed(const sct_run_report *r, sct_run_summary *s,
                                  uint32_t **case_group, char *err, size_t err_cap);
void sct_run_summary_free(sct_run_summary *s);

/* A declared bound's verdict (--claim), "" for a group without one:
 * "Pow float32: declared correctly rounded (0 ULP), observed max 1 ULP:
 * VIOLATED, 3 element(s) beyond it; worst ID[5] a=… b=… expected=…
 * actual=… ulp=1". */
void sct_claim_text(const sct_group_summary *g, char *buf, size_t cap);

/* The one exit status of a run and every report of it: the verdict's
 * (verdict.h), or with --baseline the comparison's: 1 when a case changed
 * verdict, got worse or is new, else 0 (docs/cli.md). */
int sct_run_exit(const sct_run_report *r, const sct_run_summary *s);
/* What that exit status means, one sentence ("" without --baseline: the
 * verdict's meaning says it). */
void sct_run_exit_text(const sct_run_report *r, char *buf, size_t cap);

/* The enforcement answer in one sentence, the words of every report:
 * "restrictions R1, R4 not enforced by the runtime (3 case(s) NOT_ENFORCED)
 * -- to be enforced by the model checker", "restrictions enforced by the
 * runtime (3 reject case(s))", or "" when the run had no reject case. */
void sct_enforcement_text(const sct_run_summary *s, char *buf, size_t cap);

/* The types part of a group key: the input type names, joined by "," when
 * they differ ("float32", "float32,int32"; a unary op's one type); the
 * output type when the case declares no inputs. */
void sct_case_types_label(const sct_case_result *c, char *buf, size_t cap);
/* The same from raw type codes (n_inputs 0..3). */
void sct_types_label(size_t n_inputs, const int32_t *in_types, int32_t out_type,
                     char *buf, size_t cap);

#endif /* SCT_RESULTS_RUN_SUMMARY_H */
