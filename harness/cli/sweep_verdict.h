/*
 * sweep_verdict.h — the verdict of a finished sweep, for `sweep` and for
 * `merge` of sweep shards (the same rule, so a merged sweep's verdict is the
 * unsharded one's).
 */
#ifndef SCT_CLI_SWEEP_VERDICT_H
#define SCT_CLI_SWEEP_VERDICT_H

#include "sct/sweep/sweep.h"
#include "sct/results/verdict.h"

/* The compared pairs' verdict (sct_sweep_verdict), then the undefined
 * pairs' call judged like `run` judges a no-crash case (case_verdict.c: an
 * orderly OK, ERROR or INVALID_ARGUMENT conforms; a crash, hang or memory
 * defect does not). */
sct_verdict sct_sweep_final_verdict(const sct_sweep_result *r);

#endif /* SCT_CLI_SWEEP_VERDICT_H */
