/*
 * worker_outcome.h — what the harness makes of the worker's answer: the one
 * mapping from how the wait for a reply ended (and the reply) to an
 * sct_exec_result and to what becomes of the worker process.  Used when a
 * worker is started (loading and init) and for every call after it, so a
 * crash, a hang, a trapped system call or a malformed reply is named the
 * same way wherever it happens (docs/plugin-abi.md §5).
 */
#ifndef SCT_EXEC_WORKER_OUTCOME_H
#define SCT_EXEC_WORKER_OUTCOME_H

#include <stdint.h>

#include "sct/exec/backend.h"
#include "worker_protocol.h"

/* How waiting for the worker's next reply ended. */
typedef enum sct_wait_outcome {
    SCT_GOT_REPLY,     /* a whole reply arrived */
    SCT_GOT_EOF,       /* the worker closed its socket: it is ending */
    SCT_GOT_TIMEOUT,   /* no reply before the deadline */
    SCT_GOT_ERROR,     /* the socket failed or a reply had the wrong size */
    SCT_GOT_VIOLATION  /* the sandbox stopped it: CPU limit, write or read watch */
} sct_wait_outcome;

/* What the worker was doing. */
typedef enum sct_worker_phase {
    SCT_PHASE_OPEN, /* loading the plugin and running its init: OPENED expected */
    SCT_PHASE_CALL, /* one query/run call: DONE expected */
    SCT_PHASE_IDLE  /* between calls: nothing expected; whatever came, it died */
} sct_worker_phase;

/* What becomes of the worker process. */
typedef enum sct_worker_fate {
    SCT_WORKER_KEEP, /* it answered as expected and goes on */
    SCT_WORKER_REAP, /* it is ending by itself: wait for it (SIGKILL if it lingers) */
    SCT_WORKER_KILL  /* it must be stopped now */
} sct_worker_fate;

typedef struct sct_worker_wait {
    sct_worker_phase phase;
    sct_wait_outcome wait;
    const sct_wire_reply *reply; /* the reply (SCT_GOT_REPLY), message NUL-terminated */
    int wait_errno;              /* errno when the wait ended (SCT_GOT_ERROR) */
    double elapsed;              /* seconds since the call began */
    const char *path;            /* the plugin as the user named it (SCT_PHASE_OPEN) */
    double timeout;              /* seconds per call */
    uint64_t memory_limit;       /* bytes: also the file size limit (SIGXFSZ) */
    const char *violation;       /* what the sandbox found (SCT_GOT_VIOLATION) */
} sct_worker_wait;

/* Carries out `fate` on `worker`; returns the worker's wait status when it
 * was reaped or killed (0 for SCT_WORKER_KEEP). */
typedef int (*sct_worker_end_fn)(void *worker, sct_worker_fate fate);

/* The one mapping: decides the worker's fate, has `end` carry it out, and
 * returns the result.  SCT_EXEC_OK means the expected reply (OPENED at
 * SCT_PHASE_OPEN; DONE at SCT_PHASE_CALL, seconds = the worker's own time
 * of the call, to be read further by the caller); anything else is final,
 * its message saying what happened (at SCT_PHASE_OPEN prefixed with the
 * plugin's path, as the loader's refusals are; at SCT_PHASE_IDLE how the
 * worker died between calls, for a note on the next call's result). */
sct_exec_result sct_worker_outcome(const sct_worker_wait *w, sct_worker_end_fn end,
                                   void *worker);

/* Describes how the worker ended, from its wait status `st`: CRASH (exit
 * code or signal; SANDBOX for a SIGSYS the plugin had blocked), `when`
 * closing the message ("during the call", "between calls", ...). */
void sct_worker_describe_end(int st, sct_exec_result *r, const char *when);

#endif /* SCT_EXEC_WORKER_OUTCOME_H */
