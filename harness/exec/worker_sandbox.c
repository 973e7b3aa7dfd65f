/*
 * worker_sandbox.c — the worker confines itself before loading the plugin
 * (contract in docs/plugin-abi.md §5.1).  Order matters: limits
 * first, then Landlock, then the seccomp filter (which forbids changing the
 * limits afterwards); all before dlopen, so even the plugin's constructors
 * run confined.
 *
 *  - RLIMIT_AS = the memory limit: a mapping that would exceed it fails
 *    with ENOMEM before any page exists (setrlimit(2)), so the machine's
 *    memory is never at risk; RLIMIT_CORE = 0; RLIMIT_FSIZE = the memory
 *    limit (the scratch directory cannot fill the disk).
 *  - Landlock (landlock(7)): write-like file accesses only beneath the
 *    scratch directory (and /dev/null); reading stays allowed everywhere (a
 *    runtime reads its own libraries and data).  ABI >= 4: no TCP bind or
 *    connect; ABI >= 6: no signal to, and no abstract UNIX socket of, a
 *    process outside the sandbox.  Unprivileged (needs no_new_privs only).
 *  - seccomp (libseccomp): the system calls that reach outside the worker's
 *    own tree trap (SIGSYS, reported by fault_reporter.c as SANDBOX naming
 *    the call): a signal to any other process, ptrace and process_vm_*,
 *    creating a process (fork/vfork/clone without CLONE_THREAD; clone3 gets
 *    ENOSYS so that libc falls back to clone, whose flags the filter can
 *    see), execve, sockets other than AF_UNIX, namespaces and mounts,
 *    raising a limit, io_uring (it would bypass the filter), a single
 *    mapping larger than the memory limit, and closing or replacing the
 *    worker's socket or arena.  Opens for writing are passed to the harness
 *    (SECCOMP_RET_USER_NOTIF, sandbox_notify.c), which refuses and reports
 *    those outside the scratch directory.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/landlock.h>
#include <sched.h>
#include <seccomp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "sct/exec/worker_sandbox.h"

#if defined(__SANITIZE_ADDRESS__)
#define SCT_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SCT_UNDER_ASAN 1
#endif
#endif

#ifndef CLONE_THREAD
#define CLONE_THREAD 0x00010000
#endif

/* Landlock constants newer than the build machine's headers (the running
 * kernel's ABI decides what is used). */
#ifndef LANDLOCK_ACCESS_FS_REFER
#define LANDLOCK_ACCESS_FS_REFER (1ULL << 13)
#endif
#ifndef LANDLOCK_ACCESS_FS_TRUNCATE
#define LANDLOCK_ACCESS_FS_TRUNCATE (1ULL << 14)
#endif
#define SCT_LL_NET_BIND_TCP (1ULL << 0)
#define SCT_LL_NET_CONNECT_TCP (1ULL << 1)
#define SCT_LL_SCOPE_ABSTRACT_UNIX (1ULL << 0)
#define SCT_LL_SCOPE_SIGNAL (1ULL << 1)

/* struct landlock_ruleset_attr of Landlock ABI 6 (fields appended per ABI;
 * the size passed tells the kernel which ones are present). */
typedef struct sct_ll_ruleset_attr {
    uint64_t handled_access_fs;
    uint64_t handled_access_net;
    uint64_t scoped;
} sct_ll_ruleset_attr;

static int ll_add_path(int ruleset, const char *path, uint64_t access)
{
    int fd = open(path, O_PATH | O_CLOEXEC);
    if (fd < 0)
        return -1;
    struct landlock_path_beneath_attr pb = {.allowed_access = access, .parent_fd = fd};
    int rc = (int)syscall(SYS_landlock_add_rule, ruleset, LANDLOCK_RULE_PATH_BENEATH, &pb, 0);
    int e = errno;
    close(fd);
    errno = e;
    return rc;
}

/* Adds the read rules of the plan ('r': read and execute beneath, 'd':
 * list only; a file takes only the file rights).  A path that cannot be
 * opened is skipped: there is nothing to read there. */
static void ll_add_reads(int rs, const sct_sandbox_plan *plan, uint64_t read_fs)
{
    const uint64_t file_rights = LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_EXECUTE;
    for (size_t i = 0; i < plan->n_reads; i++) {
        const char *rule = plan->reads[i];
        /* 'd': list only; 'r' and 'x' (a helper program): read and execute */
        uint64_t access = rule[0] == 'd' ? LANDLOCK_ACCESS_FS_READ_DIR : read_fs;
        struct stat st;
        if (stat(rule + 1, &st) != 0)
            continue;
        if (!S_ISDIR(st.st_mode))
            access &= file_rights;
        if (access != 0)
            ll_add_path(rs, rule + 1, access);
    }
    /* its own /proc/<pid> (through /proc/self: the inode of the worker's
     * directory, so /proc/self/... and /proc/thread-self/... are covered),
     * never another process's (the harness's command line names the
     * vector set) */
    ll_add_path(rs, "/proc/self", LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_READ_DIR);
}

static bool apply_landlock(const sct_sandbox_plan *plan, char *notes, size_t cap)
{
    char buf[200];
    long abi = syscall(SYS_landlock_create_ruleset, NULL, 0,
                       LANDLOCK_CREATE_RULESET_VERSION);
    if (abi < 1) {
        snprintf(buf, sizeof buf, "no Landlock (%s): file writes outside the scratch "
                 "directory are reported, not prevented, by the kernel; reads are not "
                 "confined", strerror(errno));
        sct_sandbox_note(notes, cap, buf);
        return false;
    }
    uint64_t write_fs = LANDLOCK_ACCESS_FS_WRITE_FILE | LANDLOCK_ACCESS_FS_REMOVE_DIR |
                        LANDLOCK_ACCESS_FS_REMOVE_FILE | LANDLOCK_ACCESS_FS_MAKE_CHAR |
                        LANDLOCK_ACCESS_FS_MAKE_DIR | LANDLOCK_ACCESS_FS_MAKE_REG |
                        LANDLOCK_ACCESS_FS_MAKE_SOCK | LANDLOCK_ACCESS_FS_MAKE_FIFO |
                        LANDLOCK_ACCESS_FS_MAKE_BLOCK | LANDLOCK_ACCESS_FS_MAKE_SYM;
    if (abi >= 2)
        write_fs |= LANDLOCK_ACCESS_FS_REFER;
    if (abi >= 3)
        write_fs |= LANDLOCK_ACCESS_FS_TRUNCATE;
    uint64_t read_fs = plan->reads == NULL ? 0
                       : LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_READ_DIR |
                             LANDLOCK_ACCESS_FS_EXECUTE;
    sct_ll_ruleset_attr attr = {write_fs | read_fs, 0, 0};
    size_t size = sizeof attr.handled_access_fs;
    if (abi >= 4) {
        attr.handled_access_net = SCT_LL_NET_BIND_TCP | SCT_LL_NET_CONNECT_TCP;
        size += sizeof attr.handled_access_net;
    }
    if (abi >= 6) {
        attr.scoped = SCT_LL_SCOPE_ABSTRACT_UNIX | SCT_LL_SCOPE_SIGNAL;
        size += sizeof attr.scoped;
    }
    int rs = (int)syscall(SYS_landlock_create_ruleset, &attr, size, 0);
    if (rs < 0) {
        snprintf(buf, sizeof buf, "no Landlock (create ruleset: %s)", strerror(errno));
        sct_sandbox_note(notes, cap, buf);
        return false;
    }
    uint64_t dev_null = LANDLOCK_ACCESS_FS_WRITE_FILE |
                        (abi >= 3 ? LANDLOCK_ACCESS_FS_TRUNCATE : 0) |
                        (read_fs & LANDLOCK_ACCESS_FS_READ_FILE);
    bool ok = ll_add_path(rs, plan->scratch, write_fs | read_fs) == 0;
    if (ok) {
        ll_add_path(rs, "/dev/null", dev_null); /* optional: a missing /dev/null is no hole */
        if (read_fs)
            ll_add_reads(rs, plan, read_fs);
    }
    ok = ok && syscall(SYS_landlock_restrict_self, rs, 0) == 0;
    int e = errno;
    close(rs);
    if (!ok) {
        snprintf(buf, sizeof buf, "no Landlock (%s)", strerror(e));
        sct_sandbox_note(notes, cap, buf);
    }
    return ok;
}

/* One argument comparison with every field given (libseccomp's SCMP_A*
 * macros leave datum_b out, which clang's -Wmissing-field-initializers
 * rejects).  MASKED_EQ: `a` is the mask, `b` the value. */
static struct scmp_arg_cmp cmp(unsigned arg, enum scmp_compare op, scmp_datum_t a,
                               scmp_datum_t b)
{
    struct scmp_arg_cmp c = {arg, op, a, b};
    return c;
}

static int trap(scmp_filter_ctx c, int nr, unsigned n, const struct scmp_arg_cmp *a)
{
    return seccomp_rule_add_array(c, SCMP_ACT_TRAP, nr, n, a);
}

/* The trap rules; 0 or a negative errno of libseccomp. */
static int add_trap_rules(scmp_filter_ctx c, pid_t self, const int fds[3],
                          uint64_t memory_limit, bool helpers)
{
    /* processes and programs: trapped, or — with declared helper programs
     * and the watch — passed to the harness, which lets a process be
     * created and exec only the helpers (sandbox_notify.c) */
    static const int spawn[] = {SCMP_SYS(fork), SCMP_SYS(vfork), SCMP_SYS(execve),
                                SCMP_SYS(execveat)};
    for (size_t i = 0; i < sizeof spawn / sizeof spawn[0]; i++) {
        int r = seccomp_rule_add(c, helpers ? SCMP_ACT_NOTIFY : SCMP_ACT_TRAP, spawn[i], 0);
        if (r != 0)
            return r;
    }
    static const int always[] = {
        SCMP_SYS(ptrace), SCMP_SYS(process_vm_readv), SCMP_SYS(process_vm_writev),
        SCMP_SYS(tkill), SCMP_SYS(pidfd_send_signal), SCMP_SYS(pidfd_getfd),
        SCMP_SYS(unshare), SCMP_SYS(setns), SCMP_SYS(mount), SCMP_SYS(umount2),
        SCMP_SYS(pivot_root), SCMP_SYS(chroot), SCMP_SYS(setrlimit),
        SCMP_SYS(io_uring_setup), SCMP_SYS(io_uring_enter), SCMP_SYS(io_uring_register),
        SCMP_SYS(kcmp),
        SCMP_SYS(perf_event_open), SCMP_SYS(bpf), SCMP_SYS(userfaultfd),
        SCMP_SYS(add_key), SCMP_SYS(request_key), SCMP_SYS(keyctl),
        SCMP_SYS(open_by_handle_at), /* a file by handle, around path rules */
    };
    int rc = 0;
    for (size_t i = 0; rc == 0 && i < sizeof always / sizeof always[0]; i++)
        rc = trap(c, always[i], 0, NULL);
    /* signals: only to itself (tgkill is how raise() and abort() send) */
    struct scmp_arg_cmp not_self = cmp(0, SCMP_CMP_NE, (scmp_datum_t)self, 0);
    if (rc == 0) rc = trap(c, SCMP_SYS(kill), 1, &not_self);
    if (rc == 0) rc = trap(c, SCMP_SYS(tgkill), 1, &not_self);
    if (rc == 0) rc = trap(c, SCMP_SYS(rt_sigqueueinfo), 1, &not_self);
    if (rc == 0) rc = trap(c, SCMP_SYS(rt_tgsigqueueinfo), 1, &not_self);
    /* the fault handler that names a trapped call stays the worker's: a
     * plugin's own SIGSYS handler would swallow the trap.  Installing one
     * fails with EPERM rather than trapping: runtimes install handlers for
     * every fatal signal as a matter of course (LLVM's crash handlers, in
     * PoCL) and ignore the result, which is harmless — the worker's handler
     * stays.  Blocking SIGSYS does not help a plugin either: the kernel
     * then kills the worker with SIGSYS, which the harness also reports as
     * SANDBOX. */
    struct scmp_arg_cmp sigsys[2] = {cmp(0, SCMP_CMP_EQ, SIGSYS, 0), cmp(1, SCMP_CMP_NE, 0, 0)};
    if (rc == 0)
        rc = seccomp_rule_add_array(c, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(rt_sigaction), 2,
                                    sigsys);
    /* processes: threads only */
    struct scmp_arg_cmp no_thread = cmp(0, SCMP_CMP_MASKED_EQ, CLONE_THREAD, 0);
    if (rc == 0)
        rc = seccomp_rule_add_array(c, helpers ? SCMP_ACT_NOTIFY : SCMP_ACT_TRAP,
                                    SCMP_SYS(clone), 1, &no_thread);
    if (rc == 0) rc = seccomp_rule_add(c, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0);
    /* network: UNIX sockets only (the network namespace has no route either) */
    struct scmp_arg_cmp not_unix = cmp(0, SCMP_CMP_NE, AF_UNIX, 0);
    if (rc == 0) rc = trap(c, SCMP_SYS(socket), 1, &not_unix);
    if (rc == 0) rc = trap(c, SCMP_SYS(socketpair), 1, &not_unix);
    /* limits may be read, never set */
    struct scmp_arg_cmp sets = cmp(2, SCMP_CMP_NE, 0, 0);
    if (rc == 0) rc = trap(c, SCMP_SYS(prlimit64), 1, &sets);
    /* one mapping beyond the memory limit: refused before it exists */
    struct scmp_arg_cmp big1 = cmp(1, SCMP_CMP_GT, memory_limit, 0);
    struct scmp_arg_cmp big2 = cmp(2, SCMP_CMP_GT, memory_limit, 0);
    if (rc == 0) rc = trap(c, SCMP_SYS(mmap), 1, &big1);
    if (rc == 0) rc = trap(c, SCMP_SYS(mremap), 1, &big2);
    /* the worker's own descriptors */
    for (int k = 0; k < 3; k++) {
        if (fds[k] < 0)
            continue;
        scmp_datum_t fd = (scmp_datum_t)fds[k];
        struct scmp_arg_cmp is0 = cmp(0, SCMP_CMP_EQ, fd, 0);
        struct scmp_arg_cmp is1 = cmp(1, SCMP_CMP_EQ, fd, 0);
        struct scmp_arg_cmp range[2] = {cmp(0, SCMP_CMP_LE, fd, 0), cmp(1, SCMP_CMP_GE, fd, 0)};
        if (rc == 0) rc = trap(c, SCMP_SYS(close), 1, &is0);
        if (rc == 0) rc = trap(c, SCMP_SYS(dup2), 1, &is1);
        if (rc == 0) rc = trap(c, SCMP_SYS(dup3), 1, &is1);
        if (rc == 0) rc = trap(c, SCMP_SYS(close_range), 2, range);
    }
    return rc;
}

/* Opens passed to the harness (sandbox_notify.c): those that may write
 * (write watch), or every open (read watch: the harness reports a read of
 * a path the worker may not read, e.g. a golden file). */
static int add_notify_rules(scmp_filter_ctx c, unsigned watch)
{
    int rc = 0;
    if (watch & SCT_SB_READ_WATCH) {
        rc = seccomp_rule_add(c, SCMP_ACT_NOTIFY, SCMP_SYS(openat), 0);
        if (rc == 0)
            rc = seccomp_rule_add(c, SCMP_ACT_NOTIFY, SCMP_SYS(open), 0);
    } else {
        const struct scmp_arg_cmp w[4][2] = {
            {cmp(2, SCMP_CMP_MASKED_EQ, O_ACCMODE, O_WRONLY), cmp(1, SCMP_CMP_MASKED_EQ, O_ACCMODE, O_WRONLY)},
            {cmp(2, SCMP_CMP_MASKED_EQ, O_ACCMODE, O_RDWR), cmp(1, SCMP_CMP_MASKED_EQ, O_ACCMODE, O_RDWR)},
            {cmp(2, SCMP_CMP_MASKED_EQ, O_CREAT, O_CREAT), cmp(1, SCMP_CMP_MASKED_EQ, O_CREAT, O_CREAT)},
            {cmp(2, SCMP_CMP_MASKED_EQ, O_TRUNC, O_TRUNC), cmp(1, SCMP_CMP_MASKED_EQ, O_TRUNC, O_TRUNC)},
        };
        for (int i = 0; rc == 0 && i < 4; i++) {
            rc = seccomp_rule_add_array(c, SCMP_ACT_NOTIFY, SCMP_SYS(openat), 1, &w[i][0]);
            if (rc == 0)
                rc = seccomp_rule_add_array(c, SCMP_ACT_NOTIFY, SCMP_SYS(open), 1, &w[i][1]);
        }
    }
    if (rc == 0)
        rc = seccomp_rule_add(c, SCMP_ACT_NOTIFY, SCMP_SYS(creat), 0);
    /* openat2's flags are in memory the filter cannot read: libc's open()
     * does not use it, and ENOSYS sends callers back to openat */
    if (rc == 0)
        rc = seccomp_rule_add(c, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(openat2), 0);
    return rc;
}

/* Loads the filter, with the watches in `watch` (SCT_SB_WRITE_WATCH,
 * SCT_SB_READ_WATCH).  Returns the SCT_SB_* bits set up. */
static unsigned load_filter(unsigned watch, bool helpers, pid_t self, const int fds[3],
                            uint64_t memory_limit, int *notify_fd, char *err, size_t cap)
{
    scmp_filter_ctx c = seccomp_init(SCMP_ACT_ALLOW);
    if (c == NULL) {
        snprintf(err, cap, "seccomp_init failed");
        return 0;
    }
    helpers = helpers && watch != 0; /* the harness decides through the watch */
    int rc = add_trap_rules(c, self, fds, memory_limit, helpers);
    if (rc == 0 && watch)
        rc = add_notify_rules(c, watch);
    if (rc == 0)
        rc = seccomp_load(c);
    unsigned active = 0;
    if (rc == 0) {
        active = SCT_SB_SECCOMP;
        if (watch) {
            *notify_fd = seccomp_notify_fd(c);
            if (*notify_fd >= 0)
                active |= watch;
        }
    } else {
        snprintf(err, cap, "%s", strerror(-rc));
    }
    seccomp_release(c);
    return active;
}

#ifdef SCT_UNDER_ASAN
/* LeakSanitizer checks at exit from a tracer it clone()s and ptrace()s,
 * which the filter forbids: a plugin's exit(N) would end as SIGSYS instead
 * of exit code N.  A leak check of the forked worker means nothing anyway,
 * so its exit status is handed to _exit() before LSan's handler runs
 * (on_exit handlers run in reverse order of registration; LSan registered
 * its own at start-up). */
static void exit_before_lsan(int status, void *arg)
{
    (void)arg;
    _exit(status);
}
#endif

unsigned sct_sandbox_confine(const sct_sandbox_plan *plan, int sock, int arena_fd,
                             int input_fd, int *notify_fd, char *notes, size_t cap)
{
    const int fds[3] = {sock, arena_fd, input_fd};
    *notify_fd = -1;
    if (!plan->enabled)
        return 0;
    const char *preload = getenv("LD_PRELOAD");
    if (preload != NULL && strstr(preload, "vgpreload") != NULL) {
        /* valgrind runs its own code (and system calls) inside the process */
        sct_sandbox_note(notes, cap, "no seccomp, Landlock or memory limit under "
                         "valgrind (its own code runs in the worker)");
        return 0;
    }
    unsigned active = 0;
    char buf[240];
#ifdef SCT_UNDER_ASAN
    on_exit(exit_before_lsan, NULL);
#endif
    struct rlimit zero = {0, 0};
    setrlimit(RLIMIT_CORE, &zero);
    if (!(plan->omit & SCT_SB_MEMLIMIT)) {
        struct rlimit lim = {plan->memory_limit, plan->memory_limit};
        setrlimit(RLIMIT_FSIZE, &lim);
#ifdef SCT_UNDER_ASAN
        sct_sandbox_note(notes, cap, "no address-space limit under AddressSanitizer "
                         "(its shadow memory already takes terabytes of address "
                         "space); a single mapping above the limit is still refused");
#else
        if (setrlimit(RLIMIT_AS, &lim) == 0) {
            active |= SCT_SB_MEMLIMIT;
        } else {
            snprintf(buf, sizeof buf, "no memory limit (setrlimit: %s)", strerror(errno));
            sct_sandbox_note(notes, cap, buf);
        }
#endif
    }
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) {
        snprintf(buf, sizeof buf, "no seccomp or Landlock (no_new_privs: %s)",
                 strerror(errno));
        sct_sandbox_note(notes, cap, buf);
        return active;
    }
    if (!(plan->omit & SCT_SB_LANDLOCK) && apply_landlock(plan, notes, cap))
        active |= SCT_SB_LANDLOCK;
    if (plan->omit & SCT_SB_SECCOMP)
        return active;
    unsigned wanted = (SCT_SB_WRITE_WATCH | (plan->reads ? SCT_SB_READ_WATCH : 0)) &
                      ~plan->omit;
    unsigned watch = seccomp_api_get() >= 5 ? wanted : 0;
    char err[120] = "";
    bool helpers = false;
    for (size_t i = 0; plan->reads != NULL && i < plan->n_reads; i++)
        helpers = helpers || plan->reads[i][0] == 'x';
    unsigned got = load_filter(watch, helpers, getpid(), fds, plan->memory_limit,
                               notify_fd, err, sizeof err);
    if (got == 0 && watch) {
        snprintf(buf, sizeof buf, "no write or read watch (seccomp notification: %s)", err);
        sct_sandbox_note(notes, cap, buf);
        got = load_filter(0, false, getpid(), fds, plan->memory_limit,
                          notify_fd, err, sizeof err);
    } else if (watch != wanted) {
        sct_sandbox_note(notes, cap, "no write or read watch (libseccomp without "
                         "notifications)");
    }
    if (got == 0) {
        snprintf(buf, sizeof buf, "no seccomp filter (%s)", err);
        sct_sandbox_note(notes, cap, buf);
    }
    return active | got;
}

int sct_sandbox_omit_parse(const char *list, unsigned *omit, char *bad, size_t bad_cap)
{
    static const struct { const char *word; unsigned bit; } k[] = {
        {"pidns", SCT_SB_PIDNS}, {"netns", SCT_SB_NETNS}, {"seccomp", SCT_SB_SECCOMP},
        {"landlock", SCT_SB_LANDLOCK}, {"memlimit", SCT_SB_MEMLIMIT},
        {"writewatch", SCT_SB_WRITE_WATCH}, {"cpulimit", SCT_SB_CPULIMIT},
        {"readwatch", SCT_SB_READ_WATCH}};
    int rc = 0;
    *omit = 0;
    for (const char *p = list; p != NULL && *p != '\0';) {
        size_t n = strcspn(p, ",");
        size_t i = 0;
        while (i < sizeof k / sizeof k[0] &&
               !(strlen(k[i].word) == n && strncmp(p, k[i].word, n) == 0))
            i++;
        if (i < sizeof k / sizeof k[0])
            *omit |= k[i].bit;
        else if (n > 0 && rc == 0) {
            snprintf(bad, bad_cap, "%.*s", (int)n, p);
            rc = -1;
        }
        p += n + (p[n] == ',');
    }
    return rc;
}

unsigned sct_sandbox_omit_from_env(void)
{
    unsigned omit;
    char bad[64];
    (void)sct_sandbox_omit_parse(getenv("SONNX_CTS_SANDBOX_OMIT"), &omit, bad, sizeof bad);
    return omit;
}
