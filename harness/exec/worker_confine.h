/*
 * worker_confine.h — the isolated worker's confinement, before any vendor
 * code runs in it: the descriptors it keeps, its namespaces, session,
 * scratch directory and home, limits and filters, and the SANDBOX reply
 * that tells the harness what holds (docs/plugin-abi.md §5.1).  Called by
 * worker_child.c, in the worker only.
 */
#ifndef SCT_EXEC_WORKER_CONFINE_H
#define SCT_EXEC_WORKER_CONFINE_H

#include <stdint.h>

#include "sct/exec/worker_sandbox.h"

/* Closes every inherited descriptor except stdio and the three kept. */
void sct_worker_close_inherited_fds(int keep_a, int keep_b, int keep_c);

/* Enters the sandbox `plan` describes and sends SCT_REPLY_SANDBOX on
 * `sock` (nothing when the plan is disabled: only a new session).
 * `*arena_limit` becomes the memory limit when sandboxed.  0, or -1
 * (errno) when the scratch directory cannot be entered: the caller reports
 * it and exits. */
int sct_worker_enter_sandbox(int sock, int arena_fd, int input_fd,
                             const sct_sandbox_plan *plan, uint64_t *arena_limit);

#endif /* SCT_EXEC_WORKER_CONFINE_H */
