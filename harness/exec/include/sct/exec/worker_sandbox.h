/*
 * worker_sandbox.h — confinement of the isolated worker: what a
 * plugin may not do (docs/plugin-abi.md §5.1) enforced by the kernel:
 * PID and network namespaces (sandbox_keeper.c), a seccomp filter and a
 * Landlock ruleset (worker_sandbox.c, in the worker before the plugin is
 * loaded), address-space and CPU limits; the harness side watches file
 * writes (sandbox_notify.c) and describes what was set up
 * (sandbox_describe.c).  Internal to sct_exec.
 */
#ifndef SCT_EXEC_WORKER_SANDBOX_H
#define SCT_EXEC_WORKER_SANDBOX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* Protections, as bits of "what is active". */
#define SCT_SB_PIDNS 0x01u       /* worker is init of its own PID namespace */
#define SCT_SB_NETNS 0x02u       /* own network namespace: no interface */
#define SCT_SB_SECCOMP 0x04u     /* system call filter */
#define SCT_SB_LANDLOCK 0x08u    /* writes only under the scratch directory */
#define SCT_SB_MEMLIMIT 0x10u    /* RLIMIT_AS = the memory limit */
#define SCT_SB_WRITE_WATCH 0x20u /* opens for writing reported to the harness */
#define SCT_SB_CPULIMIT 0x40u    /* CPU time per call (the harness's clock) */
#define SCT_SB_READ_WATCH 0x80u  /* opens for reading checked by the harness */
#define SCT_SB_ALL 0xffu
#define SCT_SB_USERNS 0x100u     /* informational: namespaces via a user ns */

/* Exit code of a worker whose socket to the harness is gone (the plugin
 * closed or replaced it, or the harness died). */
#define SCT_WORKER_EXIT_LOST_SOCKET 125

/* What the worker is to set up. */
typedef struct sct_sandbox_plan {
    bool enabled;          /* false: nothing at all (no sandbox) */
    uint64_t memory_limit; /* bytes, > 0 */
    const char *scratch;   /* private writable directory (absolute) */
    unsigned omit;         /* SCT_SB_* left out on purpose (tests) */
    /* Landlock read rules (sandbox_reads.c: 'r'/'d' + path; 'x' + path: a
     * helper program the plugin may run, --sandbox-helper); the worker adds
     * its scratch directory and its own /proc/<pid>.  NULL: reading is not
     * confined (the unit tests of the filter alone). */
    char *const *reads;
    size_t n_reads;
} sct_sandbox_plan;

/* What the worker may read, computed by the harness (sandbox_reads.c). */
typedef struct sct_sandbox_read_request {
    const char *plugin_path;        /* its directory is readable */
    const char *vendor_options;     /* absolute paths in it are readable */
    const char *const *extra;       /* --sandbox-read DIR, each */
    size_t n_extra;
    const char *const *helpers;     /* programs the plugin may run */
    size_t n_helpers;
    const char *const *hidden;      /* resolved paths never readable: the
                                     * vector set, the report files */
    size_t n_hidden;
} sct_sandbox_read_request;

typedef struct sct_sandbox_reads {
    char **rules;                   /* 'r' + path: read beneath; 'd' + path: list;
                                     * 'x' + path: a helper program */
    size_t n, cap;
    char widened[1024];             /* beyond the defaults, for the identity */
} sct_sandbox_reads;

/* Builds the read rules of `q` (missing paths skipped).  0, or -1 (out of
 * memory). */
int sct_sandbox_reads_build(const sct_sandbox_read_request *q, sct_sandbox_reads *r);

/* Whether the resolved `path` is a declared helper program. */
bool sct_sandbox_reads_helper(const sct_sandbox_reads *r, const char *path);

/* Whether the resolved `path` may be read (a directory: listed). */
bool sct_sandbox_reads_allow(const sct_sandbox_reads *r, const char *path, bool is_dir);

void sct_sandbox_reads_free(sct_sandbox_reads *r);

/* What the write and read watch decide on (sct_sandbox_notify_handle). */
typedef struct sct_sandbox_watch {
    const char *scratch;            /* writable and readable */
    const sct_sandbox_reads *reads; /* NULL: reads are not watched */
    const sct_sandbox_reads *spawns; /* its helper programs ('x' rules) */
    pid_t worker;                   /* its /proc/<pid> is readable */
} sct_sandbox_watch;

/* Parses a list of protections to leave out on purpose ("seccomp,landlock,
 * pidns,netns,memlimit,writewatch,cpulimit", comma-separated): `run
 * --sandbox-omit LIST` (a runtime that cannot work inside one layer, e.g.
 * PoCL's LLVM installs a SIGSYS handler) or SONNX_CTS_SANDBOX_OMIT (tests:
 * the layer behind each protection alone).  0 with *omit set, or -1 with the
 * first unknown word copied into bad. */
int sct_sandbox_omit_parse(const char *list, unsigned *omit, char *bad, size_t bad_cap);

/* sct_sandbox_omit_parse of $SONNX_CTS_SANDBOX_OMIT; unknown words ignored. */
unsigned sct_sandbox_omit_from_env(void);

/* In the freshly forked child (single-threaded): enters new PID and
 * network namespaces.  The calling process becomes a keeper that waits for
 * the worker (init of the new PID namespace), ends with the same status and
 * never returns; 0 is returned in the worker.  When the namespaces cannot be
 * created, returns 0 in the calling process itself (no keeper) with the
 * reason appended to `notes`.  `*active` gets SCT_SB_PIDNS/NETNS/USERNS.
 * The keeper tells the harness the worker's pid on `sock` (a KEEPER reply,
 * worker_protocol.h), for the worker's CPU clock. */
int sct_sandbox_enter_namespaces(int sock, unsigned omit, unsigned *active,
                                 char *notes, size_t cap);

/* In the worker, before the plugin is loaded: limits, Landlock, seccomp.
 * `sock`, `arena_fd` and `input_fd` (the input arena; -1: none) stay the
 * worker's (the filter refuses closing or replacing them).  `*notify_fd`
 * gets the seccomp notification descriptor of the write watch, or -1.
 * Returns the SCT_SB_* bits set up; what could not be set up is appended
 * to `notes`. */
unsigned sct_sandbox_confine(const sct_sandbox_plan *plan, int sock, int arena_fd,
                             int input_fd, int *notify_fd, char *notes, size_t cap);

/* Harness side: handles one pending notification on `notify_fd` (an open
 * in the worker): for writing, allowed under the scratch directory and for
 * /dev/null; for reading, allowed where `w->reads` allows (and the scratch
 * directory, the worker's own /proc); else refused with EACCES.  0:
 * handled, nothing wrong; 1: a violation, `msg` says what was attempted;
 * -1: nothing to handle (worker gone). */
int sct_sandbox_notify_handle(int notify_fd, const sct_sandbox_watch *w, char *msg,
                              size_t cap);

/* Harness side: a fresh private scratch directory in $TMPDIR (or /tmp),
 * its real path in `out` (the write watch compares resolved paths).  0, or
 * -1 with `err` naming the directory and the reason. */
int sct_sandbox_scratch_create(char *out, size_t cap, char *err, size_t err_cap);

/* Removes `dir` and everything in it (whatever the plugin left; symbolic
 * links are removed, never followed); "" is ignored and `dir` becomes "". */
void sct_sandbox_scratch_remove(char *dir);

/* The name of system call `nr` of the native architecture, or NULL. */
const char *sct_sandbox_syscall_name(int nr);

/* Human description of a blocked system call (SIGSYS from the filter). */
void sct_sandbox_describe_syscall(int nr, const uint64_t args[6], char *out,
                                  size_t cap);

/* "sandboxed child process: ... ; not set up: ..." for the identity. */
void sct_sandbox_describe(unsigned active, uint64_t memory_limit, double cpu_limit,
                          const char *notes, char *out, size_t cap);

/* "left out on purpose (SONNX_CTS_SANDBOX_OMIT): seccomp, ..." */
void sct_sandbox_describe_omitted(unsigned omit, char *out, size_t cap);

/* Appends `text` to NUL-terminated `buf` ("; " between items). */
void sct_sandbox_note(char *buf, size_t cap, const char *text);

#endif /* SCT_EXEC_WORKER_SANDBOX_H */
