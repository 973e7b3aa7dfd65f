/*
 * sandbox_describe.c — words for the sandbox: which protections a worker
 * runs under (the report's identity, docs/report-format.md) and what a
 * blocked system call attempted (the SANDBOX message of a case).
 */
#include <seccomp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>

#include "sct/exec/worker_sandbox.h"
#include "sct/text/bounded_append.h"

void sct_sandbox_note(char *buf, size_t cap, const char *text)
{
    size_t len = strlen(buf);
    if (len + 1 >= cap)
        return;
    snprintf(buf + len, cap - len, "%s%s", len ? "; " : "", text);
}

const char *sct_sandbox_syscall_name(int nr)
{
    static char name[64];
    char *s = seccomp_syscall_resolve_num_arch(SCMP_ARCH_NATIVE, nr);
    if (s == NULL)
        return NULL;
    snprintf(name, sizeof name, "%s", s);
    free(s);
    return name;
}

void sct_sandbox_describe_syscall(int nr, const uint64_t a[6], char *out, size_t cap)
{
    const char *name = sct_sandbox_syscall_name(nr);
    char fallback[32];
    if (name == NULL) {
        snprintf(fallback, sizeof fallback, "system call %d", nr);
        name = fallback;
    }
    if (nr == SYS_kill || nr == SYS_tgkill || nr == SYS_rt_sigqueueinfo ||
        nr == SYS_rt_tgsigqueueinfo) {
        int sig = (int)(nr == SYS_tgkill || nr == SYS_rt_tgsigqueueinfo ? a[2] : a[1]);
        const char *sn = sigabbrev_np(sig);
        snprintf(out, cap, "%s: signal %d%s%s to process %d, outside the worker "
                 "(blocked)", name, sig, sn ? " SIG" : "", sn ? sn : "", (int)a[0]);
    } else if (nr == SYS_socket || nr == SYS_socketpair) {
        snprintf(out, cap, "%s(domain %d): a socket other than AF_UNIX (network "
                 "access blocked)", name, (int)a[0]);
    } else if (nr == SYS_clone || nr == SYS_fork || nr == SYS_vfork) {
        snprintf(out, cap, "%s: creating a process (blocked; threads are allowed)", name);
    } else if (nr == SYS_execve || nr == SYS_execveat) {
        snprintf(out, cap, "%s: running another program (blocked)", name);
    } else if (nr == SYS_mmap || nr == SYS_mremap) {
        snprintf(out, cap, "%s of %llu bytes, beyond the memory limit (refused before "
                 "allocation)", name,
                 (unsigned long long)(nr == SYS_mmap ? a[1] : a[2]));
    } else if (nr == SYS_close || nr == SYS_dup2 || nr == SYS_dup3 ||
               nr == SYS_close_range) {
        snprintf(out, cap, "%s on the worker's own connection to the harness (blocked)",
                 name);
    } else if (nr == SYS_ptrace) {
        snprintf(out, cap, "ptrace(request %lld, process %d) (blocked)", (long long)a[0],
                 (int)a[1]);
    } else {
        snprintf(out, cap, "%s(0x%llx, 0x%llx, 0x%llx) (blocked)", name,
                 (unsigned long long)a[0], (unsigned long long)a[1],
                 (unsigned long long)a[2]);
    }
}

void sct_sandbox_describe(unsigned active, uint64_t memory_limit, double cpu_limit,
                          const char *notes, char *out, size_t cap)
{
    if (active == 0 && (notes == NULL || notes[0] == '\0')) {
        snprintf(out, cap, "child process (no sandbox)");
        return;
    }
    char on[512] = "";
    if (active & SCT_SB_PIDNS)
        sct_sandbox_note(on, sizeof on, "own PID namespace");
    if (active & SCT_SB_NETNS)
        sct_sandbox_note(on, sizeof on, "no network");
    if (active & SCT_SB_SECCOMP)
        sct_sandbox_note(on, sizeof on, "seccomp filter");
    if (active & SCT_SB_LANDLOCK)
        sct_sandbox_note(on, sizeof on, "Landlock: writes only in its scratch directory, "
                         "reads only system and declared directories");
    if (active & SCT_SB_WRITE_WATCH)
        sct_sandbox_note(on, sizeof on, "write watch");
    if (active & SCT_SB_READ_WATCH)
        sct_sandbox_note(on, sizeof on, "read watch");
    char lim[96];
    if (active & SCT_SB_MEMLIMIT) {
        snprintf(lim, sizeof lim, "memory limit %llu MiB",
                 (unsigned long long)(memory_limit >> 20));
        sct_sandbox_note(on, sizeof on, lim);
    }
    if (active & SCT_SB_CPULIMIT) {
        snprintf(lim, sizeof lim, "CPU limit %.3g s per call", cpu_limit);
        sct_sandbox_note(on, sizeof on, lim);
    }
    snprintf(out, cap, "sandboxed child process (%s)%s%s%s",
             on[0] ? on : "nothing active", notes && notes[0] ? "; NOT SET UP: " : "",
             notes && notes[0] ? notes : "",
             active & SCT_SB_USERNS ? "; namespaces via a user namespace" : "");
}

void sct_sandbox_describe_omitted(unsigned omit, char *out, size_t cap)
{
    static const struct { unsigned bit; const char *word; } k[] = {
        {SCT_SB_PIDNS, "pidns"}, {SCT_SB_NETNS, "netns"}, {SCT_SB_SECCOMP, "seccomp"},
        {SCT_SB_LANDLOCK, "landlock"}, {SCT_SB_MEMLIMIT, "memlimit"},
        {SCT_SB_WRITE_WATCH, "writewatch"}, {SCT_SB_CPULIMIT, "cpulimit"},
        {SCT_SB_READ_WATCH, "readwatch"}};
    snprintf(out, cap, "left out on purpose (--sandbox-omit):");
    for (size_t i = 0; i < sizeof k / sizeof k[0]; i++)
        if (omit & k[i].bit)
            sct_bounded_appendf(out, cap, " %s", k[i].word);
}
