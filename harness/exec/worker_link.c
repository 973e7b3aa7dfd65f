/* worker_link.c — the harness's hold on one worker process (see
 * worker_link.h). */
#include "worker_link.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "sct/exec/monotonic_clock.h"

void sct_worker_link_init(sct_worker_link *l)
{
    l->pid = -1;
    l->worker_pid = -1;
    l->keeper = false;
    l->sock = -1;
    l->notify_fd = -1;
}

void sct_worker_link_attach(sct_worker_link *l, pid_t pid, int sock)
{
    l->pid = pid;
    l->worker_pid = pid;
    l->sock = sock;
}

/* Closes the worker's side channels (the descriptors, not the process). */
static void forget_worker(sct_worker_link *l)
{
    l->pid = -1;
    l->worker_pid = -1;
    l->keeper = false;
    if (l->sock >= 0)
        close(l->sock);
    l->sock = -1;
    if (l->notify_fd >= 0)
        close(l->notify_fd);
    l->notify_fd = -1;
}

/* Ends the worker now.  With a keeper: SIGTERM to it, it SIGKILLs the
 * worker (init of the namespace) and exits once the kernel has removed
 * every process of the namespace, so a reaped keeper means nothing the
 * plugin started is left; SIGKILL after a grace second in any case. */
static int stop_worker(sct_worker_link *l)
{
    int st = 0;
    kill(l->pid, l->keeper ? SIGTERM : SIGKILL);
    for (int i = 0; l->keeper && i < 1000; i++) {
        pid_t p = waitpid(l->pid, &st, WNOHANG);
        if (p == l->pid || (p < 0 && errno != EINTR))
            return st;
        struct timespec ts = {0, 1000000};
        nanosleep(&ts, NULL);
    }
    kill(l->pid, SIGKILL);
    while (waitpid(l->pid, &st, 0) < 0 && errno == EINTR)
        ;
    return st;
}

/* Reaps the worker after it closed its socket or reported a fault: it
 * should be exiting; give it a moment, then make sure with SIGKILL. */
int sct_worker_link_reap(sct_worker_link *l)
{
    int st = 0;
    for (int i = 0; i < 1000; i++) {
        pid_t p = waitpid(l->pid, &st, WNOHANG);
        if (p == l->pid)
            goto done;
        if (p < 0 && errno != EINTR)
            goto done;
        struct timespec ts = {0, 1000000};
        nanosleep(&ts, NULL);
    }
    st = stop_worker(l);
done:
    forget_worker(l);
    return st;
}

void sct_worker_link_kill(sct_worker_link *l)
{
    if (l->pid <= 0)
        return;
    stop_worker(l);
    forget_worker(l);
}

/* CPU seconds the worker has used, or -1 when its clock cannot be read. */
double sct_worker_link_cpu(const sct_worker_link *l)
{
    clockid_t c;
    struct timespec ts;
    if (l->worker_pid <= 0 || clock_getcpuclockid(l->worker_pid, &c) != 0 ||
        clock_gettime(c, &ts) != 0)
        return -1;
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Receives one message; a descriptor attached to it (the write watch's)
 * is kept when `l->notify_fd` is free, else closed. */
static ssize_t receive(sct_worker_link *l)
{
    struct iovec iov = {&l->reply, sizeof l->reply};
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
    ssize_t got = recvmsg(l->sock, &m, MSG_DONTWAIT | MSG_CMSG_CLOEXEC);
    for (struct cmsghdr *c = got >= 0 ? CMSG_FIRSTHDR(&m) : NULL; c != NULL;
         c = CMSG_NXTHDR(&m, c)) {
        if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS)
            continue;
        size_t nfd = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
        for (size_t i = 0; i < nfd; i++) {
            int fd;
            memcpy(&fd, CMSG_DATA(c) + i * sizeof(int), sizeof fd);
            bool keep = got == (ssize_t)sizeof l->reply &&
                        l->reply.kind == SCT_REPLY_SANDBOX && l->notify_fd < 0;
            if (keep)
                l->notify_fd = fd;
            else
                close(fd);
        }
    }
    return got;
}

/* Waits for the next reply, answering the write watch meanwhile and
 * holding the worker to its CPU time per call.  `t0` is the monotonic
 * time the call began and `cpu0` the worker's CPU clock read just after
 * it (< 0: not measured).  SCT_GOT_VIOLATION: l->violation says what.
 *
 * One verdict per behaviour, whatever the timing: the CPU clock is read
 * before the wall clock and the wall deadline is judged first, so the CPU
 * a single thread has used is never more than the wall time judged with
 * it.  A call that spins in one thread therefore ends as SCT_GOT_TIMEOUT on
 * every run; SCT_GOT_VIOLATION (CPU) needs more CPU time than the limit
 * before the deadline, i.e. several threads or a limit below the timeout
 * (the default limit is above it: plan_sandbox). */
sct_wait_outcome sct_worker_link_await_cpu(sct_worker_link *l, double timeout, double t0,
                                           double cpu0)
{
    static long ncpu;
    if (ncpu <= 0)
        ncpu = sysconf(_SC_NPROCESSORS_ONLN) > 0 ? sysconf(_SC_NPROCESSORS_ONLN) : 1;
    for (;;) {
        double used = cpu0 >= 0 ? sct_worker_link_cpu(l) - cpu0 : 0;
        double left = t0 + timeout - sct_monotonic_seconds();
        if (left <= 0)
            return SCT_GOT_TIMEOUT;
        double wait = left;
        if (cpu0 >= 0) {
            if (used > l->cpu_limit) {
                snprintf(l->violation, sizeof l->violation,
                         "used %.2f s of CPU time in one call, beyond the CPU limit of "
                         "%.3g s (--cpu-limit); plugin process killed", used, l->cpu_limit);
                return SCT_GOT_VIOLATION;
            }
            /* the earliest moment the limit can be passed, all CPUs busy */
            double soonest = (l->cpu_limit - used) / (double)ncpu + 0.002;
            if (soonest < wait)
                wait = soonest;
        }
        struct pollfd pfd[2] = {{l->sock, POLLIN, 0}, {l->notify_fd, POLLIN, 0}};
        int ms = wait > 1e6 ? 1000000000 : (int)(wait * 1000.0) + 1;
        int n = poll(pfd, l->notify_fd >= 0 ? 2 : 1, ms);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return SCT_GOT_ERROR;
        if (n == 0)
            continue; /* re-check the deadline and the CPU clock */
        if (l->notify_fd >= 0 && (pfd[1].revents & POLLIN)) {
            sct_sandbox_watch watch = {l->scratch, l->read_watch ? l->reads : NULL,
                                       l->reads, l->worker_pid};
            int v = sct_sandbox_notify_handle(l->notify_fd, &watch, l->violation,
                                              sizeof l->violation);
            if (v == 1)
                return SCT_GOT_VIOLATION;
            if (v < 0 && !(pfd[0].revents & POLLIN))
                continue;
        }
        if (!(pfd[0].revents & (POLLIN | POLLHUP | POLLERR)))
            continue;
        ssize_t got = receive(l);
        if (got < 0 && (errno == EINTR || errno == EAGAIN))
            continue;
        if (got == 0 || (got < 0 && errno == ECONNRESET))
            return SCT_GOT_EOF;
        if (got != (ssize_t)sizeof l->reply)
            return SCT_GOT_ERROR;
        if (l->reply.kind == SCT_REPLY_KEEPER) {
            l->worker_pid = l->reply.worker_pid;
            l->keeper = true;
            continue;
        }
        l->reply.message[sizeof l->reply.message - 1] = '\0';
        return SCT_GOT_REPLY;
    }
}

sct_wait_outcome sct_worker_link_await(sct_worker_link *l, double timeout)
{
    return sct_worker_link_await_cpu(l, timeout, sct_monotonic_seconds(), -1);
}

int sct_worker_link_send(sct_worker_link *l)
{
    if (l->req.attr_bytes > sizeof l->attr) {
        errno = EMSGSIZE;
        return -1;
    }
    struct iovec iov[2] = {{&l->req, sizeof l->req}, {l->attr, l->req.attr_bytes}};
    struct msghdr m;
    memset(&m, 0, sizeof m);
    m.msg_iov = iov;
    m.msg_iovlen = l->req.attr_bytes ? 2 : 1;
    size_t want = sizeof l->req + l->req.attr_bytes;
    ssize_t n;
    do
        n = sendmsg(l->sock, &m, MSG_NOSIGNAL);
    while (n < 0 && errno == EINTR);
    return n == (ssize_t)want ? 0 : -1;
}

int sct_worker_link_end(void *link, sct_worker_fate fate)
{
    sct_worker_link *l = link;
    if (fate == SCT_WORKER_REAP)
        return sct_worker_link_reap(l);
    sct_worker_link_kill(l);
    return 0;
}
