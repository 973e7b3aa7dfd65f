/* ort_web_helper.c — the helper process and its frames (ort_web_helper.h). */
#include "ort_web_helper.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

void sct_ortw_put(sct_ortw_buf *b, const void *p, size_t n)
{
    if (b->failed)
        return;
    if (b->len + n > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->len + n)
            cap *= 2;
        uint8_t *grown = realloc(b->data, cap);
        if (grown == NULL) {
            b->failed = 1;
            return;
        }
        b->data = grown;
        b->cap = cap;
    }
    if (n > 0)
        memcpy(b->data + b->len, p, n);
    b->len += n;
}

/* Little-endian on the wire (the plugin ABI is little-endian too). */
void sct_ortw_put_u32(sct_ortw_buf *b, uint32_t v)
{
    uint8_t x[4] = {(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16),
                    (uint8_t)(v >> 24)};
    sct_ortw_put(b, x, 4);
}

void sct_ortw_put_u64(sct_ortw_buf *b, uint64_t v)
{
    sct_ortw_put_u32(b, (uint32_t)v);
    sct_ortw_put_u32(b, (uint32_t)(v >> 32));
}

void sct_ortw_buf_free(sct_ortw_buf *b)
{
    free(b->data);
    memset(b, 0, sizeof *b);
}

int sct_ortw_helper_start(sct_ortw_helper *h, const char *node,
                          const char *script, const char *pkg_dir,
                          int timeout_ms, char *err, size_t err_cap)
{
    memset(h, 0, sizeof *h);
    h->fd = -1;
    h->timeout_ms = timeout_ms;
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0) {
        snprintf(err, err_cap, "onnxruntime-web helper: socketpair: %s",
                 strerror(errno));
        return -1;
    }
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(err, err_cap, "onnxruntime-web helper: fork: %s",
                 strerror(errno));
        close(sv[0]);
        close(sv[1]);
        return -1;
    }
    if (pid == 0) {
        /* Child: the helper ends with the worker that started it. */
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        signal(SIGPIPE, SIG_DFL);
        if (dup2(sv[1], 0) < 0 || dup2(sv[1], 1) < 0)
            _exit(127);
        char *const argv[] = {(char *)node, "--no-warnings", (char *)script,
                              (char *)pkg_dir, NULL};
        execvp(node, argv);
        dprintf(2, "onnxruntime-web helper: cannot run %s: %s\n", node,
                strerror(errno));
        _exit(127);
    }
    close(sv[1]);
    h->pid = pid;
    h->fd = sv[0];
    return 0;
}

/* Reaps the helper (killing it first unless it is already gone) and writes
 * how it ended into `why`. */
static void reap(sct_ortw_helper *h, int kill_it, char *why, size_t cap)
{
    if (h->fd >= 0)
        close(h->fd);
    h->fd = -1;
    if (h->pid <= 0)
        return;
    if (kill_it)
        kill(h->pid, SIGKILL);
    int st = 0;
    pid_t r = waitpid(h->pid, &st, kill_it ? 0 : WNOHANG);
    if (r == 0) { /* still running although its socket closed: end it */
        kill(h->pid, SIGKILL);
        r = waitpid(h->pid, &st, 0);
    }
    if (r == h->pid && why != NULL) {
        if (WIFEXITED(st))
            snprintf(why, cap, "exit status %d", WEXITSTATUS(st));
        else if (WIFSIGNALED(st))
            snprintf(why, cap, "signal %d", WTERMSIG(st));
    }
    h->pid = 0;
}

static long long now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* Waits for `events` on the socket until `deadline`; 0 ready, -1 timeout,
 * -2 error/hang-up. */
static int wait_fd(int fd, short events, long long deadline)
{
    for (;;) {
        long long left = deadline - now_ms();
        if (left <= 0)
            return -1;
        struct pollfd p = {fd, events, 0};
        int r = poll(&p, 1, (int)(left > 1000000 ? 1000000 : left));
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            return -2;
        if (r == 0)
            continue;
        if (p.revents & events)
            return 0;
        return -2;
    }
}

/* 0 done, -1 timeout, -2 broken. */
static int send_all(int fd, const uint8_t *p, size_t n, long long deadline)
{
    while (n > 0) {
        int w = wait_fd(fd, POLLOUT, deadline);
        if (w != 0)
            return w;
        ssize_t k = send(fd, p, n, MSG_NOSIGNAL | MSG_DONTWAIT);
        if (k < 0 && (errno == EINTR || errno == EAGAIN))
            continue;
        if (k <= 0)
            return -2;
        p += k;
        n -= (size_t)k;
    }
    return 0;
}

/* 0 done, -1 timeout, -2 broken or end of file. */
static int recv_all(int fd, uint8_t *p, size_t n, long long deadline)
{
    while (n > 0) {
        int w = wait_fd(fd, POLLIN, deadline);
        if (w == -1)
            return -1;
        ssize_t k = recv(fd, p, n, MSG_DONTWAIT);
        if (k < 0 && (errno == EINTR || errno == EAGAIN))
            continue;
        if (k <= 0)
            return -2;
        p += k;
        n -= (size_t)k;
    }
    return 0;
}

static int failed(sct_ortw_helper *h, int code, const char *stage, char *err,
                  size_t err_cap)
{
    char why[64] = "";
    reap(h, 1, why, sizeof why);
    if (code == -1)
        snprintf(err, err_cap,
                 "onnxruntime-web helper did not answer within %d ms (%s); "
                 "killed%s%s",
                 h->timeout_ms, stage, why[0] ? ": " : "", why);
    else
        snprintf(err, err_cap, "onnxruntime-web helper died (%s)%s%s", stage,
                 why[0] ? ": " : "", why);
    return -1;
}

int sct_ortw_helper_call(sct_ortw_helper *h, const void *req, size_t len,
                         uint8_t **reply, size_t *reply_len, char *err,
                         size_t err_cap)
{
    *reply = NULL;
    *reply_len = 0;
    if (h->pid <= 0 || h->fd < 0) {
        snprintf(err, err_cap, "onnxruntime-web helper is not running");
        return -1;
    }
    long long deadline = now_ms() + h->timeout_ms;
    uint8_t head[4] = {(uint8_t)len, (uint8_t)(len >> 8),
                       (uint8_t)(len >> 16), (uint8_t)(len >> 24)};
    int r = send_all(h->fd, head, 4, deadline);
    if (r == 0)
        r = send_all(h->fd, req, len, deadline);
    if (r != 0)
        return failed(h, r, "sending the request", err, err_cap);
    r = recv_all(h->fd, head, 4, deadline);
    if (r != 0)
        return failed(h, r, "waiting for the reply", err, err_cap);
    uint32_t n = (uint32_t)head[0] | (uint32_t)head[1] << 8 |
                 (uint32_t)head[2] << 16 | (uint32_t)head[3] << 24;
    if (n == 0 || n > SCT_ORTW_MAX_FRAME) {
        reap(h, 1, NULL, 0);
        snprintf(err, err_cap, "onnxruntime-web helper sent a frame of %u "
                               "bytes (1 .. %u expected); helper stopped",
                 n, SCT_ORTW_MAX_FRAME);
        return -1;
    }
    uint8_t *buf = malloc(n);
    if (buf == NULL) {
        snprintf(err, err_cap, "out of memory for a %u-byte reply", n);
        reap(h, 1, NULL, 0);
        return -1;
    }
    r = recv_all(h->fd, buf, n, deadline);
    if (r != 0) {
        free(buf);
        return failed(h, r, "reading the reply", err, err_cap);
    }
    *reply = buf;
    *reply_len = n;
    return 0;
}

void sct_ortw_helper_stop(sct_ortw_helper *h)
{
    if (h->pid <= 0) {
        if (h->fd >= 0)
            close(h->fd);
        h->fd = -1;
        return;
    }
    shutdown(h->fd, SHUT_WR);
    long long deadline = now_ms() + 1000;
    int st;
    while (now_ms() < deadline) {
        if (waitpid(h->pid, &st, WNOHANG) == h->pid) {
            h->pid = 0;
            break;
        }
        struct timespec t = {0, 10 * 1000 * 1000};
        nanosleep(&t, NULL);
    }
    reap(h, 1, NULL, 0);
}
