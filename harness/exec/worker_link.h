/*
 * worker_link.h — the harness's hold on one worker process: its pid (or its
 * keeper's, when the worker is init of its own PID namespace), the socket
 * requests and replies travel on, the write watch's descriptor, and the
 * wait for a reply under the timeout and the CPU limit per call
 * (docs/plugin-abi.md §5, §5.1).  The isolated backend starts the worker
 * (isolated_backend.c) and reads what the wait ended with through
 * worker_outcome.h.
 */
#ifndef SCT_EXEC_WORKER_LINK_H
#define SCT_EXEC_WORKER_LINK_H

#include <stdbool.h>
#include <sys/types.h>

#include "sct/exec/worker_sandbox.h"
#include "wire_attributes.h"
#include "worker_outcome.h"
#include "worker_protocol.h"

typedef struct sct_worker_link {
    pid_t pid;         /* the worker, or its keeper; -1 when none is running */
    pid_t worker_pid;  /* the worker itself (the keeper's child), or -1 */
    bool keeper;       /* pid is a keeper (worker in a PID namespace) */
    int sock;          /* parent end of the socket pair, or -1 */
    int notify_fd;     /* write watch, or -1 */
    double cpu_limit;  /* CPU seconds per call; 0: not limited */
    /* what the watches hold the worker to */
    const char *scratch;            /* its scratch directory */
    const sct_sandbox_reads *reads; /* what it may read and run */
    bool read_watch;                /* its reads are watched too */
    sct_wire_reply reply;           /* the last reply (large: off the stack) */
    sct_wire_request req;           /* the request being sent */
    unsigned char attr[SCT_WIRE_ATTR_CAP]; /* its attributes: req.attr_bytes */
    char violation[SCT_WIRE_MSG_CAP]; /* SANDBOX found while waiting */
} sct_worker_link;

/* No worker yet. */
void sct_worker_link_init(sct_worker_link *l);

/* A worker just forked as `pid`, its end of the socket pair `sock`. */
void sct_worker_link_attach(sct_worker_link *l, pid_t pid, int sock);

/* Reaps a worker that is ending by itself (it closed its socket or
 * reported a fault): a moment's grace, then SIGKILL.  Returns its wait
 * status; the link holds no worker afterwards. */
int sct_worker_link_reap(sct_worker_link *l);

/* Ends the worker now (nothing it started is left); no-op without one. */
void sct_worker_link_kill(sct_worker_link *l);

/* sct_worker_end_fn over a link: reaps or kills as decided. */
int sct_worker_link_end(void *link, sct_worker_fate fate);

/* CPU seconds the worker has used, or -1 when its clock cannot be read. */
double sct_worker_link_cpu(const sct_worker_link *l);

/* Sends l->req and, in the same message, the first l->req.attr_bytes bytes
 * of l->attr.  0, or -1 when the worker cannot be reached (or attr_bytes
 * exceeds SCT_WIRE_ATTR_CAP). */
int sct_worker_link_send(sct_worker_link *l);

/* Waits for the next reply (l->reply, message NUL-terminated), answering
 * the write watch meanwhile and holding the worker to its CPU time per
 * call.  `t0`: the monotonic time the call began; `cpu0`: the worker's CPU
 * clock read just after it (< 0: not measured).  SCT_GOT_VIOLATION:
 * l->violation says what. */
sct_wait_outcome sct_worker_link_await_cpu(sct_worker_link *l, double timeout, double t0,
                                           double cpu0);

/* The same from now, CPU time not measured (loading, shutdown). */
sct_wait_outcome sct_worker_link_await(sct_worker_link *l, double timeout);

#endif /* SCT_EXEC_WORKER_LINK_H */
