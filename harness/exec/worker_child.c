/*
 * worker_child.c — the isolated worker: the only process that runs vendor
 * code.  It loads the plugin (dlopen runs the vendor's constructors, so even
 * that happens here, never in the harness), calls init, then serves query
 * and run requests from the parent one at a time until told to shut down or
 * the parent goes away.  It confines itself first (worker_confine.c).
 */
#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#include "backend_kinds.h"
#include "plugin_loader.h"
#include "wire_attributes.h"
#include "worker_confine.h"
#include "worker_protocol.h"

/* One request as it arrives: the fixed part, then the op's attributes
 * (wire_attributes.h), contiguous and 8-byte aligned. */
typedef struct request_msg {
    sct_wire_request q;
    uint64_t attr[SCT_WIRE_ATTR_CAP / sizeof(uint64_t)];
} request_msg;
_Static_assert(offsetof(request_msg, attr) == sizeof(sct_wire_request),
               "the attributes follow the fixed part with no gap");

/* The output regions now writable: this call's, and with zero-copy slots
 * those of the other open slots. */
#define WRITABLE_MAX 16
typedef struct writable_set {
    uint32_t n;
    uint64_t off[WRITABLE_MAX], len[WRITABLE_MAX];
} writable_set;

typedef struct worker {
    int sock;
    int arena_fd, input_fd;
    uint64_t arena_limit; /* the memory limit when sandboxed, else UINT64_MAX */
    unsigned char *arena, *inputs; /* output and input arena mappings */
    uint64_t arena_size, input_size;
    writable_set writable; /* output regions now writable */
    uint64_t page;
    sonnx_plugin_entry e;
} worker;

static void send_reply(const worker *w, const sct_wire_reply *r)
{
    ssize_t n;
    do
        n = send(w->sock, r, sizeof *r, MSG_NOSIGNAL);
    while (n < 0 && errno == EINTR);
    if (n != (ssize_t)sizeof *r)
        _exit(SCT_WORKER_EXIT_LOST_SOCKET); /* parent gone, or the socket was
                                             * taken from us: nothing to serve */
}

static void reply_worker_failed(const worker *w, const char *what)
{
    static sct_wire_reply r;
    memset(&r, 0, sizeof r);
    r.kind = SCT_REPLY_WORKER_FAILED;
    snprintf(r.message, sizeof r.message, "isolated worker: %s: %s", what,
             strerror(errno));
    send_reply(w, &r);
}

/* (Re)maps one arena of `size` bytes with no access. */
static int map_one(int fd, unsigned char **at, uint64_t *have, uint64_t size)
{
    if (*at && *have == size)
        return 0;
    if (*at)
        munmap(*at, *have);
    *at = NULL;
    *have = 0;
    if (size == 0)
        return 0;
    void *p = mmap(NULL, size, PROT_NONE, MAP_SHARED, fd, 0);
    if (p == MAP_FAILED)
        return -1;
    *at = p;
    *have = size;
    return 0;
}

/* Maps both arenas (again, if the parent grew one) with no access; the
 * per-call protections are set by protect_for_call.  The input arena is
 * sealed against writing (shared_arena.c): this mapping cannot be made
 * writable, by the worker or the plugin. */
static int map_arena(worker *w, uint64_t size, uint64_t input_size)
{
    if (w->arena && w->arena_size == size && w->inputs && w->input_size == input_size)
        return 0;
    if (size > w->arena_limit || input_size > w->arena_limit - size) {
        errno = E2BIG; /* would also trap in the sandbox's seccomp filter */
        return -1;
    }
    if (map_one(w->arena_fd, &w->arena, &w->arena_size, size) != 0 ||
        map_one(w->input_fd, &w->inputs, &w->input_size, input_size) != 0)
        return -1;
    memset(&w->writable, 0, sizeof w->writable); /* fresh mappings: all PROT_NONE */
    sct_fault_reporter_set_arena(w->arena, w->inputs);
    return 0;
}

static int region_ok(uint64_t size, const sct_wire_tensor *t)
{
    return t->region_off <= size && t->region_len <= size - t->region_off &&
           t->data_off >= t->region_off &&
           t->nbytes <= t->region_off + t->region_len - t->data_off;
}

/* Makes writable region i of the set PROT_NONE again and drops it. */
static int revoke_writable(worker *w, uint32_t i)
{
    writable_set *ws = &w->writable;
    if (mprotect(w->arena + ws->off[i], ws->len[i], PROT_NONE) != 0)
        return -1;
    ws->n--;
    ws->off[i] = ws->off[ws->n];
    ws->len[i] = ws->len[ws->n];
    return 0;
}

/* Is writable region i one of call q's outputs? */
static bool is_output(const worker *w, uint32_t i, const sct_wire_request *q)
{
    for (uint32_t k = 0; k < q->n_outputs; k++)
        if (q->outputs[k].region_len && w->writable.off[i] == q->outputs[k].region_off &&
            w->writable.len[i] == q->outputs[k].region_len)
            return true;
    return false;
}

/* Does writable region i stay writable for call q?  It does when it is one
 * of q's outputs; and, in a slot's call, when it is another open slot's
 * output that overlaps neither one of q's outputs nor the page after one
 * (a shorter batch in the same slot keeps its guard page). */
static bool keeps(const worker *w, uint32_t i, const sct_wire_request *q)
{
    if (is_output(w, i, q))
        return true;
    const writable_set *ws = &w->writable;
    for (uint32_t k = 0; k < q->n_outputs; k++) {
        const sct_wire_tensor *t = &q->outputs[k];
        if (t->region_len && ws->off[i] < t->region_off + t->region_len + w->page &&
            t->region_off < ws->off[i] + ws->len[i])
            return false;
    }
    return q->slot_call != 0;
}

/* Inputs readable with an inaccessible page after each; outputs writable,
 * the rest of the output arena (its guard pages, other calls' outputs)
 * PROT_NONE.  What costs is changing the protection of pages that are
 * mapped (the kernel rewrites each page table entry), so only what must
 * change is changed:
 * - input pages, once readable, stay readable (they can never be written:
 *   the input arena is sealed; what they hold are inputs, never an
 *   expected value); only the page after each input of this call is made
 *   inaccessible again — mprotect of a range that already has the
 *   protection asked changes nothing;
 * - outputs of earlier calls become PROT_NONE again, except, in a sweep's
 *   zero-copy calls, the outputs of its other open slots: one per sweep
 *   thread, used in turn, so revoking them would rewrite every slot's
 *   page tables on every call.  Each keeps its guard page.
 * These protections catch a plugin's mistakes; they are set inside the
 * process the plugin runs in, so they cannot hold against a plugin that
 * changes them itself: what holds then is the input arena's seal and the
 * checks the harness makes after the call (docs/plugin-abi.md §5). */
static int protect_for_call(worker *w, const sct_wire_request *q)
{
    for (uint32_t i = 0; i < q->n_inputs; i++) {
        const sct_wire_tensor *t = &q->inputs[i];
        if (t->region_len == 0)
            continue;
        uint64_t guard = t->region_off + t->region_len;
        if (mprotect(w->inputs + t->region_off, t->region_len, PROT_READ) != 0 ||
            (guard + w->page <= w->input_size &&
             mprotect(w->inputs + guard, w->page, PROT_NONE) != 0))
            return -1;
    }
    writable_set *ws = &w->writable;
    for (uint32_t i = 0; i < ws->n;)
        if (keeps(w, i, q))
            i++;
        else if (revoke_writable(w, i) != 0)
            return -1;
    for (uint32_t k = 0; k < q->n_outputs; k++) {
        const sct_wire_tensor *t = &q->outputs[k];
        bool have = t->region_len == 0;
        for (uint32_t i = 0; !have && i < ws->n; i++)
            have = ws->off[i] == t->region_off && ws->len[i] == t->region_len;
        if (have)
            continue;
        /* full (more open slots than kept): all but this call's outputs go
         * back to PROT_NONE */
        for (uint32_t i = 0; ws->n == WRITABLE_MAX && i < ws->n;)
            if (is_output(w, i, q))
                i++;
            else if (revoke_writable(w, i) != 0)
                return -1;
        if (mprotect(w->arena + t->region_off, t->region_len, PROT_READ | PROT_WRITE) != 0)
            return -1;
        ws->off[ws->n] = t->region_off;
        ws->len[ws->n++] = t->region_len;
    }
    return 0;
}

static void to_tensor(sonnx_tensor *t, const sct_wire_tensor *wt, unsigned char *base)
{
    memset(t, 0, sizeof *t);
    t->elem_type = wt->elem_type;
    t->rank = wt->rank;
    memcpy(t->dims, wt->dims, sizeof t->dims);
    t->data = base + wt->data_off;
    t->nbytes = wt->nbytes;
}

/* `attrs`: the request's q->n_attributes attributes, decoded and checked
 * (take_attributes).  ABI 1.1: n_attributes/attributes are always filled,
 * 0 and NULL for an op without attributes, as in-process. */
static void fill_op(sonnx_op *op, sct_wire_request *q, const sonnx_attribute *attrs)
{
    q->op_type[sizeof q->op_type - 1] = '\0';
    q->domain[sizeof q->domain - 1] = '\0';
    q->profile[sizeof q->profile - 1] = '\0';
    memset(op, 0, sizeof *op);
    op->op_type = q->op_type;
    op->domain = q->domain;
    op->opset = q->opset;
    op->profile = q->profile;
    op->n_attributes = q->n_attributes;
    op->attributes = q->n_attributes ? attrs : NULL;
}

static void serve_query(worker *w, sct_wire_request *q, const sonnx_attribute *attrs)
{
    static sct_wire_reply r;
    memset(&r, 0, sizeof r);
    sonnx_op op;
    fill_op(&op, q, attrs);
    char msg[SCT_WIRE_MSG_CAP];
    memset(msg, 0, sizeof msg);
    uint32_t n = q->n_inputs <= SCT_EXEC_MAX_TENSORS ? q->n_inputs : 0;
    double t0 = sct_monotonic_seconds();
    r.status_raw = (int32_t)w->e.query(&op, q->input_types, n, msg, sizeof msg);
    r.seconds = sct_monotonic_seconds() - t0;
    memcpy(r.message, msg, sizeof msg);
    r.message[sizeof r.message - 1] = '\0';
    r.kind = SCT_REPLY_DONE;
    send_reply(w, &r);
}

static void serve_run(worker *w, sct_wire_request *q, const sonnx_attribute *attrs)
{
    static sct_wire_reply r;
    memset(&r, 0, sizeof r);
    if (q->n_inputs > SCT_EXEC_MAX_TENSORS || q->n_outputs > SCT_EXEC_MAX_TENSORS) {
        errno = EINVAL;
        reply_worker_failed(w, "bad tensor count in request");
        return;
    }
    if (map_arena(w, q->arena_size, q->input_arena_size) != 0) {
        reply_worker_failed(w, errno == E2BIG ? "the shared arena of this case is "
                            "larger than the memory limit (--memory-limit)"
                                              : "mmap of the shared arena failed");
        return;
    }
    for (uint32_t i = 0; i < q->n_inputs + q->n_outputs; i++) {
        const sct_wire_tensor *t = i < q->n_inputs ? &q->inputs[i]
                                                   : &q->outputs[i - q->n_inputs];
        if (!region_ok(i < q->n_inputs ? w->input_size : w->arena_size, t)) {
            errno = EINVAL;
            reply_worker_failed(w, "tensor outside the arena in request");
            return;
        }
    }
    if (protect_for_call(w, q) != 0) {
        reply_worker_failed(w, "mprotect of the shared arena failed");
        return;
    }
    sonnx_op op;
    fill_op(&op, q, attrs);
    sonnx_tensor in[SCT_EXEC_MAX_TENSORS], out[SCT_EXEC_MAX_TENSORS];
    for (uint32_t i = 0; i < q->n_inputs; i++)
        to_tensor(&in[i], &q->inputs[i], w->inputs);
    for (uint32_t k = 0; k < q->n_outputs; k++)
        to_tensor(&out[k], &q->outputs[k], w->arena);
    char msg[SCT_WIRE_MSG_CAP];
    memset(msg, 0, sizeof msg);

    double t0 = sct_monotonic_seconds();
    r.status_raw = (int32_t)w->e.run(&op, in, q->n_inputs, out, q->n_outputs,
                                     msg, sizeof msg);
    r.seconds = sct_monotonic_seconds() - t0;

    r.kind = SCT_REPLY_DONE;
    memcpy(r.message, msg, sizeof msg);
    r.message[sizeof r.message - 1] = '\0';
    r.n_outputs = q->n_outputs;
    for (uint32_t k = 0; k < q->n_outputs; k++) {
        r.outputs[k].elem_type = out[k].elem_type;
        r.outputs[k].rank = out[k].rank;
        memcpy(r.outputs[k].dims, out[k].dims, sizeof out[k].dims);
        r.outputs[k].buffer_kept = out[k].data == w->arena + q->outputs[k].data_off &&
                                   out[k].nbytes == q->outputs[k].nbytes;
    }
    send_reply(w, &r);
}

/* A request refused before the plugin is called: the reason, no errno. */
static void reply_refused(const worker *w, const char *why)
{
    static sct_wire_reply r;
    memset(&r, 0, sizeof r);
    r.kind = SCT_REPLY_WORKER_FAILED;
    snprintf(r.message, sizeof r.message, "isolated worker: request refused: %s", why);
    send_reply(w, &r);
}

/* Decodes the attributes of a request whose payload is `received` bytes
 * into `attrs`; false (the request refused) when they are malformed, or
 * when the plugin declares ABI 1.0, which never receives attributes (the
 * harness declines such a case itself: docs/plugin-abi.md §2.1). */
static bool take_attributes(const worker *w, const request_msg *m, size_t received,
                            sonnx_attribute attrs[SCT_WIRE_MAX_ATTRIBUTES])
{
    char why[SCT_WIRE_MSG_CAP / 2]; /* fits the reply after its prefix */
    if (sct_wire_attributes_decode(m->attr, received, m->q.n_attributes, m->q.attr_bytes,
                                   attrs, why, sizeof why) != 0) {
        reply_refused(w, why);
        return false;
    }
    if (m->q.n_attributes != 0 && w->e.abi_minor < SONNX_PLUGIN_ABI_MINOR_1_1) {
        snprintf(why, sizeof why, "%u attribute%s for a plugin of ABI %u.%u, which cannot "
                 "receive them", (unsigned)m->q.n_attributes,
                 m->q.n_attributes == 1 ? "" : "s", (unsigned)w->e.abi_major,
                 (unsigned)w->e.abi_minor);
        reply_refused(w, why);
        return false;
    }
    return true;
}

static void serve(worker *w)
{
    static request_msg m;
    static sonnx_attribute attrs[SCT_WIRE_MAX_ATTRIBUTES];
    sct_wire_request *q = &m.q;
    for (;;) {
        struct iovec iov = {&m, sizeof m};
        struct msghdr h;
        memset(&h, 0, sizeof h);
        h.msg_iov = &iov;
        h.msg_iovlen = 1;
        ssize_t n = recvmsg(w->sock, &h, 0);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break; /* parent closed the socket (or died): done */
        if (n < (ssize_t)sizeof *q || (h.msg_flags & MSG_TRUNC)) {
            errno = EPROTO;
            reply_worker_failed(w, "truncated or oversize request");
            continue;
        }
        size_t received = (size_t)n - sizeof *q;
        if (q->kind == SCT_REQ_QUERY) {
            if (take_attributes(w, &m, received, attrs))
                serve_query(w, q, attrs);
        } else if (q->kind == SCT_REQ_RUN) {
            if (take_attributes(w, &m, received, attrs))
                serve_run(w, q, attrs);
        } else if (q->kind == SCT_REQ_SHUTDOWN) {
            if (w->e.shutdown)
                w->e.shutdown();
            static sct_wire_reply r;
            memset(&r, 0, sizeof r);
            r.kind = SCT_REPLY_DONE;
            send_reply(w, &r);
            break;
        }
    }
}

_Noreturn void sct_worker_main(int sock, int arena_fd, int input_fd, const char *path,
                               const char *options, const sct_sandbox_plan *plan)
{
    sct_worker_close_inherited_fds(sock, arena_fd, input_fd);
    /* The worker must not outlive the harness (e.g. a killed CLI). */
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    /* Vendor chatter on stdout must not mix into a report printed there. */
    dup2(STDERR_FILENO, STDOUT_FILENO);
    signal(SIGPIPE, SIG_IGN);

    static worker w;
    w.sock = sock;
    w.arena_fd = arena_fd;
    w.input_fd = input_fd;
    w.page = (uint64_t)sysconf(_SC_PAGESIZE);
    w.arena_limit = UINT64_MAX;
    static sct_wire_reply r;
    memset(&r, 0, sizeof r);
    /* the handlers first: the sandbox's filter forbids installing a SIGSYS
     * handler afterwards */
    if (sct_fault_reporter_install(sock) != 0) {
        reply_worker_failed(&w, "installing the fault handlers failed");
        _exit(1);
    }
    if (sct_worker_enter_sandbox(sock, arena_fd, input_fd, plan, &w.arena_limit) != 0) {
        reply_worker_failed(&w, "entering the scratch directory failed");
        _exit(1);
    }
    void *handle = NULL;
    char err[SCT_WIRE_MSG_CAP];
    if (sct_plugin_load(path, &handle, &w.e, err, sizeof err) != 0 ||
        sct_plugin_init(&w.e, path, options, err, sizeof err) != 0) {
        r.kind = SCT_REPLY_OPEN_FAILED;
        snprintf(r.message, sizeof r.message, "%s", err);
        send_reply(&w, &r);
        _exit(0);
    }
    r.kind = SCT_REPLY_OPENED;
    r.abi_major = w.e.abi_major;
    r.abi_minor = w.e.abi_minor;
    snprintf(r.vendor, sizeof r.vendor, "%s", w.e.vendor);
    snprintf(r.runtime_name, sizeof r.runtime_name, "%s", w.e.runtime_name);
    snprintf(r.runtime_version, sizeof r.runtime_version, "%s", w.e.runtime_version);
    send_reply(&w, &r);
    serve(&w);
    /* No dlclose: vendor destructors would run for nothing, and exiting with
     * _exit skips atexit handlers the vendor registered in this process. */
    _exit(0);
}
