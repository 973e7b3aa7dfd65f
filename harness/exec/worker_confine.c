/* worker_confine.c — the isolated worker confines itself before any
 * vendor code runs (see worker_confine.h). */
#include "worker_confine.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#include "backend_kinds.h"
#include "worker_protocol.h"

/* Closes every inherited descriptor except stdio, the socket and the
 * arenas: vendor code must not be able to write into the harness's open
 * report or vector files.  Best effort (close_range needs Linux 5.9). */
void sct_worker_close_inherited_fds(int keep_a, int keep_b, int keep_c)
{
    int keep[3] = {keep_a, keep_b, keep_c};
    for (int i = 0; i < 3; i++) /* sorted: three elements */
        for (int j = i + 1; j < 3; j++)
            if (keep[j] < keep[i]) {
                int t = keep[i];
                keep[i] = keep[j];
                keep[j] = t;
            }
    int from = 3;
    for (int i = 0; i < 3; i++) {
        if (keep[i] > from)
            close_range((unsigned)from, (unsigned)keep[i] - 1, 0);
        if (keep[i] + 1 > from)
            from = keep[i] + 1;
    }
    close_range((unsigned)from, ~0u, 0);
}

/* Sends the SANDBOX reply: what was set up, and the write watch's
 * descriptor attached (SCM_RIGHTS) when there is one. */
static void send_sandbox_reply(int sock, unsigned active, const char *notes, int notify_fd)
{
    static sct_wire_reply r;
    memset(&r, 0, sizeof r);
    r.kind = SCT_REPLY_SANDBOX;
    r.sandbox_active = active;
    snprintf(r.message, sizeof r.message, "%s", notes);
    struct iovec iov = {&r, sizeof r};
    union {
        struct cmsghdr h;
        char buf[CMSG_SPACE(sizeof(int))];
    } ctl;
    memset(&ctl, 0, sizeof ctl);
    struct msghdr m;
    memset(&m, 0, sizeof m);
    m.msg_iov = &iov;
    m.msg_iovlen = 1;
    if (notify_fd >= 0) {
        m.msg_control = ctl.buf;
        m.msg_controllen = sizeof ctl.buf;
        struct cmsghdr *c = CMSG_FIRSTHDR(&m);
        c->cmsg_level = SOL_SOCKET;
        c->cmsg_type = SCM_RIGHTS;
        c->cmsg_len = CMSG_LEN(sizeof(int));
        memcpy(CMSG_DATA(c), &notify_fd, sizeof(int));
    }
    ssize_t n;
    do
        n = sendmsg(sock, &m, MSG_NOSIGNAL);
    while (n < 0 && errno == EINTR);
    if (n != (ssize_t)sizeof r)
        _exit(SCT_WORKER_EXIT_LOST_SOCKET);
}

/* Sandbox: own namespaces (this process may become a keeper,
 * see sandbox_keeper.c), a new session (kill(0, ...) then names only the
 * worker's own group, never the harness's), the scratch directory as
 * working and temporary directory, then the limits and filters; the
 * harness is told what holds before any vendor code runs. */
int sct_worker_enter_sandbox(int sock, int arena_fd, int input_fd,
                             const sct_sandbox_plan *plan, uint64_t *arena_limit)
{
    unsigned active = 0;
    char notes[SCT_WIRE_MSG_CAP] = "";
    if (plan->enabled)
        sct_sandbox_enter_namespaces(sock, plan->omit, &active, notes, sizeof notes);
    setsid();
    if (!plan->enabled)
        return 0;
    *arena_limit = plan->memory_limit;
    /* The scratch directory is also the plugin's home: runtimes keep caches
     * and telemetry databases under ~/.cache (ONNX Runtime 1.30 opens
     * ~/.cache/Microsoft/DeveloperTools/.onnxruntime/onnxruntime.db for
     * writing in init), which would otherwise be writes outside it. */
    /* The adapters' own files (a fetched runtime library, under
     * ~/.cache/sonnx-cts: vendors/common/vendor_options.h) are found from
     * the real home: its path is passed in SONNX_CTS_CACHE, the variable
     * they read first, before HOME moves (reading stays allowed). */
    const char *cache = getenv("SONNX_CTS_CACHE");
    if (cache == NULL || cache[0] == '\0') {
        const char *x = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
        char real_cache[4096];
        int n = -1;
        if (x != NULL && x[0] != '\0')
            n = snprintf(real_cache, sizeof real_cache, "%s/sonnx-cts", x);
        else if (home != NULL && home[0] != '\0')
            n = snprintf(real_cache, sizeof real_cache, "%s/.cache/sonnx-cts", home);
        if (n > 0 && (size_t)n < sizeof real_cache)
            setenv("SONNX_CTS_CACHE", real_cache, 1);
    }
    static const char *const xdg[] = {"XDG_CACHE_HOME", "XDG_CONFIG_HOME",
                                      "XDG_DATA_HOME", "XDG_STATE_HOME"};
    for (size_t i = 0; i < sizeof xdg / sizeof xdg[0]; i++)
        unsetenv(xdg[i]);
    if (chdir(plan->scratch) != 0 || setenv("TMPDIR", plan->scratch, 1) != 0 ||
        setenv("HOME", plan->scratch, 1) != 0)
        return -1;
    int notify_fd = -1;
    active |= sct_sandbox_confine(plan, sock, arena_fd, input_fd, &notify_fd, notes,
                                  sizeof notes);
    send_sandbox_reply(sock, active, notes, notify_fd);
    if (notify_fd >= 0)
        close(notify_fd);
    return 0;
}
