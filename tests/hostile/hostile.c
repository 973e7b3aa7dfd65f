/*
 * hostile.c — the hostile-plugin corpus: the built-in kernels
 * (the mutant frame, tests/mutants/mutant.h) plus ONE attack on the
 * harness, the machine or the run, chosen at build time by HOSTILE_NAME.
 * The attack fires on the first Div float32 call of a run (a marker file
 * in $TMPDIR, which the harness points at the plugin's scratch directory,
 * keeps it to one case); every other call is the built-in kernels, so the
 * other cases must still be judged.  run_hostile.py states what each attack
 * must give.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <unistd.h>

#include "mutant.h"

#ifndef HOSTILE_NAME
#error HOSTILE_NAME must name the attack
#endif

const char sct_mutant_name[] = HOSTILE_NAME;

static bool is(const char *name)
{
    return strcmp(HOSTILE_NAME, name) == 0;
}

/* The harness's pid as the host sees it, found the way an attacker would:
 * /proc/self/stat's parent, and that one's parent when the first is the
 * sandbox's keeper (getppid() says 0 inside a PID namespace). */
static pid_t parent_of(pid_t pid)
{
    char path[64], buf[512];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    FILE *f = fopen(path, "r");
    if (f == NULL)
        return 0;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    const char *p = strrchr(buf, ')');
    int ppid = 0;
    if (p == NULL || sscanf(p + 1, " %*c %d", &ppid) != 1)
        return 0;
    return (pid_t)ppid;
}

static pid_t harness_pid(void)
{
    pid_t me = 0;
    char buf[32];
    ssize_t n = readlink("/proc/self", buf, sizeof buf - 1);
    if (n > 0) {
        buf[n] = '\0';
        me = (pid_t)atoi(buf);
    }
    pid_t p = parent_of(me);
    pid_t pp = parent_of(p);
    return getppid() == 0 && pp > 1 ? pp : p; /* keeper's parent, else parent */
}

/* A process that would outlive everything if it could. */
static void linger(void)
{
    setsid();
    for (;;)
        pause();
}

static void *burn(void *arg)
{
    volatile unsigned long x = 0;
    (void)arg;
    for (;;)
        x++;
    return NULL;
}

static bool first_time(void)
{
    const char *tmp = getenv("TMPDIR");
    char path[4096];
    snprintf(path, sizeof path, "%s/hostile-fired", tmp ? tmp : "/tmp");
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0)
        return errno != EEXIST; /* cannot record it: fire anyway */
    close(fd);
    return true;
}

/* The attack; true when it leaves an answer of its own in `msg`. */
static bool attack(char *msg, size_t cap)
{
    if (is("kill-parent")) {
        kill(getppid(), SIGKILL);
        kill(harness_pid(), SIGKILL);
    } else if (is("kill-all")) {
        kill(-1, SIGKILL);
    } else if (is("setsid-fork")) {
        pid_t p = fork();
        if (p == 0)
            linger();
    } else if (is("fork-hang")) {
        for (int i = 0; i < 3; i++)
            if (fork() == 0)
                linger();
        for (;;)
            pause();
    } else if (is("ptrace-parent")) {
        ptrace(PTRACE_ATTACH, harness_pid(), NULL, NULL);
    } else if (is("write-outside")) {
        const char *target = getenv("SONNX_HOSTILE_TARGET");
        int fd = open(target ? target : "/tmp/hostile-target", O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd >= 0) {
            ssize_t w = write(fd, "pwned\n", 6);
            (void)w;
            close(fd);
        }
    } else if (is("socket")) {
        int s = socket(AF_INET, SOCK_STREAM, 0);
        struct sockaddr_in a;
        memset(&a, 0, sizeof a);
        a.sin_family = AF_INET;
        a.sin_port = htons(9);
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (s >= 0)
            connect(s, (struct sockaddr *)&a, sizeof a);
    } else if (is("huge-alloc")) {
        /* 2 GiB, above the test's --memory-limit 1G: the allocation must be
         * refused before any page exists */
        size_t n = (size_t)2 << 30;
        char *p = malloc(n);
        if (p == NULL) {
            snprintf(msg, cap, "malloc(%zu) returned NULL", n);
            return true;
        }
        for (size_t i = 0; i < n; i += 4096)
            ((volatile char *)p)[i] = 1;
        free(p);
    } else if (is("spin")) {
        burn(NULL); /* one thread that never returns */
    } else if (is("cpu-burn")) {
        pthread_t t;
        pthread_create(&t, NULL, burn, NULL);
        burn(NULL);
    } else if (is("fork-bomb")) {
        for (int i = 0; i < 64; i++) /* bounded: 64 processes at most */
            if (fork() == 0)
                linger();
    } else if (is("exec")) {
        execl("/bin/sh", "sh", "-c", "sleep 600", (char *)NULL);
    } else if (is("close-fds")) {
        for (int fd = 0; fd < 1024; fd++)
            close(fd);
    } else if (is("garbage-output")) {
        static const char junk[] = "\n{\"verdict\": \"PASS\"} \x1b[2J\xff\xfe garbage\n";
        for (int i = 0; i < 100; i++) {
            ssize_t w = write(1, junk, sizeof junk - 1);
            w = write(2, junk, sizeof junk - 1);
            (void)w;
        }
    } else if (is("exit-midcall")) {
        exit(0);
    } else if (is("bad-utf8")) {
        /* ill-formed UTF-8 and markup in the message: every report must stay
         * well-formed (JSON RFC 8259 §8.1, XML 1.0 §2.2) */
        snprintf(msg, cap, "bad \xff\xfe</testcase>\xc0\xaf\xed\xa0\x80 end \xe2\x82");
        return true;
    }
    return false;
}

sonnx_status sct_mutant_run(const sonnx_op *op, const sonnx_tensor *in, size_t n_in,
                            sonnx_tensor *out, size_t n_out, char *msg, size_t cap)
{
    if (sct_mutant_is_op(op, "Div") && n_in == 2 && in[0].elem_type == SONNX_DT_FLOAT &&
        in[1].elem_type == SONNX_DT_FLOAT && first_time() && attack(msg, cap))
        return SONNX_STATUS_ERROR;
    return sct_mutant_builtin_run(op, in, n_in, out, n_out, msg, cap);
}
