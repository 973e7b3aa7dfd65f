/*
 * runner.h — running the selected cases of a vector set on a backend and
 * recording one result per case in manifest order (the report model).
 * One case's tensors are loaded at a time and released before the next:
 * memory does not grow with the vector set beyond the per-case summary.
 */
#ifndef SCT_CLI_RUNNER_H
#define SCT_CLI_RUNNER_H

#include "sct/exec/backend.h"
#include "sct/model/case.h"
#include "sct/results/report_model.h"
#include "run_config.h"

/* Returns 0, non-zero when the report could not be recorded (out of
 * memory; `err` says so). */
int sct_run_cases(const sct_vector_set *set, sct_backend *backend,
                  const sct_run_config *cfg, sct_run_report *report, char *err,
                  size_t err_cap);

/* Runs one case (exposed for tests): fills `out`, which the caller
 * obtained from sct_run_report_add_case. */
void sct_run_one_case(const sct_vector_set *set, const sct_case *c,
                      sct_backend *backend, const sct_run_config *cfg,
                      sct_case_result *out);

/* The operator case `c` asks for under `profile`: its op_type, domain,
 * opset and attributes (manifest "attributes", docs/vector-format.md),
 * pointing into the case (valid while the case is).  Every sonnx_op made
 * from a case is made here (run, repro). */
sonnx_op sct_case_op(const sct_case *c, const char *profile);

/* The outputs of case `c` allocated with their declared type and shape
 * (the harness computes nothing itself), for sct_backend_run: 0, or
 * non-zero with `err`; free with sct_free_outputs (also after a failure). */
int sct_make_outputs(const sct_case *c, sonnx_tensor *outs, char *err, size_t err_cap);
void sct_free_outputs(sonnx_tensor *outs, size_t n);

#endif /* SCT_CLI_RUNNER_H */
