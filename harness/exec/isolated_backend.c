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
 *
 * The pieces: the worker process, its socket and the wait for a reply
 * (worker_link.c); what a wait and a reply mean, the one mapping to a
 * result (worker_outcome.c); the shared tensor arena (shared_arena.c); the
 * query() answers kept (query_cache.c); the sandbox's plan, made once
 * (sandbox_setup.c).  This file starts the worker and answers the
 * backend's query, run and close.
 */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "sct/text/bounded_append.h"

#include "backend_kinds.h"
#include "query_cache.h"
#include "run_outcome.h"
#include "sandbox_setup.h"
#include "shared_arena.h"
#include "worker_link.h"
#include "worker_outcome.h"
#include "worker_protocol.h"

typedef struct isolated {
    char path[4096];
    char load_path[PATH_MAX]; /* absolute: the worker works in its scratch dir */
    char *options;
    double timeout;
    uint64_t page;
    sct_worker_link w; /* the worker process and its socket */
    sct_shared_arena arena;
    unsigned spawns;
    sct_query_cache queries;
    char idle_death[sizeof(((sct_exec_result *)0)->message) + 64]; /* died between calls: how */
    /* sandbox */
    sct_sandbox_setup sb;               /* its plan, made once */
    unsigned active;      /* SCT_SB_* of the current worker */
    char notes[SCT_WIRE_MSG_CAP];       /* what could not be set up */
    char isolation[2400];               /* identity: protections active */
} isolated;

/* The result of waiting for the worker's reply (worker_outcome.h), the
 * worker reaped or killed as that decides.  `errno` is the wait's. */
static sct_exec_result outcome(isolated *s, sct_worker_phase phase, sct_wait_outcome w,
                               double elapsed)
{
    sct_worker_wait in = {phase, w, &s->w.reply, errno, elapsed, s->path, s->timeout,
                          s->sb.plan.memory_limit, s->w.violation};
    return sct_worker_outcome(&in, sct_worker_link_end, &s->w);
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
        sct_worker_exec(&s->sb.launch, sv[1], s->arena.fd, s->arena.in_fd);
    }
    close(sv[1]);
    sct_worker_link_attach(&s->w, pid, sv[0]);
    s->spawns++;
    sct_wait_outcome w = sct_worker_link_await(&s->w, s->timeout);
    if (w == SCT_GOT_REPLY && s->w.reply.kind == SCT_REPLY_SANDBOX) {
        s->active = s->w.reply.sandbox_active & (SCT_SB_ALL | SCT_SB_USERNS);
        s->w.read_watch = (s->active & SCT_SB_READ_WATCH) != 0;
        snprintf(s->notes, sizeof s->notes, "%s", s->w.reply.message);
        if (s->w.cpu_limit > 0 && sct_worker_link_cpu(&s->w) >= 0)
            s->active |= SCT_SB_CPULIMIT;
        else if (s->w.cpu_limit > 0)
            sct_sandbox_note(s->notes, sizeof s->notes,
                             "no CPU limit (the worker's CPU clock cannot be read)");
        sct_sandbox_setup_notes(&s->sb, s->notes, sizeof s->notes);
        unsigned missing = SCT_SB_ALL & ~s->active;
        if (s->sb.require && missing) {
            sct_worker_link_kill(&s->w);
            format_cut(err, err_cap, "%s: --sandbox=require, but not every protection "
                     "could be set up: %s", s->path, s->notes[0] ? s->notes : "(unknown)");
            return -1;
        }
        w = sct_worker_link_await(&s->w, s->timeout);
    }
    sct_exec_result r = outcome(s, SCT_PHASE_OPEN, w, 0);
    if (r.status != SCT_EXEC_OK) {
        format_cut(err, err_cap, "%s", r.message);
        return -1;
    }
    s->w.reply.vendor[SCT_WIRE_NAME_CAP - 1] = '\0';
    s->w.reply.runtime_name[SCT_WIRE_NAME_CAP - 1] = '\0';
    s->w.reply.runtime_version[SCT_WIRE_NAME_CAP - 1] = '\0';
    return 0;
}

static int ensure_worker(isolated *s, sct_exec_result *r)
{
    if (s->w.pid > 0)
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
    if (s->w.pid <= 0)
        return;
    ssize_t got = recv(s->w.sock, &s->w.reply, sizeof s->w.reply, MSG_DONTWAIT);
    if (got < 0 && (errno == EAGAIN || errno == EINTR))
        return; /* alive and idle: the normal case */
    sct_wait_outcome w = got == (ssize_t)sizeof s->w.reply ? SCT_GOT_REPLY
                         : got == 0                       ? SCT_GOT_EOF
                                                          : SCT_GOT_ERROR;
    sct_exec_result how = outcome(s, SCT_PHASE_IDLE, w, 0);
    snprintf(s->idle_death, sizeof s->idle_death, "%s; restarted", how.message);
}

/* Appends the note of an idle death to the result of the call after it. */
static sct_exec_result with_idle_note(isolated *s, sct_exec_result r)
{
    if (s->idle_death[0]) {
        sct_bounded_appendf(r.message, sizeof r.message, "%s[note: %s]",
                            r.message[0] ? " " : "", s->idle_death);
        s->idle_death[0] = '\0';
    }
    return r;
}

/* Common path of one request: make sure a worker runs, send, await, and
 * classify a dead or hung worker.  Returns true when s->w.reply is a DONE
 * reply to be interpreted by the caller; otherwise `*r` is final. */
static bool exchange(isolated *s, sct_exec_result *r)
{
    check_idle_worker(s);
    if (ensure_worker(s, r) != 0)
        return false;
    double t0 = sct_monotonic_seconds();
    double cpu0 = s->active & SCT_SB_CPULIMIT ? sct_worker_link_cpu(&s->w) : -1;
    if (sct_worker_link_send(&s->w) != 0) {
        sct_worker_describe_end(sct_worker_link_reap(&s->w), r, "before the call could be sent");
        return false;
    }
    sct_wait_outcome w = sct_worker_link_await_cpu(&s->w, s->timeout, t0, cpu0);
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

/* The op's attributes after the request's fixed part (wire_attributes.h,
 * docs/plugin-abi.md §2.1); false, `*r` saying why, when they cannot be
 * carried (refused here rather than sent cut). */
static bool put_attributes(isolated *s, const sonnx_op *op, sct_exec_result *r)
{
    char why[SCT_WIRE_MSG_CAP];
    if (sct_wire_attributes_encode(op, s->w.attr, sizeof s->w.attr, &s->w.req.n_attributes,
                                   &s->w.req.attr_bytes, why, sizeof why) == 0)
        return true;
    *r = sct_exec_result_make(SCT_EXEC_HARNESS_ERROR,
                              "%s: attributes that cannot be sent to the plugin process: %s",
                              op->op_type ? op->op_type : "(null op_type)", why);
    return false;
}

/* The request's head: kind, opset, names, attributes (the tensors are laid
 * out by the caller).  False, `*r` saying why, when one cannot be sent. */
static bool begin_request(isolated *s, uint32_t kind, const sonnx_op *op,
                          sct_exec_result *r)
{
    memset(&s->w.req, 0, offsetof(sct_wire_request, inputs));
    s->w.req.kind = kind;
    s->w.req.opset = op->opset;
    if (!copy_op_names(&s->w.req, op)) {
        *r = sct_exec_result_make(SCT_EXEC_HARNESS_ERROR,
                                  "op_type, domain or profile too long");
        return false;
    }
    return put_attributes(s, op, r);
}

static sct_exec_result iso_query_call(sct_backend *b, const sonnx_op *op,
                                 const int32_t *input_types, size_t n_inputs)
{
    isolated *s = b->impl;
    sct_exec_result q;
    if (sct_query_cache_get(&s->queries, op, input_types, n_inputs, &q))
        return q;
    sct_exec_result r = sct_exec_result_make(SCT_EXEC_HARNESS_ERROR, " ");
    memset(&s->w.req, 0, sizeof s->w.req);
    if (!begin_request(s, SCT_REQ_QUERY, op, &r))
        return r;
    s->w.req.n_inputs = (uint32_t)n_inputs;
    memcpy(s->w.req.input_types, input_types, n_inputs * sizeof *input_types);
    if (!exchange(s, &r))
        return r; /* crash, timeout: never cached */
    q = sct_exec_from_plugin_status(s->w.reply.status_raw, s->w.reply.message, "query");
    q.seconds = r.seconds;
    sct_query_cache_put(&s->queries, op, input_types, n_inputs, &q);
    return q;
}

/* The call laid out in s->w.req, its outputs staged: send, await, check the
 * fences and the reported metadata.  SCT_EXEC_OK when the outputs in the
 * arena are the plugin's result. */
static sct_exec_result call_laid_out(isolated *s, const sonnx_tensor *outputs,
                                     size_t n_outputs)
{
    sct_exec_result r = sct_exec_result_make(SCT_EXEC_HARNESS_ERROR, " ");
    s->w.req.arena_size = s->arena.size;
    s->w.req.input_arena_size = s->arena.in_size;
    if (!exchange(s, &r)) {
        if (r.status == SCT_EXEC_CRASH)
            sct_shared_arena_locate_fault(&s->w.req, s->page, &s->w.reply, &r);
        return r;
    }
    if (!sct_shared_arena_intact(&s->arena, &s->w.req, n_outputs, &r))
        return r;
    double seconds = r.seconds;
    r = sct_exec_from_plugin_status(s->w.reply.status_raw, s->w.reply.message, "run");
    r.seconds = seconds;
    if (r.status != SCT_EXEC_OK)
        return r;
    for (size_t k = 0; k < n_outputs; k++) {
        const sct_wire_output_meta *m = &s->w.reply.outputs[k];
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
    return r;
}

static sct_exec_result iso_run_call(sct_backend *b, const sonnx_op *op,
                               const sonnx_tensor *inputs, size_t n_inputs,
                               sonnx_tensor *outputs, size_t n_outputs)
{
    isolated *s = b->impl;
    sct_exec_result head;
    if (!begin_request(s, SCT_REQ_RUN, op, &head))
        return head;
    /* after the slots' regions, which stay as their holders left them */
    uint64_t in_need = 0;
    uint64_t need = sct_arena_layout(inputs, n_inputs, outputs, n_outputs, s->page,
                                     s->arena.in_slots, s->arena.out_slots, &s->w.req,
                                     &in_need);
    if (need == 0 || sct_shared_arena_reserve(&s->arena, need, in_need) != 0)
        return sct_exec_result_make(SCT_EXEC_HARNESS_ERROR,
                                    "cannot size the shared arena for %llu bytes: %s",
                                    (unsigned long long)need, strerror(errno));
    sct_shared_arena_stage(&s->arena, &s->w.req, inputs, n_inputs, n_outputs);
    sct_exec_result r = call_laid_out(s, outputs, n_outputs);
    if (r.status == SCT_EXEC_OK)
        sct_shared_arena_copy_out(&s->arena, &s->w.req, outputs, n_outputs);
    return r;
}

static int iso_slot_open(sct_backend *b, sct_backend_slot *slot, char *err, size_t err_cap)
{
    isolated *s = b->impl;
    if (sct_shared_arena_slot_open(&s->arena, s->page, slot) != 0) {
        snprintf(err, err_cap, "cannot size the shared arena for a slot: %s",
                 strerror(errno));
        return -1;
    }
    return 0;
}

static void iso_slot_close(sct_backend *b, sct_backend_slot *slot)
{
    isolated *s = b->impl;
    sct_shared_arena_slot_close(&s->arena, slot);
}

/* A slot's call: the inputs are in the input arena already (written by the
 * caller through the harness's mapping), the outputs are read in place. */
static sct_exec_result iso_run_slot_call(sct_backend *b, sct_backend_slot *slot,
                                         const sonnx_op *op, const sonnx_tensor *inputs,
                                         size_t n_inputs, sonnx_tensor *outputs,
                                         size_t n_outputs)
{
    isolated *s = b->impl;
    sct_exec_result head;
    if (!begin_request(s, SCT_REQ_RUN, op, &head))
        return head;
    sct_wire_request *q = &s->w.req;
    if (sct_shared_arena_lay_slot(slot, s->page, inputs, n_inputs, outputs, n_outputs, q) != 0)
        return sct_exec_result_make(SCT_EXEC_HARNESS_ERROR, "a tensor larger than its slot");
    sct_shared_arena_stage(&s->arena, q, NULL, n_inputs, n_outputs);
    sct_exec_result r = call_laid_out(s, outputs, n_outputs);
    if (r.status == SCT_EXEC_OK)
        for (size_t k = 0; k < n_outputs; k++)
            outputs[k].data = s->arena.base + q->outputs[k].data_off;
    return r;
}

static sct_exec_result iso_run_slot(sct_backend *b, sct_backend_slot *slot,
                                    const sonnx_op *op, const sonnx_tensor *inputs,
                                    size_t n_inputs, sonnx_tensor *outputs,
                                    size_t n_outputs)
{
    return with_idle_note(b->impl, iso_run_slot_call(b, slot, op, inputs, n_inputs,
                                                     outputs, n_outputs));
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

/* Frees what a planned backend holds (no worker running). */
static void free_isolated(isolated *s)
{
    sct_shared_arena_close(&s->arena);
    sct_sandbox_setup_free(&s->sb);
    free(s->options);
    free(s);
}

static void iso_close(sct_backend *b)
{
    isolated *s = b->impl;
    if (s->w.pid > 0) {
        memset(&s->w.req, 0, sizeof s->w.req);
        s->w.req.kind = SCT_REQ_SHUTDOWN;
        if (sct_worker_link_send(&s->w) == 0 &&
            sct_worker_link_await(&s->w, s->timeout) == SCT_GOT_REPLY)
            sct_worker_link_reap(&s->w);
        else
            sct_worker_link_kill(&s->w);
    }
    free_isolated(s);
}

static const sct_backend_ops isolated_ops = {iso_query, iso_run, iso_close, iso_slot_open,
                                             iso_run_slot, iso_slot_close};

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
    sct_worker_link_init(&s->w);
    s->w.scratch = s->sb.scratch;
    s->w.reads = &s->sb.reads;
    s->arena.fd = s->arena.in_fd = -1;
    if (sct_sandbox_setup_plan(&s->sb, s->path, s->load_path, s->options, s->timeout, opt,
                               err, err_cap) != 0) {
        free(s->options);
        free(s);
        return NULL;
    }
    s->w.cpu_limit = s->sb.cpu_limit;
    /* address space for each arena: the worker cannot map more anyway */
    if (!s->options || sct_shared_arena_open(&s->arena, s->sb.plan.memory_limit) != 0) {
        snprintf(err, err_cap, "%s: cannot create the shared arena: %s", path,
                 strerror(errno));
        free_isolated(s);
        return NULL;
    }
    if (spawn_worker(s, err, err_cap) != 0) {
        free_isolated(s);
        return NULL;
    }
    sct_sandbox_setup_describe(&s->sb, s->active, s->notes, s->isolation,
                               sizeof s->isolation);
    /* --sandbox auto: said in the report's identity, and said now */
    if (s->notes[0])
        fprintf(stderr, "sonnx-cts: warning: plugin sandbox: NOT SET UP: %s\n", s->notes);
    sct_backend *b = sct_backend_new(&isolated_ops, s, s->w.reply.vendor,
                                     s->w.reply.runtime_name, s->w.reply.runtime_version,
                                     path, s->w.reply.abi_major, s->w.reply.abi_minor,
                                     s->isolation);
    if (!b) {
        snprintf(err, err_cap, "%s: out of memory", path);
        isolated_ops.close(&(sct_backend){.impl = s});
        return NULL;
    }
    return b;
}
