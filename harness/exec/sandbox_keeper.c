/*
 * sandbox_keeper.c — the worker as init of its own PID namespace.
 *
 * Why a namespace: when init of a PID namespace ends, the kernel kills every
 * other process in it and its exit is reaped only after they are all gone
 * (pid_namespaces(7)); so no process the plugin started — even one that
 * called setsid() and was re-parented — outlives the worker, and kill(-1) or
 * a PID read from /proc names nothing outside.  The network namespace has no
 * interface but a down loopback.
 *
 * How: the freshly forked child unshare()s the namespaces (a user namespace
 * first when not root, so that this works unprivileged) and forks again: the
 * grandchild is the worker, pid 1 of the new namespace.  The child stays as
 * a small *keeper* outside the namespace (the plugin cannot name it): it
 * waits for the worker and ends with the worker's status, so the harness's
 * waitpid() sees the worker's fate and returns only once the whole namespace
 * is empty.  The harness stops a worker by SIGTERM to the keeper, which
 * SIGKILLs the worker and waits.  Both have PR_SET_PDEATHSIG(SIGKILL): the
 * keeper is single-threaded, so the known limit (the signal follows the
 * death of the forking THREAD, not process) does not apply to it, and the
 * harness forks workers from its main thread.
 */
#include <errno.h>
#include <sched.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "worker_protocol.h"

static volatile pid_t g_worker = -1;

static void keeper_stop(int signo)
{
    (void)signo;
    if (g_worker > 0)
        kill(g_worker, SIGKILL);
}

/* The keeper: waits for the worker (init of the namespace) and mirrors how
 * it ended.  Never returns. */
static _Noreturn void keeper(int sock, pid_t worker)
{
    g_worker = worker;
    /* SIGTERM handler first: the harness sends SIGTERM only once it has the
     * KEEPER message below */
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = keeper_stop;
    sigaction(SIGTERM, &sa, NULL);
    static sct_wire_reply r; /* static: large */
    r.kind = SCT_REPLY_KEEPER;
    r.worker_pid = (int32_t)worker;
    ssize_t n;
    do
        n = send(sock, &r, sizeof r, MSG_NOSIGNAL);
    while (n < 0 && errno == EINTR);
    /* nothing the keeper holds may keep the harness's socket or arena open */
    close_range(3, ~0u, 0);
    int st = 0;
    while (waitpid(worker, &st, 0) < 0)
        if (errno != EINTR)
            _exit(127);
    if (WIFEXITED(st))
        _exit(WEXITSTATUS(st));
    int sig = WTERMSIG(st);
    signal(sig, SIG_DFL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, sig);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    prctl(PR_SET_DUMPABLE, 0); /* no core file of the keeper */
    raise(sig);
    _exit(128 + sig);
}

static int try_unshare(int flags)
{
    return unshare(flags) == 0 ? 0 : errno;
}

int sct_sandbox_enter_namespaces(int sock, unsigned omit, unsigned *active,
                                 char *notes, size_t cap)
{
    *active = 0;
    int want = 0;
    if (!(omit & SCT_SB_PIDNS))
        want |= CLONE_NEWPID;
    if (!(omit & SCT_SB_NETNS))
        want |= CLONE_NEWNET;
    if (want == 0)
        return 0;
    /* Root (or CAP_SYS_ADMIN) needs no user namespace; otherwise, or in a
     * container that withholds the capability, the user namespace grants
     * it inside (user_namespaces(7)); uid/gid stay unmapped (overflow ids:
     * the kernel still checks file access with the real ids). */
    int e = geteuid() == 0 ? try_unshare(want) : EPERM;
    if (e != 0) {
        int e2 = try_unshare(want | CLONE_NEWUSER);
        if (e2 == 0) {
            *active |= SCT_SB_USERNS;
            e = 0;
        } else {
            char buf[200];
            snprintf(buf, sizeof buf,
                     "no PID/network namespace (unshare: %s; with a user namespace: %s)",
                     strerror(e), strerror(e2));
            sct_sandbox_note(notes, cap, buf);
            return 0;
        }
    }
    *active |= (want & CLONE_NEWPID ? SCT_SB_PIDNS : 0) |
               (want & CLONE_NEWNET ? SCT_SB_NETNS : 0);
    if (!(want & CLONE_NEWPID))
        return 0; /* only the network namespace: no keeper needed */
    /* The gate: the worker waits until the keeper's KEEPER message is on
     * the socket (the keeper closes its end after sending), so that message
     * always comes before anything the worker sends.  Without it a loaded
     * machine could let the worker's hello and init reply go first; the
     * KEEPER message then arrived while the worker was idle, where it reads
     * as the worker's death (isolated_backend.c check_idle_worker). */
    int gate[2];
    if (pipe2(gate, O_CLOEXEC) != 0) {
        char buf[160];
        snprintf(buf, sizeof buf, "no PID namespace (pipe: %s)", strerror(errno));
        sct_sandbox_note(notes, cap, buf);
        *active &= ~(unsigned)SCT_SB_PIDNS;
        return 0;
    }
    pid_t w = fork();
    if (w < 0) {
        char buf[160];
        snprintf(buf, sizeof buf, "no PID namespace (fork into it: %s)", strerror(errno));
        sct_sandbox_note(notes, cap, buf);
        *active &= ~(unsigned)SCT_SB_PIDNS;
        close(gate[0]);
        close(gate[1]);
        return 0;
    }
    if (w > 0) {
        close(gate[0]);
        keeper(sock, w); /* closes gate[1] once KEEPER is sent */
    }
    /* The worker, pid 1: end with the keeper (and so with the harness). */
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    close(gate[1]);
    char c;
    while (read(gate[0], &c, 1) < 0 && errno == EINTR)
        ;
    close(gate[0]);
    return 0;
}
