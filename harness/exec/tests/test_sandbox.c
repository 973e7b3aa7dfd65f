/*
 * test_sandbox.c — the worker's sandbox, table-driven:
 *  - each forbidden action, done in a forked child after
 *    sct_sandbox_confine(), ends that child with SIGSYS (the filter traps
 *    it; no handler is installed here) or fails as Landlock makes it fail;
 *    each allowed action succeeds;
 *  - the words of a blocked call, of the protections and of omissions.
 * The hostile plugins (tests/hostile) test the same through the CLI.
 */
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/ptrace.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sct/exec/worker_sandbox.h"
#include "sct_check_main.h"

static char g_scratch[256];
static char g_outside[300];
static int g_sock = -1;

static void *nothing(void *arg)
{
    return arg;
}

typedef enum { A_KILL_PARENT, A_KILL_ALL, A_SOCKET_INET, A_FORK, A_EXEC, A_PTRACE,
               A_MMAP_HUGE, A_CLOSE_SOCK, A_SETRLIMIT, A_CLONE3, A_THREAD,
               A_WRITE_SCRATCH, A_WRITE_OUTSIDE, A_RAISE_SELF, A_SIGSYS_HANDLER,
               A_SIGSYS_BLOCKED } action;

static void on_sigsys(int signo)
{
    (void)signo;
}

/* 0 when the action did what the sandbox lets it do (or refused it
 * the expected way); 1 otherwise.  A trap ends the process before. */
static int act(action a)
{
    switch (a) {
    case A_KILL_PARENT: kill(getppid(), SIGCONT); return 1;
    case A_KILL_ALL: kill(-1, SIGCONT); return 1;
    case A_SOCKET_INET: socket(AF_INET, SOCK_STREAM, 0); return 1;
    case A_FORK: if (fork() == 0) _exit(0); return 1;
    case A_EXEC: execl("/bin/true", "true", (char *)NULL); return 1;
    case A_PTRACE: ptrace(PTRACE_ATTACH, getppid(), NULL, NULL); return 1;
    case A_MMAP_HUGE: mmap(NULL, (size_t)1 << 40, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0); return 1;
    case A_CLOSE_SOCK: close(g_sock); return 1;
    case A_SETRLIMIT: { struct rlimit r = {RLIM_INFINITY, RLIM_INFINITY}; setrlimit(RLIMIT_CPU, &r); return 1; }
    case A_CLONE3: return syscall(SYS_clone3, NULL, 0) == -1 && errno == ENOSYS ? 0 : 1;
    case A_THREAD: {
        pthread_t t;
        return pthread_create(&t, NULL, nothing, NULL) == 0 && pthread_join(t, NULL) == 0 ? 0 : 1;
    }
    case A_WRITE_SCRATCH: {
        char p[320];
        snprintf(p, sizeof p, "%s/ok", g_scratch);
        int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        return fd >= 0 && write(fd, "x", 1) == 1 ? 0 : 1;
    }
    case A_WRITE_OUTSIDE: {
        int fd = open(g_outside, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        return fd < 0 && errno == EACCES ? 0 : 1; /* Landlock */
    }
    case A_RAISE_SELF: { signal(SIGUSR1, SIG_IGN); return raise(SIGUSR1) == 0 ? 0 : 1; }
    /* refused with EPERM (the worker's handler stays), not trapped */
    case A_SIGSYS_HANDLER: return signal(SIGSYS, on_sigsys) == SIG_ERR && errno == EPERM ? 0 : 1;
    case A_SIGSYS_BLOCKED: {
        sigset_t set;
        sigemptyset(&set);
        sigaddset(&set, SIGSYS);
        sigprocmask(SIG_BLOCK, &set, NULL);
        kill(getppid(), SIGCONT);
        return 1;
    }
    }
    return 1;
}

static const struct row {
    action a;
    bool trapped; /* else: exit 0 */
} ROWS[] = {
    {A_KILL_PARENT, true}, {A_KILL_ALL, true}, {A_SOCKET_INET, true}, {A_FORK, true},
    {A_EXEC, true}, {A_PTRACE, true}, {A_MMAP_HUGE, true}, {A_CLOSE_SOCK, true},
    {A_SETRLIMIT, true}, {A_CLONE3, false}, {A_THREAD, false}, {A_WRITE_SCRATCH, false},
    {A_WRITE_OUTSIDE, false}, {A_RAISE_SELF, false}, {A_SIGSYS_HANDLER, false},
    {A_SIGSYS_BLOCKED, true},
};

static void setup(void)
{
    snprintf(g_scratch, sizeof g_scratch, "%s/sct-sandbox-test.XXXXXX",
             getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    ck_assert_ptr_nonnull(mkdtemp(g_scratch));
    char *real = realpath(g_scratch, NULL);
    snprintf(g_scratch, sizeof g_scratch, "%s", real);
    free(real);
    snprintf(g_outside, sizeof g_outside, "%s-outside", g_scratch);
}

static void teardown(void)
{
    char p[320];
    snprintf(p, sizeof p, "%s/ok", g_scratch);
    unlink(p);
    rmdir(g_scratch);
    unlink(g_outside);
}

START_TEST(filter_and_ruleset)
{
    const struct row *r = &ROWS[_i];
    int sv[2];
    ck_assert_int_eq(socketpair(AF_UNIX, SOCK_SEQPACKET, 0, sv), 0);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        g_sock = sv[1];
        sct_sandbox_plan plan = {true, UINT64_C(1) << 30, g_scratch, SCT_SB_WRITE_WATCH, NULL, 0};
        int notify = -1;
        char notes[512] = "";
        unsigned active = sct_sandbox_confine(&plan, sv[1], sv[0], -1, &notify, notes,
                                              sizeof notes);
        if (!(active & SCT_SB_SECCOMP) || !(active & SCT_SB_LANDLOCK)) {
            fprintf(stderr, "sandbox not set up: %s\n", notes);
            _exit(3);
        }
        _exit(act(r->a));
    }
    int st = 0;
    ck_assert_int_eq(waitpid(pid, &st, 0), pid);
    close(sv[0]);
    close(sv[1]);
    if (WIFEXITED(st) && WEXITSTATUS(st) == 3)
        ck_abort_msg("row %d: the sandbox could not be set up on this system", _i);
    if (r->trapped)
        ck_assert_msg(WIFSIGNALED(st) && WTERMSIG(st) == SIGSYS,
                      "row %d: expected SIGSYS, got status 0x%x", _i, st);
    else
        ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 0,
                      "row %d: expected exit 0, got status 0x%x", _i, st);
    ck_assert_int_ne(access(g_outside, F_OK), 0);
}
END_TEST

static const struct word_row {
    int nr;
    uint64_t args[6];
    const char *want;
} WORDS[] = {
    {SYS_kill, {(uint64_t)-1, SIGKILL}, "kill: signal 9 SIGKILL to process -1, outside the worker"},
    {SYS_tgkill, {42, 42, SIGTERM}, "tgkill: signal 15 SIGTERM to process 42"},
    {SYS_socket, {2, 1}, "socket(domain 2): a socket other than AF_UNIX"},
    {SYS_clone, {0}, "clone: creating a process"},
    {SYS_execve, {0}, "execve: running another program"},
    {SYS_mmap, {0, 4096}, "mmap of 4096 bytes, beyond the memory limit"},
    {SYS_close, {3}, "close on the worker's own connection"},
    {SYS_ptrace, {16, 7}, "ptrace(request 16, process 7)"},
    {SYS_mount, {1, 2, 3}, "mount(0x1, 0x2, 0x3) (blocked)"},
};

START_TEST(blocked_call_words)
{
    char out[256];
    sct_sandbox_describe_syscall(WORDS[_i].nr, WORDS[_i].args, out, sizeof out);
    ck_assert_msg(strstr(out, WORDS[_i].want) != NULL, "got '%s', want '%s'", out,
                  WORDS[_i].want);
}
END_TEST

static const struct omit_row {
    const char *env;
    unsigned want;
} OMITS[] = {
    {"", 0}, {"seccomp", SCT_SB_SECCOMP}, {"seccomp,pidns", SCT_SB_SECCOMP | SCT_SB_PIDNS},
    {"landlock,writewatch,memlimit,cpulimit,netns",
     SCT_SB_LANDLOCK | SCT_SB_WRITE_WATCH | SCT_SB_MEMLIMIT | SCT_SB_CPULIMIT | SCT_SB_NETNS},
    {"xseccomp,seccompx", 0}, {"nonsense", 0},
};

START_TEST(omit_words)
{
    setenv("SONNX_CTS_SANDBOX_OMIT", OMITS[_i].env, 1);
    ck_assert_uint_eq(sct_sandbox_omit_from_env(), OMITS[_i].want);
    unsetenv("SONNX_CTS_SANDBOX_OMIT");
}
END_TEST

START_TEST(identity_words)
{
    char out[1024];
    sct_sandbox_describe(SCT_SB_ALL, UINT64_C(1) << 30, 2.5, "", out, sizeof out);
    ck_assert_str_eq(out, "sandboxed child process (own PID namespace; no network; "
                          "seccomp filter; Landlock: writes only in its scratch directory, "
                          "reads only system and declared directories; write watch; "
                          "read watch; memory limit 1024 MiB; CPU limit 2.5 s per call)");
    sct_sandbox_describe(SCT_SB_PIDNS, UINT64_C(1) << 30, 2.5, "no Landlock (x)", out,
                         sizeof out);
    ck_assert_str_eq(out, "sandboxed child process (own PID namespace); NOT SET UP: "
                          "no Landlock (x)");
    sct_sandbox_describe_omitted(SCT_SB_SECCOMP | SCT_SB_PIDNS, out, sizeof out);
    ck_assert_str_eq(out, "left out on purpose (--sandbox-omit): pidns seccomp");
}
END_TEST

int main(void)
{
    Suite *s = suite_create("sandbox");
    TCase *tc = tcase_create("confine");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_loop_test(tc, filter_and_ruleset, 0, (int)(sizeof ROWS / sizeof ROWS[0]));
    suite_add_tcase(s, tc);
    tc = tcase_create("words");
    tcase_add_loop_test(tc, blocked_call_words, 0, (int)(sizeof WORDS / sizeof WORDS[0]));
    tcase_add_loop_test(tc, omit_words, 0, (int)(sizeof OMITS / sizeof OMITS[0]));
    tcase_add_test(tc, identity_words);
    suite_add_tcase(s, tc);
    return sct_check_run_suite(s);
}
