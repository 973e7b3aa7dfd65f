/*
 * worker_launch.c — how a worker process starts: fork, then exec of the
 * harness's own binary, which becomes the worker before its main() runs.
 *
 * Why exec and not a bare fork: a forked child shares a copy of the
 * harness's address space, and the harness holds the answers — the goldens
 * of the case being judged (a worker is re-spawned after a crash, in the
 * middle of a run), the references of a fresh sample, the reports being
 * spooled.  An exec'd image holds nothing of them (docs/plugin-abi.md 5.1).
 * Re-executing the same binary (as container runtimes do with
 * /proc/self/exe) needs no second program to install or find: every binary
 * linking sct_exec — the command, the tests, the sweeps — carries the
 * worker; the constructor below takes over when the environment marks the
 * image as a worker, and removes the mark before any vendor code runs.
 *
 * The plan travels in argv: [0] "sonnx-cts-worker", [1] plugin path,
 * [2] vendor options, [3] scratch directory, [4] memory limit, [5] omitted
 * protections, [6] sandbox enabled, [7] reads confined, [8...] read rules
 * (sandbox_reads.c).  None of it is secret: the vector set and the reports
 * are not named (the harness resolved the read rules around them).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <signal.h>
#include <unistd.h>
#include <fcntl.h>

#include "worker_protocol.h"

extern char **environ;

#define ARGV_FIXED 8

static char *dup_u64(uint64_t v)
{
    char buf[32];
    snprintf(buf, sizeof buf, "%llu", (unsigned long long)v);
    return strdup(buf);
}

int sct_worker_launch_build(sct_worker_launch *l, const char *path, const char *options,
                            const sct_sandbox_plan *plan, char *err, size_t cap)
{
    memset(l, 0, sizeof *l);
    ssize_t n = readlink("/proc/self/exe", l->exe, sizeof l->exe - 1);
    if (n <= 0 || (size_t)n >= sizeof l->exe - 1) {
        snprintf(err, cap, "cannot find the harness's own binary to start the worker "
                 "(/proc/self/exe: %s)", n < 0 ? strerror(errno) : "path too long");
        return -1;
    }
    l->exe[n] = '\0';
    size_t nr = plan->reads ? plan->n_reads : 0;
    l->argv = calloc(ARGV_FIXED + nr + 1, sizeof *l->argv);
    size_t ne = 0;
    while (environ[ne] != NULL)
        ne++;
    l->envp = calloc(ne + 2, sizeof *l->envp);
    bool ok = l->argv != NULL && l->envp != NULL;
    if (ok) {
        l->argv[0] = strdup("sonnx-cts-worker");
        l->argv[1] = strdup(path);
        l->argv[2] = strdup(options ? options : "");
        l->argv[3] = strdup(plan->scratch ? plan->scratch : "");
        l->argv[4] = dup_u64(plan->memory_limit);
        l->argv[5] = dup_u64(plan->omit);
        l->argv[6] = strdup(plan->enabled ? "1" : "0");
        l->argv[7] = strdup(plan->reads ? "1" : "0");
        for (size_t i = 0; i < nr; i++)
            l->argv[ARGV_FIXED + i] = strdup(plan->reads[i]);
        for (size_t i = 0; i < ARGV_FIXED + nr; i++)
            ok = ok && l->argv[i] != NULL;
        size_t k = 0;
        size_t mark = strlen(SCT_WORKER_ENV);
        for (size_t i = 0; i < ne; i++)
            if (!(strncmp(environ[i], SCT_WORKER_ENV, mark) == 0 && environ[i][mark] == '='))
                ok = ok && (l->envp[k++] = strdup(environ[i])) != NULL;
        ok = ok && (l->envp[k] = strdup(SCT_WORKER_ENV "=1")) != NULL;
    }
    if (!ok) {
        sct_worker_launch_free(l);
        snprintf(err, cap, "out of memory preparing the worker");
        return -1;
    }
    return 0;
}

void sct_worker_launch_free(sct_worker_launch *l)
{
    for (size_t i = 0; l->argv != NULL && l->argv[i] != NULL; i++)
        free(l->argv[i]);
    for (size_t i = 0; l->envp != NULL && l->envp[i] != NULL; i++)
        free(l->envp[i]);
    free(l->argv);
    free(l->envp);
    l->argv = l->envp = NULL;
}

_Noreturn void sct_worker_exec(const sct_worker_launch *l, int sock, int arena_fd,
                               int input_fd)
{
    /* the worker must not outlive the harness (kept across execve) */
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    int a = fcntl(sock, F_DUPFD, 16), b = fcntl(arena_fd, F_DUPFD, 16);
    int c = fcntl(input_fd, F_DUPFD, 16);
    if (a < 0 || b < 0 || c < 0 || dup2(a, SCT_WORKER_SOCK_FD) < 0 ||
        dup2(b, SCT_WORKER_ARENA_FD) < 0 || dup2(c, SCT_WORKER_INPUT_FD) < 0)
        _exit(127);
    /* nothing else of the harness's: its open reports and vector files */
    close_range(SCT_WORKER_INPUT_FD + 1, ~0u, 0);
    execve(l->exe, l->argv, l->envp);
    /* the harness sees EOF before OPENED and reports the exit code */
    _exit(127);
}

/* The worker's entry: runs before main() of whatever binary carries
 * sct_exec (glibc passes argc/argv/envp to ELF constructors). */
__attribute__((constructor)) static void worker_entry(int argc, char **argv, char **envp)
{
    (void)envp;
    const char *mark = getenv(SCT_WORKER_ENV);
    if (mark == NULL || strcmp(mark, "1") != 0 || argc < ARGV_FIXED)
        return;
    unsetenv(SCT_WORKER_ENV);
    static sct_sandbox_plan plan;
    plan.scratch = argv[3];
    plan.memory_limit = strtoull(argv[4], NULL, 10);
    plan.omit = (unsigned)strtoul(argv[5], NULL, 10);
    plan.enabled = strcmp(argv[6], "1") == 0;
    if (strcmp(argv[7], "1") == 0) {
        plan.reads = argv + ARGV_FIXED;
        plan.n_reads = (size_t)argc - ARGV_FIXED;
    }
    sct_worker_main(SCT_WORKER_SOCK_FD, SCT_WORKER_ARENA_FD, SCT_WORKER_INPUT_FD, argv[1], argv[2], &plan);
}
