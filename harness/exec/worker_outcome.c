/* worker_outcome.c — the worker's replies and ends as results (see
 * worker_outcome.h). */
#include "worker_outcome.h"

#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

#include "backend_impl.h"
#include "sct/exec/worker_sandbox.h"

void sct_worker_describe_end(int st, sct_exec_result *r, const char *when)
{
    r->status = SCT_EXEC_CRASH;
    if (WIFEXITED(st) && WEXITSTATUS(st) == SCT_WORKER_EXIT_LOST_SOCKET) {
        r->exit_code = WEXITSTATUS(st);
        snprintf(r->message, sizeof r->message,
                 "plugin process lost its connection to the harness %s (the plugin "
                 "closed or replaced the worker's socket; exit code %d)", when,
                 r->exit_code);
    } else if (WIFSIGNALED(st) && WTERMSIG(st) == SIGSYS) {
        /* the filter trapped a call while the plugin blocked SIGSYS: the
         * kernel killed the worker without running the fault handler */
        r->status = SCT_EXEC_SANDBOX;
        r->signal_number = SIGSYS;
        snprintf(r->message, sizeof r->message,
                 "a system call the sandbox forbids, with SIGSYS blocked by the "
                 "plugin; plugin process killed by signal %d (SIGSYS) %s", SIGSYS, when);
    } else if (WIFSIGNALED(st)) {
        r->signal_number = WTERMSIG(st);
        snprintf(r->message, sizeof r->message, "plugin process killed by signal %d (%s) %s",
                 r->signal_number, strsignal(r->signal_number), when);
    } else if (WIFEXITED(st)) {
        r->exit_code = WEXITSTATUS(st);
        snprintf(r->message, sizeof r->message, "plugin process exited with code %d %s",
                 r->exit_code, when);
    } else {
        snprintf(r->message, sizeof r->message, "plugin process ended %s", when);
    }
}

/* A message that may be cut at the result's capacity (a plugin path may be
 * as long as PATH_MAX): fine for a message.  Formatting through vsnprintf
 * says so to the compiler (no -Wformat-truncation at -O3). */
__attribute__((format(printf, 2, 3)))
static void say(sct_exec_result *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->message, sizeof r->message, fmt, ap);
    va_end(ap);
}

/* The worker's fate: it is reaped when it is ending by itself (it closed
 * its socket, reported a fault, or refused to open), killed when it hangs,
 * broke the sandbox or answered out of turn, and kept when it answered. */
static sct_worker_fate fate_of(const sct_worker_wait *w)
{
    const sct_wire_reply *p = w->reply;
    bool open = w->phase == SCT_PHASE_OPEN;
    if (w->phase == SCT_PHASE_IDLE)
        return SCT_WORKER_REAP;
    switch (w->wait) {
    case SCT_GOT_VIOLATION:
    case SCT_GOT_TIMEOUT:
        return SCT_WORKER_KILL;
    case SCT_GOT_EOF:
        return SCT_WORKER_REAP;
    case SCT_GOT_ERROR:
        return open ? SCT_WORKER_REAP : SCT_WORKER_KILL;
    case SCT_GOT_REPLY:
        break;
    }
    if (p->kind == (open ? SCT_REPLY_OPENED : SCT_REPLY_DONE))
        return SCT_WORKER_KEEP;
    if (p->kind == SCT_REPLY_FAULT)
        return SCT_WORKER_REAP;
    return open ? SCT_WORKER_REAP : SCT_WORKER_KILL;
}

/* A fault reported by the worker's signal handler.  A trapped system call
 * (SIGSYS) is the sandbox's verdict; so is SIGXFSZ during a call: the file
 * size limit is the memory limit (worker_sandbox.c). */
static void fault_result(const sct_worker_wait *w, sct_exec_result *r)
{
    const sct_wire_reply *p = w->reply;
    r->signal_number = p->signo;
    if (w->phase == SCT_PHASE_OPEN) {
        if (p->signo == SIGSYS) {
            char what[SCT_WIRE_MSG_CAP];
            sct_sandbox_describe_syscall(p->syscall_nr, p->syscall_args, what, sizeof what);
            r->status = SCT_EXEC_SANDBOX;
            say(r, "%s: sandbox violation while loading or in init: %s", w->path, what);
        } else {
            r->status = SCT_EXEC_CRASH;
            say(r, "%s: crashed while loading or in init: signal %d (%s)", w->path,
                p->signo, strsignal(p->signo));
        }
        return;
    }
    if (p->signo == SIGSYS) {
        r->status = SCT_EXEC_SANDBOX;
        sct_sandbox_describe_syscall(p->syscall_nr, p->syscall_args, r->message,
                                     sizeof r->message);
    } else if (p->signo == SIGXFSZ) {
        r->status = SCT_EXEC_SANDBOX;
        snprintf(r->message, sizeof r->message,
                 "wrote a file beyond the file size limit (the memory limit, "
                 "%llu bytes; SIGXFSZ)", (unsigned long long)w->memory_limit);
    } else {
        r->status = SCT_EXEC_CRASH;
        snprintf(r->message, sizeof r->message,
                 "plugin crashed with signal %d (%s), si_code %d, address 0x%llx",
                 p->signo, strsignal(p->signo), p->si_code,
                 (unsigned long long)p->fault_addr);
    }
}

static sct_exec_result open_result(const sct_worker_wait *w, int end_status)
{
    sct_exec_result r = sct_exec_result_make(SCT_EXEC_HARNESS_ERROR, " ");
    r.seconds = w->elapsed;
    if (w->wait == SCT_GOT_VIOLATION) {
        r.status = SCT_EXEC_SANDBOX;
        say(&r, "%s: while loading or in init: %s", w->path, w->violation);
    } else if (w->wait == SCT_GOT_TIMEOUT) {
        r.status = SCT_EXEC_TIMEOUT;
        say(&r, "%s: loading or init did not finish within %.3g s", w->path, w->timeout);
    } else if (w->wait == SCT_GOT_REPLY && w->reply->kind == SCT_REPLY_OPENED) {
        r.status = SCT_EXEC_OK;
    } else if (w->wait == SCT_GOT_REPLY && (w->reply->kind == SCT_REPLY_OPEN_FAILED ||
                                           w->reply->kind == SCT_REPLY_WORKER_FAILED)) {
        /* the loader's own text, which names the file already */
        r.status = SCT_EXEC_HARNESS_ERROR;
        snprintf(r.message, sizeof r.message, "%s", w->reply->message);
    } else if (w->wait == SCT_GOT_REPLY && w->reply->kind == SCT_REPLY_FAULT) {
        fault_result(w, &r);
    } else {
        sct_exec_result how = sct_exec_result_make(SCT_EXEC_CRASH, " ");
        sct_worker_describe_end(end_status, &how, "while loading or in init");
        r = how;
        r.seconds = w->elapsed;
        say(&r, "%s: %s", w->path, how.message);
    }
    return r;
}

static sct_exec_result call_result(const sct_worker_wait *w, int end_status)
{
    sct_exec_result r = sct_exec_result_make(SCT_EXEC_HARNESS_ERROR, " ");
    r.seconds = w->elapsed;
    switch (w->wait) {
    case SCT_GOT_VIOLATION:
        r.status = SCT_EXEC_SANDBOX;
        snprintf(r.message, sizeof r.message, "%s", w->violation);
        return r;
    case SCT_GOT_TIMEOUT:
        r.status = SCT_EXEC_TIMEOUT;
        snprintf(r.message, sizeof r.message,
                 "no answer within the timeout of %.3g s; plugin process killed",
                 w->timeout);
        return r;
    case SCT_GOT_EOF:
        sct_worker_describe_end(end_status, &r, "during the call");
        return r;
    case SCT_GOT_ERROR:
        r.status = SCT_EXEC_HARNESS_ERROR;
        snprintf(r.message, sizeof r.message,
                 "malformed reply from the plugin process (%s); process killed",
                 strerror(w->wait_errno));
        return r;
    case SCT_GOT_REPLY:
        break;
    }
    if (w->reply->kind == SCT_REPLY_FAULT) {
        fault_result(w, &r);
    } else if (w->reply->kind != SCT_REPLY_DONE) {
        r.status = SCT_EXEC_HARNESS_ERROR;
        snprintf(r.message, sizeof r.message, "%s", w->reply->message);
    } else {
        r.status = SCT_EXEC_OK;
        r.seconds = w->reply->seconds;
    }
    return r;
}

/* Between calls the worker is asked nothing: a fault report or EOF on its
 * socket means it died after the previous call returned (a vendor thread,
 * an atexit handler...), which must not be blamed on the next case. */
static sct_exec_result idle_result(const sct_worker_wait *w, int end_status)
{
    sct_exec_result r = sct_exec_result_make(SCT_EXEC_CRASH, " ");
    if (w->wait == SCT_GOT_REPLY && w->reply->kind == SCT_REPLY_FAULT) {
        r.signal_number = w->reply->signo;
        snprintf(r.message, sizeof r.message,
                 "plugin process crashed with signal %d (%s) between calls, "
                 "after the previous call had returned", w->reply->signo,
                 strsignal(w->reply->signo));
    } else {
        sct_worker_describe_end(end_status, &r, "between calls");
    }
    r.seconds = w->elapsed;
    return r;
}

sct_exec_result sct_worker_outcome(const sct_worker_wait *w, sct_worker_end_fn end,
                                   void *worker)
{
    sct_worker_fate fate = fate_of(w);
    int end_status = fate == SCT_WORKER_KEEP ? 0 : end(worker, fate);
    switch (w->phase) {
    case SCT_PHASE_OPEN:
        return open_result(w, end_status);
    case SCT_PHASE_IDLE:
        return idle_result(w, end_status);
    case SCT_PHASE_CALL:
        break;
    }
    return call_result(w, end_status);
}
