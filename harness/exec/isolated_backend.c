/*
 * isolated_backend.c — the harness side of process isolation:
 * every vendor call runs in a persistent forked worker (worker_child.c);
 * tensors travel through a shared memfd arena; a crash, a fault on a guard
 * page or read-only input, or a timeout is classified against the exact
 * call, the worker is killed if needed and re-spawned on the next call, and
 * the run goes on.  The parent never executes vendor code: dlopen and init
 * happen in the child.
 *
 * The worker is exec'd, never a bare fork (worker_launch.c): nothing of
 * the harness's memory — the goldens of the case at hand — is in it.
 *
 * Sandbox (worker_sandbox.h): the worker runs in its own PID and
 * network namespaces behind a seccomp filter and Landlock, with an
 * address-space limit; this side creates its private scratch directory,
 * answers the write watch's notifications, enforces the CPU time per call
 * on the worker's CPU clock, and turns a trapped system call into SANDBOX
 * against the exact call.
 */
#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "backend_kinds.h"
#include "query_cache.h"
#include "run_outcome.h"
#include "shared_arena.h"
#include "worker_outcome.h"
#include "worker_protocol.h"

typedef struct isolated {
    char path[4096];
    char load_path[PATH_MAX]; /* absolute: the worker works in its scratch dir */
    char *options;
    double timeout;
    uint64_t page;
    pid_t pid;       /* worker, or -1 when none is running */
    int sock;        /* parent end of the socket pair */
    sct_shared_arena arena;
    unsigned spawns;
    sct_wire_reply reply; /* large: kept off the stack */
    sct_wire_request req;
    sct_query_cache queries;
    char idle_death[sizeof(((sct_exec_result *)0)->message) + 64]; /* died between calls: how */
    /* sandbox */
    sct_sandbox_plan plan;
    bool require;         /* --sandbox=require */
    char scratch[PATH_MAX];
    double cpu_limit;     /* CPU seconds per call */
    int notify_fd;        /* write watch, or -1 */
    pid_t worker_pid;     /* the worker itself (the keeper's child), or -1 */
    bool keeper;          /* s->pid is a keeper (worker in a PID namespace) */
    unsigned active;      /* SCT_SB_* of the current worker */
    char notes[SCT_WIRE_MSG_CAP];       /* what could not be set up */
    char violation[SCT_WIRE_MSG_CAP];   /* SANDBOX found while waiting */
    char isolation[2400];               /* identity: protections active */
    sct_sandbox_reads reads;            /* what the worker may read */
    sct_worker_launch launch;           /* its exec, prepared before any fork */
    char forced_note[160];              /* left out, not by the user's choice */
} isolated;

/* Closes the worker's side channels (the descriptors, not the process). */
static void forget_worker(isolated *s)
{
    s->pid = -1;
    s->worker_pid = -1;
    s->keeper = false;
    if (s->sock >= 0)
        close(s->sock);
    s->sock = -1;
    if (s->notify_fd >= 0)
        close(s->notify_fd);
    s->notify_fd = -1;
}

/* Ends the worker now.  With a keeper: SIGTERM to it, it SIGKILLs the
 * worker (init of the namespace) and exits once the kernel has removed
 * every process of the namespace, so a reaped keeper means nothing the
 * plugin started is left; SIGKILL after a grace second in any case. */
static int stop_worker(isolated *s)
{
    int st = 0;
    kill(s->pid, s->keeper ? SIGTERM : SIGKILL);
    for (int i = 0; s->keeper && i < 1000; i++) {
        pid_t p = waitpid(s->pid, &st, WNOHANG);
        if (p == s->pid || (p < 0 && errno != EINTR))
            return st;
        struct timespec ts = {0, 1000000};
        nanosleep(&ts, NULL);
    }
    kill(s->pid, SIGKILL);
    while (waitpid(s->pid, &st, 0) < 0 && errno == EINTR)
        ;
    return st;
}

/* Reaps the worker after it closed its socket or reported a fault: it
 * should be exiting; give it a moment, then make sure with SIGKILL. */
static int reap_worker(isolated *s)
{
    int st = 0;
    for (int i = 0; i < 1000; i++) {
        pid_t p = waitpid(s->pid, &st, WNOHANG);
        if (p == s->pid)
            goto done;
        if (p < 0 && errno != EINTR)
            goto done;
        struct timespec ts = {0, 1000000};
        nanosleep(&ts, NULL);
    }
    st = stop_worker(s);
done:
    forget_worker(s);
    return st;
}

static void kill_worker(isolated *s)
{
    if (s->pid <= 0)
        return;
    stop_worker(s);
    forget_worker(s);
}

/* CPU seconds the worker has used, or -1 when its clock cannot be read. */
static double worker_cpu(const isolated *s)
{
    clockid_t c;
    struct timespec ts;
    if (s->worker_pid <= 0 || clock_getcpuclockid(s->worker_pid, &c) != 0 ||
        clock_gettime(c, &ts) != 0)
        return -1;
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Receives one message; a descriptor attached to it (the write watch's)
 * is kept when `s->notify_fd` is free, else closed. */
static ssize_t receive(isolated *s)
{
    struct iovec iov = {&s->reply, sizeof s->reply};
    union {
        struct cmsghdr h;
        char buf[CMSG_SPACE(4 * sizeof(int))];
    } ctl;
    struct msghdr m;
    memset(&m, 0, sizeof m);
    m.msg_iov = &iov;
    m.msg_iovlen = 1;
    m.msg_control = ctl.buf;
    m.msg_controllen = sizeof ctl.buf;
    ssize_t got = recvmsg(s->sock, &m, MSG_DONTWAIT | MSG_CMSG_CLOEXEC);
    for (struct cmsghdr *c = got >= 0 ? CMSG_FIRSTHDR(&m) : NULL; c != NULL;
         c = CMSG_NXTHDR(&m, c)) {
        if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS)
            continue;
        size_t nfd = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
        for (size_t i = 0; i < nfd; i++) {
            int fd;
            memcpy(&fd, CMSG_DATA(c) + i * sizeof(int), sizeof fd);
            bool keep = got == (ssize_t)sizeof s->reply &&
                        s->reply.kind == SCT_REPLY_SANDBOX && s->notify_fd < 0;
            if (keep)
                s->notify_fd = fd;
            else
                close(fd);
        }
    }
    return got;
}

/* Waits for the next reply, answering the write watch meanwhile and
 * holding the worker to its CPU time per call.  `t0` is the monotonic
 * time the call began and `cpu0` the worker's CPU clock read just after
 * it (< 0: not measured).  SCT_GOT_VIOLATION: s->violation says what.
 *
 * One verdict per behaviour, whatever the timing: the CPU clock is read
 * before the wall clock and the wall deadline is judged first, so the CPU
 * a single thread has used is never more than the wall time judged with
 * it.  A call that spins in one thread therefore ends as SCT_GOT_TIMEOUT on
 * every run; SCT_GOT_VIOLATION (CPU) needs more CPU time than the limit
 * before the deadline, i.e. several threads or a limit below the timeout
 * (the default limit is above it: plan_sandbox). */
static sct_wait_outcome await_reply_cpu(isolated *s, double timeout, double t0, double cpu0)
{
    static long ncpu;
    if (ncpu <= 0)
        ncpu = sysconf(_SC_NPROCESSORS_ONLN) > 0 ? sysconf(_SC_NPROCESSORS_ONLN) : 1;
    for (;;) {
        double used = cpu0 >= 0 ? worker_cpu(s) - cpu0 : 0;
        double left = t0 + timeout - sct_monotonic_seconds();
        if (left <= 0)
            return SCT_GOT_TIMEOUT;
        double wait = left;
        if (cpu0 >= 0) {
            if (used > s->cpu_limit) {
                snprintf(s->violation, sizeof s->violation,
                         "used %.2f s of CPU time in one call, beyond the CPU limit of "
                         "%.3g s (--cpu-limit); plugin process killed", used, s->cpu_limit);
                return SCT_GOT_VIOLATION;
            }
            /* the earliest moment the limit can be passed, all CPUs busy */
            double soonest = (s->cpu_limit - used) / (double)ncpu + 0.002;
            if (soonest < wait)
                wait = soonest;
        }
        struct pollfd pfd[2] = {{s->sock, POLLIN, 0}, {s->notify_fd, POLLIN, 0}};
        int ms = wait > 1e6 ? 1000000000 : (int)(wait * 1000.0) + 1;
        int n = poll(pfd, s->notify_fd >= 0 ? 2 : 1, ms);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return SCT_GOT_ERROR;
        if (n == 0)
            continue; /* re-check the deadline and the CPU clock */
        if (s->notify_fd >= 0 && (pfd[1].revents & POLLIN)) {
            sct_sandbox_watch watch = {
                s->scratch, s->active & SCT_SB_READ_WATCH ? &s->reads : NULL, &s->reads,
                s->worker_pid};
            int v = sct_sandbox_notify_handle(s->notify_fd, &watch, s->violation,
                                              sizeof s->violation);
            if (v == 1)
                return SCT_GOT_VIOLATION;
            if (v < 0 && !(pfd[0].revents & POLLIN))
                continue;
        }
        if (!(pfd[0].revents & (POLLIN | POLLHUP | POLLERR)))
            continue;
        ssize_t got = receive(s);
        if (got < 0 && (errno == EINTR || errno == EAGAIN))
            continue;
        if (got == 0 || (got < 0 && errno == ECONNRESET))
            return SCT_GOT_EOF;
        if (got != (ssize_t)sizeof s->reply)
            return SCT_GOT_ERROR;
        if (s->reply.kind == SCT_REPLY_KEEPER) {
            s->worker_pid = s->reply.worker_pid;
            s->keeper = true;
            continue;
        }
        s->reply.message[sizeof s->reply.message - 1] = '\0';
        return SCT_GOT_REPLY;
    }
}

static sct_wait_outcome await_reply(isolated *s, double timeout)
{
    return await_reply_cpu(s, timeout, sct_monotonic_seconds(), -1);
}

static int send_request(isolated *s)
{
    ssize_t n;
    do
        n = send(s->sock, &s->req, sizeof s->req, MSG_NOSIGNAL);
    while (n < 0 && errno == EINTR);
    return n == (ssize_t)sizeof s->req ? 0 : -1;
}

/* Carries out the fate worker_outcome.c decided for the worker. */
static int end_worker(void *worker, sct_worker_fate fate)
{
    isolated *s = worker;
    if (fate == SCT_WORKER_REAP)
        return reap_worker(s);
    kill_worker(s);
    return 0;
}

/* The result of waiting for the worker's reply (worker_outcome.h), the
 * worker reaped or killed as that decides.  `errno` is the wait's. */
static sct_exec_result outcome(isolated *s, sct_worker_phase phase, sct_wait_outcome w,
                               double elapsed)
{
    sct_worker_wait in = {phase, w, &s->reply, errno, elapsed, s->path, s->timeout,
                          s->plan.memory_limit, s->violation};
    return sct_worker_outcome(&in, end_worker, s);
}

/* Messages cut at their buffer's capacity: a plugin path may be as long as
 * PATH_MAX, a note comes after a message; a cut message beats none.
 * Formatting through vsnprintf says so to the compiler (no
 * -Wformat-truncation at -O3, where inlining lets it see the capacity). */
__attribute__((format(printf, 3, 4)))
static void format_cut(char *buf, size_t cap, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, cap, fmt, ap);
    va_end(ap);
}

/* Forks a worker and waits for its OPENED reply.  0, or -1 with err set. */
static int spawn_worker(isolated *s, char *err, size_t err_cap)
{
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) != 0) {
        format_cut(err, err_cap, "%s: socketpair: %s", s->path, strerror(errno));
        return -1;
    }
    fflush(NULL); /* the child must not flush the parent's buffered output */
    pid_t pid = fork();
    if (pid < 0) {
        format_cut(err, err_cap, "%s: fork: %s", s->path, strerror(errno));
        close(sv[0]);
        close(sv[1]);
        return -1;
    }
    if (pid == 0) {
        sct_worker_exec(&s->launch, sv[1], s->arena.fd);
    }
    close(sv[1]);
    s->pid = pid;
    s->worker_pid = pid;
    s->sock = sv[0];
    s->spawns++;
    sct_wait_outcome w = await_reply(s, s->timeout);
    if (w == SCT_GOT_REPLY && s->reply.kind == SCT_REPLY_SANDBOX) {
        s->active = s->reply.sandbox_active & (SCT_SB_ALL | SCT_SB_USERNS);
        snprintf(s->notes, sizeof s->notes, "%s", s->reply.message);
        if (s->cpu_limit > 0 && worker_cpu(s) >= 0)
            s->active |= SCT_SB_CPULIMIT;
        else if (s->cpu_limit > 0)
            sct_sandbox_note(s->notes, sizeof s->notes,
                             "no CPU limit (the worker's CPU clock cannot be read)");
        if (s->forced_note[0])
            sct_sandbox_note(s->notes, sizeof s->notes, s->forced_note);
        if (s->plan.omit & SCT_SB_ALL) {
            char left[160];
            sct_sandbox_describe_omitted(s->plan.omit, left, sizeof left);
            sct_sandbox_note(s->notes, sizeof s->notes, left);
        }
        unsigned missing = SCT_SB_ALL & ~s->active;
        if (s->require && missing) {
            kill_worker(s);
            format_cut(err, err_cap, "%s: --sandbox=require, but not every protection "
                     "could be set up: %s", s->path, s->notes[0] ? s->notes : "(unknown)");
            return -1;
        }
        w = await_reply(s, s->timeout);
    }
    sct_exec_result r = outcome(s, SCT_PHASE_OPEN, w, 0);
    if (r.status != SCT_EXEC_OK) {
        format_cut(err, err_cap, "%s", r.message);
        return -1;
    }
    s->reply.vendor[SCT_WIRE_NAME_CAP - 1] = '\0';
    s->reply.runtime_name[SCT_WIRE_NAME_CAP - 1] = '\0';
    s->reply.runtime_version[SCT_WIRE_NAME_CAP - 1] = '\0';
    return 0;
}

static int ensure_worker(isolated *s, sct_exec_result *r)
{
    if (s->pid > 0)
        return 0;
    char err[sizeof r->message];
    if (spawn_worker(s, err, sizeof err) == 0)
        return 0;
    *r = sct_exec_result_make(SCT_EXEC_HARNESS_ERROR,
                              "could not restart the plugin process after an "
                              "earlier crash or timeout: %s", err);
    return -1;
}

/* A worker is idle between calls: a message or EOF on its socket now
 * means it died after the previous call returned (a vendor thread, an
 * atexit handler...).  That must not be blamed on the NEXT case: the worker
 * is reaped and restarted, and the next result carries a note. */
static void check_idle_worker(isolated *s)
{
    if (s->pid <= 0)
        return;
    ssize_t got = recv(s->sock, &s->reply, sizeof s->reply, MSG_DONTWAIT);
    if (got < 0 && (errno == EAGAIN || errno == EINTR))
        return; /* alive and idle: the normal case */
    int sig = got == (ssize_t)sizeof s->reply && s->reply.kind == SCT_REPLY_FAULT
                  ? s->reply.signo : 0;
    sct_exec_result how = sct_exec_result_make(SCT_EXEC_CRASH, " ");
    sct_worker_describe_end(reap_worker(s), &how, "between calls");
    if (sig)
        snprintf(s->idle_death, sizeof s->idle_death,
                 "plugin process crashed with signal %d (%s) between calls, "
                 "after the previous call had returned; restarted", sig, strsignal(sig));
    else
        snprintf(s->idle_death, sizeof s->idle_death, "%s; restarted", how.message);
}

/* Appends the note of an idle death to the result of the call after it. */
static sct_exec_result with_idle_note(isolated *s, sct_exec_result r)
{
    if (s->idle_death[0]) {
        size_t len = strlen(r.message);
        format_cut(r.message + len, sizeof r.message - len, "%s[note: %s]",
                 len ? " " : "", s->idle_death);
        s->idle_death[0] = '\0';
    }
    return r;
}

/* Common path of one request: make sure a worker runs, send, await, and
 * classify a dead or hung worker.  Returns true when s->reply is a DONE
 * reply to be interpreted by the caller; otherwise `*r` is final. */
static bool exchange(isolated *s, sct_exec_result *r)
{
    check_idle_worker(s);
    if (ensure_worker(s, r) != 0)
        return false;
    double t0 = sct_monotonic_seconds();
    double cpu0 = s->active & SCT_SB_CPULIMIT ? worker_cpu(s) : -1;
    if (send_request(s) != 0) {
        sct_worker_describe_end(reap_worker(s), r, "before the call could be sent");
        return false;
    }
    sct_wait_outcome w = await_reply_cpu(s, s->timeout, t0, cpu0);
    *r = outcome(s, SCT_PHASE_CALL, w, sct_monotonic_seconds() - t0);
    return r->status == SCT_EXEC_OK;
}

/* Copies the op's names into the fixed-size request fields; false when one
 * does not fit (refused rather than sent truncated to the child). */
static bool copy_op_names(sct_wire_request *req, const sonnx_op *op)
{
    return (size_t)snprintf(req->op_type, sizeof req->op_type, "%s",
                            op->op_type ? op->op_type : "") < sizeof req->op_type &&
           (size_t)snprintf(req->domain, sizeof req->domain, "%s",
                            op->domain ? op->domain : "") < sizeof req->domain &&
           (size_t)snprintf(req->profile, sizeof req->profile, "%s",
                            op->profile ? op->profile : "") < sizeof req->profile;
}

static sct_exec_result iso_query_call(sct_backend *b, const sonnx_op *op,
                                 const int32_t *input_types, size_t n_inputs)
{
    isolated *s = b->impl;
    sct_exec_result q;
    if (sct_query_cache_get(&s->queries, op, input_types, n_inputs, &q))
        return q;
    sct_exec_result r = sct_exec_result_make(SCT_EXEC_HARNESS_ERROR, " ");
    memset(&s->req, 0, sizeof s->req);
    s->req.kind = SCT_REQ_QUERY;
    s->req.opset = op->opset;
    s->req.n_inputs = (uint32_t)n_inputs;
    if (!copy_op_names(&s->req, op))
        return sct_exec_result_make(SCT_EXEC_HARNESS_ERROR,
                                    "op_type, domain or profile too long");
    memcpy(s->req.input_types, input_types, n_inputs * sizeof *input_types);
    if (!exchange(s, &r))
        return r; /* crash, timeout: never cached */
    q = sct_exec_from_plugin_status(s->reply.status_raw, s->reply.message, "query");
    q.seconds = r.seconds;
    sct_query_cache_put(&s->queries, op, input_types, n_inputs, &q);
    return q;
}

static sct_exec_result iso_run_call(sct_backend *b, const sonnx_op *op,
                               const sonnx_tensor *inputs, size_t n_inputs,
                               sonnx_tensor *outputs, size_t n_outputs)
{
    isolated *s = b->impl;
    sct_exec_result r = sct_exec_result_make(SCT_EXEC_HARNESS_ERROR, " ");
    memset(&s->req, 0, offsetof(sct_wire_request, inputs));
    s->req.kind = SCT_REQ_RUN;
    s->req.opset = op->opset;
    if (!copy_op_names(&s->req, op))
        return sct_exec_result_make(SCT_EXEC_HARNESS_ERROR,
                                    "op_type, domain or profile too long");
    uint64_t need = sct_arena_layout(inputs, n_inputs, outputs, n_outputs,
                                     s->page, &s->req);
    if (need == 0 || sct_shared_arena_reserve(&s->arena, need) != 0)
        return sct_exec_result_make(SCT_EXEC_HARNESS_ERROR,
                                    "cannot size the shared arena for %llu bytes: %s",
                                    (unsigned long long)need, strerror(errno));
    s->req.arena_size = s->arena.size;
    sct_shared_arena_stage(&s->arena, &s->req, inputs, n_inputs, n_outputs);
    if (!exchange(s, &r)) {
        if (r.status == SCT_EXEC_CRASH)
            sct_shared_arena_locate_fault(&s->req, s->page, &s->reply, &r);
        return r;
    }
    if (!sct_shared_arena_intact(&s->arena, &s->req, inputs, n_inputs, n_outputs, &r))
        return r;
    double seconds = r.seconds;
    r = sct_exec_from_plugin_status(s->reply.status_raw, s->reply.message, "run");
    r.seconds = seconds;
    if (r.status != SCT_EXEC_OK)
        return r;
    for (size_t k = 0; k < n_outputs; k++) {
        const sct_wire_output_meta *m = &s->reply.outputs[k];
        sonnx_tensor produced;
        memset(&produced, 0, sizeof produced);
        produced.elem_type = m->elem_type;
        produced.rank = m->rank;
        memcpy(produced.dims, m->dims, sizeof produced.dims);
        if (!sct_output_meta_matches(&outputs[k], &produced, k, m->buffer_kept != 0,
                                     r.message, sizeof r.message)) {
            r.status = SCT_EXEC_BAD_OUTPUT_META;
            return r;
        }
    }
    sct_shared_arena_copy_out(&s->arena, &s->req, outputs, n_outputs);
    return r;
}

static sct_exec_result iso_query(sct_backend *b, const sonnx_op *op,
                                 const int32_t *input_types, size_t n_inputs)
{
    return with_idle_note(b->impl, iso_query_call(b, op, input_types, n_inputs));
}

static sct_exec_result iso_run(sct_backend *b, const sonnx_op *op,
                               const sonnx_tensor *inputs, size_t n_inputs,
                               sonnx_tensor *outputs, size_t n_outputs)
{
    return with_idle_note(b->impl, iso_run_call(b, op, inputs, n_inputs, outputs,
                                                n_outputs));
}

static void remove_scratch(isolated *s);

static void iso_close(sct_backend *b)
{
    isolated *s = b->impl;
    if (s->pid > 0) {
        memset(&s->req, 0, sizeof s->req);
        s->req.kind = SCT_REQ_SHUTDOWN;
        if (send_request(s) == 0 && await_reply(s, s->timeout) == SCT_GOT_REPLY)
            reap_worker(s);
        else
            kill_worker(s);
    }
    sct_shared_arena_close(&s->arena);
    remove_scratch(s);
    free(s->options);
    sct_sandbox_reads_free(&s->reads);
    sct_worker_launch_free(&s->launch);
    free(s);
}

static const sct_backend_ops isolated_ops = {iso_query, iso_run, iso_close};

/* The scratch directory goes with the backend, whatever the plugin left. */
static void remove_scratch(isolated *s)
{
    sct_sandbox_scratch_remove(s->scratch);
}

/* The sandbox's plan: a private scratch directory in $TMPDIR (or /tmp),
 * the limits, what --sandbox-omit (or SONNX_CTS_SANDBOX_OMIT, tests)
 * leaves out. */
static int plan_sandbox(isolated *s, const sct_backend_options *opt, char *err,
                        size_t err_cap)
{
    s->require = opt && opt->sandbox == SCT_SANDBOX_REQUIRE;
    s->plan.enabled = true;
    s->plan.omit = sct_sandbox_omit_from_env();
    if (opt && opt->sandbox_omit) {
        char bad[64];
        if (sct_sandbox_omit_parse(opt->sandbox_omit, &s->plan.omit, bad, sizeof bad) != 0) {
            snprintf(err, err_cap, "%s: --sandbox-omit: unknown protection '%s'", s->path, bad);
            return -1;
        }
    }
    s->plan.memory_limit = opt && opt->memory_limit ? opt->memory_limit
                                                     : SCT_EXEC_DEFAULT_MEMORY_LIMIT;
    /* Default: one second of CPU above the timeout, so that a call spinning
     * in one thread is a TIMEOUT on every run (await_reply_cpu) and the
     * limit catches what several threads burn before the deadline. */
    s->cpu_limit = s->plan.omit & SCT_SB_CPULIMIT ? 0
                   : opt && opt->cpu_limit_seconds > 0 ? opt->cpu_limit_seconds
                   : s->timeout + SCT_EXEC_CPU_LIMIT_MARGIN;
    char why[512];
    if (sct_sandbox_scratch_create(s->scratch, sizeof s->scratch, why, sizeof why) != 0) {
        snprintf(err, err_cap, "%s: %s", s->path, why);
        return -1;
    }
    s->plan.scratch = s->scratch;
    sct_sandbox_read_request q = {
        s->load_path, s->options, opt ? opt->sandbox_read : NULL,
        opt ? opt->n_sandbox_read : 0, opt ? opt->sandbox_helpers : NULL,
        opt ? opt->n_sandbox_helpers : 0, opt ? opt->sandbox_hidden : NULL,
        opt ? opt->n_sandbox_hidden : 0};
    if (sct_sandbox_reads_build(&q, &s->reads) != 0) {
        snprintf(err, err_cap, "%s: out of memory planning the sandbox", s->path);
        remove_scratch(s);
        return -1;
    }
    s->plan.reads = s->reads.rules;
    s->plan.n_reads = s->reads.n;
    /* Under valgrind the harness cannot answer the watches' notifications
     * (valgrind does not know the seccomp system call); the exec'd worker
     * itself runs natively with every other protection. */
    sct_sandbox_plan worker_plan = s->plan;
    const char *preload = getenv("LD_PRELOAD");
    if (preload != NULL && strstr(preload, "vgpreload") != NULL &&
        !(s->plan.omit & SCT_SB_SECCOMP)) {
        worker_plan.omit |= SCT_SB_WRITE_WATCH | SCT_SB_READ_WATCH;
        snprintf(s->forced_note, sizeof s->forced_note, "no write or read watch (the "
                 "harness runs under valgrind, which cannot answer seccomp notifications)");
    }
    if (sct_worker_launch_build(&s->launch, s->load_path, s->options, &worker_plan, why,
                                sizeof why) != 0) {
        snprintf(err, err_cap, "%s: %s", s->path, why);
        sct_sandbox_reads_free(&s->reads);
        remove_scratch(s);
        return -1;
    }
    return 0;
}

sct_backend *sct_backend_open_isolated(const char *path,
                                       const sct_backend_options *opt,
                                       char *err, size_t err_cap)
{
    isolated *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, err_cap, "%s: out of memory", path);
        return NULL;
    }
    snprintf(s->path, sizeof s->path, "%s", path);
    if (realpath(path, s->load_path) == NULL)
        snprintf(s->load_path, sizeof s->load_path, "%s", path); /* dlopen says why */
    s->options = strdup(opt && opt->vendor_options ? opt->vendor_options : "");
    s->timeout = opt && opt->timeout_seconds > 0 ? opt->timeout_seconds
                                                 : SCT_EXEC_DEFAULT_TIMEOUT_SECONDS;
    s->page = (uint64_t)sysconf(_SC_PAGESIZE);
    s->pid = -1;
    s->worker_pid = -1;
    s->sock = -1;
    s->notify_fd = -1;
    s->arena.fd = -1;
    if (plan_sandbox(s, opt, err, err_cap) != 0) {
        free(s->options);
        free(s);
        return NULL;
    }
    if (!s->options || sct_shared_arena_open(&s->arena) != 0) {
        snprintf(err, err_cap, "%s: cannot create the shared arena: %s", path,
                 strerror(errno));
        remove_scratch(s);
        free(s->options);
        sct_sandbox_reads_free(&s->reads);
        sct_worker_launch_free(&s->launch);
        free(s);
        return NULL;
    }
    if (spawn_worker(s, err, err_cap) != 0) {
        sct_shared_arena_close(&s->arena);
        remove_scratch(s);
        free(s->options);
        sct_sandbox_reads_free(&s->reads);
        sct_worker_launch_free(&s->launch);
        free(s);
        return NULL;
    }
    sct_sandbox_describe(s->active, s->plan.memory_limit, s->cpu_limit, s->notes,
                         s->isolation, sizeof s->isolation);
    /* reading widened beyond the defaults, and helper programs, are part
     * of what was certified */
    if ((s->active & SCT_SB_LANDLOCK) && s->reads.widened[0]) {
        size_t len = strlen(s->isolation);
        snprintf(s->isolation + len, sizeof s->isolation - len, "; reads widened to: %s",
                 s->reads.widened);
    }
    for (size_t i = 0; i < s->reads.n; i++)
        if (s->reads.rules[i][0] == 'x') {
            size_t len = strlen(s->isolation);
            snprintf(s->isolation + len, sizeof s->isolation - len,
                     "; may run helper program %s", s->reads.rules[i] + 1);
        }
    /* --sandbox auto: said in the report's identity, and said now */
    if (s->notes[0])
        fprintf(stderr, "sonnx-cts: warning: plugin sandbox: NOT SET UP: %s\n", s->notes);
    sct_backend *b = sct_backend_new(&isolated_ops, s, s->reply.vendor,
                                     s->reply.runtime_name, s->reply.runtime_version,
                                     path, s->reply.abi_major, s->reply.abi_minor,
                                     s->isolation);
    if (!b) {
        snprintf(err, err_cap, "%s: out of memory", path);
        isolated_ops.close(&(sct_backend){.impl = s});
        return NULL;
    }
    return b;
}
