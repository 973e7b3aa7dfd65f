/*
 * shard_auto.h — `--shard auto`: the shard index and count of this process
 * read from the job-array environment of a cluster engine (docs/cluster.md):
 *
 *   Slurm job array      SLURM_ARRAY_TASK_ID, _MIN, _MAX, _COUNT (and _STEP
 *                        when set): shard = ID - MIN + 1 of COUNT; the array
 *                        must be consecutive (--array=1-4, --array=0-9%2),
 *                        a stepped or sparse one (--array=0-6:2, 1,3,7) is
 *                        refused: its shards would leave gaps.
 *   Kubernetes Indexed   JOB_COMPLETION_INDEX (0-based) with the count in
 *   Job                  SONNX_CTS_SHARD_COUNT (Kubernetes does not export
 *                        .spec.completions; the manifest sets it next to it).
 *   GitLab parallel job  CI_NODE_INDEX (1-based), CI_NODE_TOTAL.
 *
 * An engine counts as present when its index variable is set.  Several
 * present at once must give the same shard (a Slurm job started from a
 * GitLab runner, say), else the result is refused naming both; an unset
 * companion variable, a value that is not a plain decimal number, an index
 * out of range or a SONNX_CTS_SHARD_COUNT that contradicts the engine's
 * count are refused naming the variable.  No engine at all is an error too:
 * `--shard auto` outside a job array would silently run everything in every
 * task.
 */
#ifndef SCT_SELECT_SHARD_AUTO_H
#define SCT_SELECT_SHARD_AUTO_H

#include <stddef.h>

#include "sct/select/shard.h"

/* Environment lookup (getenv in the program, a table in the tests):
 * the value of `name`, or NULL when unset. */
typedef const char *(*sct_env_lookup)(void *user, const char *name);

/* getenv(name); `user` unused. */
const char *sct_env_getenv(void *user, const char *name);

#define SCT_SHARD_SOURCE_MAX 320

typedef struct sct_shard_auto {
    sct_shard_spec spec;
    /* What was found, e.g. "slurm job array: SLURM_ARRAY_TASK_ID=3
     * SLURM_ARRAY_TASK_MIN=1 SLURM_ARRAY_TASK_MAX=4 SLURM_ARRAY_TASK_COUNT=4";
     * recorded in the report's "shard" object and printed on stderr. */
    char source[SCT_SHARD_SOURCE_MAX];
} sct_shard_auto;

/* 0 with `out` filled, or -1 with `err` ("--shard auto: ..." naming the
 * variable) and `out` untouched. */
int sct_shard_auto_detect(sct_env_lookup get, void *user, sct_shard_auto *out,
                          char *err, size_t err_cap);

#endif /* SCT_SELECT_SHARD_AUTO_H */
