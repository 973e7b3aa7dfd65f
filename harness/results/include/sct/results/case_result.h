/*
 * case_result.h — the result of one case, as the runner fills it, the spool
 * keeps it, every writer writes it and the reader (report_read.h) gives it
 * back from a JSON report: the one record of the results model.
 *
 * A record owns its strings, tags, requirements and samples (malloc'ed);
 * sct_case_result_free releases them.
 */
#ifndef SCT_RESULTS_CASE_RESULT_H
#define SCT_RESULTS_CASE_RESULT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sct/check/compare.h"
#include "sct/check/compare_tensors.h"
#include "sct/results/ulp_histogram.h"
#include "sct/results/verdict.h"
#include "sct/text/owned.h"
#include "sonnx_cts/plugin.h"

/* One mismatching element kept for the reports. */
typedef struct sct_sample {
    uint64_t index;                  /* flat row-major output index */
    int32_t rank;
    int64_t coords[SONNX_MAX_RANK];
    size_t n_inputs;                 /* the op's arity, 1..3 */
    int32_t in_types[SCT_CHECK_MAX_INPUTS];
    uint64_t in_bits[SCT_CHECK_MAX_INPUTS];
    int32_t out_type;
    uint64_t expected_bits, actual_bits;
    uint64_t ulp;                    /* SCT_ULP_NONE: not measurable */
    sct_deviation deviation;
    bool worst;                      /* the case's worst element */
} sct_sample;

typedef struct sct_tensor_shape {
    int32_t elem_type;
    int32_t rank;
    int64_t dims[SONNX_MAX_RANK];
} sct_tensor_shape;

typedef struct sct_case_result {
    char *id;
    char *op_type;
    int32_t opset;
    size_t n_inputs;                 /* the op's arity, 1..3 */
    sct_tensor_shape inputs[SCT_CHECK_MAX_INPUTS];
    sct_tensor_shape output;
    char **tags; size_t n_tags;
    char **requirements; size_t n_requirements; /* what the case checks */
    char **satisfies; size_t n_satisfies;       /* preconditions it only meets */
    char *attributes;                /* the case's attributes as the report's JSON
                                        object text (attributes_text.h); NULL:
                                        none, and the report has no member */
    char *expectation;               /* "values", "no-crash", "reject" */
    uint32_t tolerance_ulp;          /* the case's max_ulp */
    sct_verdict verdict;
    char *exec_status;               /* "OK", "CRASH", ...; "" when not run */
    int signal_number;               /* CRASH by signal, else 0 */
    int exit_code;                   /* CRASH by exit, else -1 */
    char *message;                   /* why (ERROR, FAIL without elements,
                                        UNSUPPORTED ...); "" when none */
    bool compared;                   /* elements were compared */
    sct_tensor_stats stats;          /* valid when compared */
    /* Every mismatching element binned by ULP distance (ulp_histogram.h);
     * valid when compared. */
    uint64_t ulp_hist[SCT_ULP_HIST_BINS];
    sct_sample *samples; size_t n_samples;
    double seconds;                  /* timing: wall time of the case */
    /* --claim with a declared error bound for this case's op x types
     * (docs/cli.md "Claims"): judged apart from the profile's tolerance.
     * Valid when has_claim_bound: the bound in ULP (0: correctly rounded),
     * the elements beyond it, and the worst of them (has_claim_worst). */
    bool has_claim_bound;
    uint32_t claim_bound_ulp;
    uint64_t claim_violations;
    bool has_claim_worst;
    sct_sample claim_worst;
} sct_case_result;

/* The key under which every report names an element's input k: "a", "b",
 * "c" (docs/report-format.md: a unary op's one input is "a"); NULL for
 * k >= SCT_CHECK_MAX_INPUTS.  The one table of the JSON, text, JUnit, HTML
 * and Markdown writers, the reader and the repro lines. */
const char *sct_input_key(size_t k);

/* Deep copy of a case record (case_codec.c: a copy is an encode and a
 * decode, so "every field" is defined once) into `dst` (its previous contents are NOT
 * freed: pass a zeroed record, e.g. a fresh sct_run_report_add_case slot).
 * 0, or non-zero when out of memory (dst then holds no allocation). */
int sct_case_result_copy(sct_case_result *dst, const sct_case_result *src);

/* Frees the strings, tags, requirements and samples of a case record that
 * is not in a report (e.g. a sct_case_result_copy) and zeroes it. */
void sct_case_result_free(sct_case_result *c);

#endif /* SCT_RESULTS_CASE_RESULT_H */
