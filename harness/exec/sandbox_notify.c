/*
 * sandbox_notify.c — the harness side of the write watch: the
 * worker's seccomp filter passes every open that may write (O_WRONLY,
 * O_RDWR, O_CREAT, O_TRUNC; creat) to the harness as a notification
 * (seccomp_unotify(2)).  The harness reads the path from the worker's
 * memory, resolves it against the worker's working directory or the
 * directory descriptor, and lets the call go on when it lies beneath the
 * scratch directory (or is /dev/null); anything else is refused with EACCES
 * and reported as a violation naming the path.
 *
 * The decision is for the REPORT, not the protection: the path is read
 * from memory the plugin controls (a second thread could change it after
 * the check; seccomp_unotify(2), "Caveats"), so the kernel-side guard is
 * Landlock, which the worker applied before loading the plugin.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <seccomp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "sct/exec/worker_sandbox.h"

/* Reads a NUL-terminated string at `addr` of process `pid`. */
static bool read_remote_str(pid_t pid, uint64_t addr, char *out, size_t cap)
{
    char file[64];
    snprintf(file, sizeof file, "/proc/%d/mem", (int)pid);
    int fd = open(file, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return false;
    ssize_t n = pread(fd, out, cap - 1, (off_t)addr);
    close(fd);
    if (n <= 0)
        return false;
    out[n] = '\0';
    return memchr(out, '\0', (size_t)n) != NULL || (size_t)n < cap - 1;
}

/* Lexical normalisation of an absolute path: "//", "/./" and "/x/.." go. */
static void normalise(char *p)
{
    char *out = p;
    const char *in = p;
    while (*in) {
        while (*in == '/')
            in++;
        const char *seg = in;
        while (*in && *in != '/')
            in++;
        size_t n = (size_t)(in - seg);
        if (n == 0 || (n == 1 && seg[0] == '.'))
            continue;
        if (n == 2 && seg[0] == '.' && seg[1] == '.') {
            while (out > p && *--out != '/')
                ;
            continue;
        }
        *out++ = '/';
        memmove(out, seg, n);
        out += n;
    }
    if (out == p)
        *out++ = '/';
    *out = '\0';
}

/* The absolute path the worker names with (dirfd, path). */
static bool resolve(pid_t pid, int dirfd, const char *path, char *out, size_t cap)
{
    if (path[0] == '/') {
        snprintf(out, cap, "%s", path);
    } else {
        char link[64], base[PATH_MAX];
        if (dirfd == AT_FDCWD)
            snprintf(link, sizeof link, "/proc/%d/cwd", (int)pid);
        else
            snprintf(link, sizeof link, "/proc/%d/fd/%d", (int)pid, dirfd);
        ssize_t n = readlink(link, base, sizeof base - 1);
        if (n <= 0)
            return false;
        base[n] = '\0';
        if ((size_t)snprintf(out, cap, "%s/%s", base, path) >= cap)
            return false;
    }
    normalise(out);
    return true;
}

static bool beneath(const char *path, const char *dir)
{
    size_t n = strlen(dir);
    return strncmp(path, dir, n) == 0 && (path[n] == '/' || path[n] == '\0');
}

/* /proc/self and /proc/thread-self name the WORKER's directory: in the
 * harness they would name the harness's own.  So do the links into them
 * (/proc/mounts -> self/mounts, /proc/net -> self/net), rewritten first. */
static void worker_proc(char *abs, size_t cap, pid_t tid)
{
    if (strncmp(abs, "/proc/", 6) == 0 && !(abs[6] >= '0' && abs[6] <= '9')) {
        size_t len = 6 + strcspn(abs + 6, "/");
        char entry[PATH_MAX], target[PATH_MAX], out[PATH_MAX];
        ssize_t n = -1;
        if (len < sizeof entry) {
            memcpy(entry, abs, len);
            entry[len] = '\0';
            n = readlink(entry, target, sizeof target - 1);
        }
        if (n > 0) {
            target[n] = '\0';
            if ((strncmp(target, "self/", 5) == 0 || strncmp(target, "thread-self/", 12) == 0) &&
                (size_t)snprintf(out, sizeof out, "/proc/%s%s", target, abs + len) < sizeof out)
                snprintf(abs, cap, "%s", out);
        }
    }
    static const char *const self[] = {"/proc/self", "/proc/thread-self"};
    for (int i = 0; i < 2; i++)
        if (beneath(abs, self[i])) {
            size_t skip = strlen(self[i]), len = strlen(abs + skip);
            char head[32];
            int hn = snprintf(head, sizeof head, "/proc/%d", (int)tid);
            if (hn < 0 || (size_t)hn + len + 1 > cap)
                return;
            memmove(abs + hn, abs + skip, len + 1);
            memcpy(abs, head, (size_t)hn);
            return;
        }
}

/* A read (open without write flags): allowed beneath the scratch
 * directory, the worker's /proc/<pid> and where the read rules allow.  A
 * path that does not exist is let through: the kernel answers ENOENT and
 * nothing is read. */
static bool read_allowed(const sct_sandbox_watch *w, pid_t tid, char *abs, size_t cap)
{
    worker_proc(abs, cap, tid);
    char real[PATH_MAX];
    struct stat st;
    if (realpath(abs, real) == NULL || stat(real, &st) != 0)
        return true;
    snprintf(abs, cap, "%s", real);
    char own[64], thread[64];
    snprintf(own, sizeof own, "/proc/%d", (int)w->worker);
    snprintf(thread, sizeof thread, "/proc/%d", (int)tid);
    /* a directory outside: Landlock refuses the listing, quietly — runtimes
     * probe toolchain directories (LLVM in PoCL opens /opt), and a name
     * list holds no answer; a FILE outside is what is reported */
    if (S_ISDIR(st.st_mode))
        return true;
    return beneath(real, w->scratch) || strcmp(real, "/dev/null") == 0 ||
           (w->worker > 0 && beneath(real, own)) || beneath(real, thread) ||
           sct_sandbox_reads_allow(w->reads, real, S_ISDIR(st.st_mode));
}

/* A process or a program (only notified with declared helper programs):
 * a process may be created; a program is run only when it resolves to a
 * helper, or does not exist (the kernel answers ENOENT: execvp tries each
 * PATH entry).  Like the write watch, the decision reads the path from the
 * plugin's memory, which a second thread could change after the check
 * (seccomp_unotify(2)); what would then run stays in the namespaces, under
 * the same filter and Landlock, whose execute right bounds it to the
 * system's and the declared trees. */
static int spawn_decision(int notify_fd, const sct_sandbox_watch *w,
                          const struct seccomp_notif *req, struct seccomp_notif_resp *resp,
                          char *msg, size_t cap)
{
    int nr = req->data.nr;
    resp->id = req->id;
    bool ok = true;
    char path[PATH_MAX], abs[2 * PATH_MAX + 2], real[PATH_MAX];
    if (nr == SYS_execve || nr == SYS_execveat) {
        bool at = nr == SYS_execveat;
        bool known = read_remote_str((pid_t)req->pid, req->data.args[at ? 1 : 0], path,
                                     sizeof path) &&
                     seccomp_notify_id_valid(notify_fd, req->id) == 0 &&
                     resolve((pid_t)req->pid, at ? (int)req->data.args[0] : AT_FDCWD, path,
                             abs, sizeof abs);
        ok = known && (realpath(abs, real) == NULL ||
                       sct_sandbox_reads_helper(w->spawns, real));
        if (!ok)
            snprintf(msg, cap, "%s: running another program (%s; blocked: not a declared "
                     "--sandbox-helper)", nr == SYS_execve ? "execve" : "execveat",
                     known ? real : "path unreadable");
    }
    if (ok) {
        resp->flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE;
    } else {
        resp->error = -EPERM;
    }
    if (seccomp_notify_respond(notify_fd, resp) != 0 && ok)
        return -1;
    return ok ? 0 : 1;
}

int sct_sandbox_notify_handle(int notify_fd, const sct_sandbox_watch *w, char *msg,
                              size_t cap)
{
    struct seccomp_notif *req = NULL;
    struct seccomp_notif_resp *resp = NULL;
    if (seccomp_notify_alloc(&req, &resp) != 0)
        return -1;
    int verdict = -1;
    if (seccomp_notify_receive(notify_fd, req) != 0)
        goto out;
    int nr = req->data.nr;
    if (nr == SYS_clone || nr == SYS_fork || nr == SYS_vfork || nr == SYS_execve ||
        nr == SYS_execveat) {
        verdict = spawn_decision(notify_fd, w, req, resp, msg, cap);
        goto out;
    }
    bool is_openat = nr == SYS_openat;
    uint64_t path_arg = is_openat ? req->data.args[1] : req->data.args[0];
    int dirfd = is_openat ? (int)req->data.args[0] : AT_FDCWD;
    uint64_t flags = nr == SYS_creat ? O_CREAT : is_openat ? req->data.args[2]
                                                           : req->data.args[1];
    bool writes = (flags & O_ACCMODE) != O_RDONLY || (flags & (O_CREAT | O_TRUNC)) != 0;
    char path[PATH_MAX], abs[2 * PATH_MAX + 2];
    bool known = read_remote_str((pid_t)req->pid, path_arg, path, sizeof path) &&
                 seccomp_notify_id_valid(notify_fd, req->id) == 0 &&
                 resolve((pid_t)req->pid, dirfd, path, abs, sizeof abs);
    resp->id = req->id;
    bool ok;
    if (!writes)
        ok = w->reads == NULL || (known && read_allowed(w, (pid_t)req->pid, abs, sizeof abs));
    else
        ok = known && (beneath(abs, w->scratch) || strcmp(abs, "/dev/null") == 0);
    if (ok) {
        resp->flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE; /* Landlock still decides */
        verdict = 0;
    } else {
        resp->error = -EACCES;
        if (known && writes)
            snprintf(msg, cap, "opened %s for writing, outside the scratch directory "
                     "(refused)", abs);
        else if (known)
            snprintf(msg, cap, "opened %s for reading, outside what the plugin may read "
                     "(refused; docs/plugin-abi.md 5.1)", abs);
        else
            snprintf(msg, cap, "opened a file for %s whose path could not be read "
                     "(refused)", writes ? "writing" : "reading");
        verdict = 1;
    }
    if (seccomp_notify_respond(notify_fd, resp) != 0 && verdict == 0)
        verdict = -1; /* the worker went away meanwhile */
out:
    seccomp_notify_free(req, resp);
    return verdict;
}
