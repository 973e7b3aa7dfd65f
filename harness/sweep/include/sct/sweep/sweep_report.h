/*
 * sweep_report.h — a sweep as a case of the run report (harness/report,
 * docs/report-format.md), so `merge`, the text/JUnit/HTML writers and
 * baselines work on sweeps like on vector runs; plus the sweep-only details
 * (undefined pairs, ULP histogram, failed batches) as a "sweep" object
 * added to that case in the JSON report (docs/sweeps.md).
 */
#ifndef SCT_SWEEP_SWEEP_REPORT_H
#define SCT_SWEEP_SWEEP_REPORT_H

#include <cjson/cJSON.h>
#include <stddef.h>

#include "sct/results/report_model.h"
#include "sct/sweep/sweep.h"

/* Case id of a sweep: "sweep/<op>/<a>[x<b>]/shard-<I>-of-<N>" (lower-case
 * op; b only when it differs from a; I = shard_index + 1, numbered 1..N as
 * `--shard I/N`), e.g. "sweep/div/float16/shard-1-of-1".
 * Returns false when it does not fit. */
bool sct_sweep_case_id(const sct_sweep_spec *spec, char *buf, size_t cap);

/* Appends the case of a finished sweep (result != NULL) or of a sweep that
 * could not run (result == NULL: e.g. UNSUPPORTED or ERROR, with
 * `message`), with the verdict `v` the caller decided.  0, or -1 when out
 * of memory. */
int sct_sweep_add_case(sct_run_report *report, const sct_sweep_spec *spec,
                       int32_t opset, const sct_sweep_result *result,
                       sct_verdict v, const char *message);

/* Verdict of a finished sweep's compared pairs: PASS, FAIL (mismatches,
 * errors, bad output), CRASH or TIMEOUT (a failed batch, the worst one
 * wins).  The separate call of the undefined pairs is not included. */
sct_verdict sct_sweep_verdict(const sct_sweep_result *r);

/* The verdict of a finished sweep, for `sweep` and for `merge` of sweep
 * shards: the compared pairs, then the call of the undefined pairs, by the
 * one rule (sct/results/case_verdict.h, sct_sweep_verdict_rule). */
sct_verdict sct_sweep_final_verdict(const sct_sweep_result *r);

/* Adds the "sweep" detail object to the case `case_id` of the JSON report
 * at `path` (written before by sct_write_json_file).  0, or non-zero with
 * `err`. */
int sct_sweep_json_annotate(const char *path, const char *case_id,
                            const sct_sweep_spec *spec,
                            const sct_sweep_result *r, char *err,
                            size_t err_cap);

/* The "sampling" member of a sampled sweep's "sweep" object (samples,
 * seed, generator and its version, reference_correctly_rounded) as this
 * sonnx-cts writes it for `spec` (spec->samples > 0); NULL when out of
 * memory.  `merge` compares the shards' with it (sweep_merge.h). */
cJSON *sct_sweep_sampling_json(const sct_sweep_spec *spec);

/* The whole JSON report of a sweep: appends the sweep's case to `rep`
 * (identity and options already filled by the caller; sct_sweep_add_case),
 * writes it to `path` and adds the "sweep" object (sct_sweep_json_annotate)
 * — the one writer of `sweep --json` and of `merge` of sweep shards, so both
 * give the same file.  0, or non-zero with `err`. */
int sct_sweep_write_json(const char *path, sct_run_report *rep,
                         const sct_sweep_spec *spec, int32_t opset,
                         const sct_sweep_result *r, sct_verdict v,
                         const char *message, char *err, size_t err_cap);

#endif /* SCT_SWEEP_SWEEP_REPORT_H */
