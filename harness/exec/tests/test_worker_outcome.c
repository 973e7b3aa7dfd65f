/*
 * test_worker_outcome.c — the one mapping from how the wait for the
 * worker's reply ended to a result and the worker's fate
 * (worker_outcome.c): every outcome, while the plugin loads, during a call
 * and between calls, with the exact status and message a report shows.
 */
#include <check.h>
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include "worker_outcome.h"
#include "sct_check_main.h"

#define PATH "/opt/vendor/libx.so"
#define CPU "used 2.50 s of CPU time in one call, beyond the CPU limit of 2 s " \
            "(--cpu-limit); plugin process killed"
#define SOCKET_TRAP "socket(domain 2): a socket other than AF_UNIX (network access blocked)"

enum { NONE = 0 }; /* no reply: the wait did not end with one */

static const struct {
    sct_worker_phase phase;
    sct_wait_outcome wait;
    int kind;        /* reply kind (SCT_GOT_REPLY) */
    int signo;       /* SCT_REPLY_FAULT */
    int end_status;  /* wait status of the ended worker */
    sct_worker_fate fate;
    sct_exec_status status;
    int signal_number;
    int exit_code;
    double seconds;
    const char *message;
} rows[] = {
    /* during a call */
    {SCT_PHASE_CALL, SCT_GOT_REPLY, SCT_REPLY_DONE, 0, 0, SCT_WORKER_KEEP, SCT_EXEC_OK,
     0, -1, 0.125, " "},
    {SCT_PHASE_CALL, SCT_GOT_VIOLATION, NONE, 0, 0, SCT_WORKER_KILL, SCT_EXEC_SANDBOX,
     0, -1, 1.5, CPU},
    {SCT_PHASE_CALL, SCT_GOT_TIMEOUT, NONE, 0, 0, SCT_WORKER_KILL, SCT_EXEC_TIMEOUT,
     0, -1, 1.5, "no answer within the timeout of 2.5 s; plugin process killed"},
    {SCT_PHASE_CALL, SCT_GOT_EOF, NONE, 0, W_EXITCODE(3, 0), SCT_WORKER_REAP,
     SCT_EXEC_CRASH, 0, 3, 1.5, "plugin process exited with code 3 during the call"},
    {SCT_PHASE_CALL, SCT_GOT_EOF, NONE, 0, SIGKILL, SCT_WORKER_REAP, SCT_EXEC_CRASH,
     SIGKILL, -1, 1.5, "plugin process killed by signal 9 (Killed) during the call"},
    {SCT_PHASE_CALL, SCT_GOT_EOF, NONE, 0, SIGSYS, SCT_WORKER_REAP, SCT_EXEC_SANDBOX,
     SIGSYS, -1, 1.5,
     "a system call the sandbox forbids, with SIGSYS blocked by the plugin; plugin "
     "process killed by signal 31 (SIGSYS) during the call"},
    {SCT_PHASE_CALL, SCT_GOT_EOF, NONE, 0, W_EXITCODE(125, 0), SCT_WORKER_REAP,
     SCT_EXEC_CRASH, 0, 125, 1.5,
     "plugin process lost its connection to the harness during the call (the plugin "
     "closed or replaced the worker's socket; exit code 125)"},
    {SCT_PHASE_CALL, SCT_GOT_ERROR, NONE, 0, 0, SCT_WORKER_KILL, SCT_EXEC_HARNESS_ERROR,
     0, -1, 1.5, "malformed reply from the plugin process (Protocol error); process killed"},
    {SCT_PHASE_CALL, SCT_GOT_REPLY, SCT_REPLY_FAULT, SIGSEGV, 0, SCT_WORKER_REAP,
     SCT_EXEC_CRASH, SIGSEGV, -1, 1.5,
     "plugin crashed with signal 11 (Segmentation fault), si_code 1, address 0x7f0000001000"},
    {SCT_PHASE_CALL, SCT_GOT_REPLY, SCT_REPLY_FAULT, SIGSYS, 0, SCT_WORKER_REAP,
     SCT_EXEC_SANDBOX, SIGSYS, -1, 1.5, SOCKET_TRAP},
    {SCT_PHASE_CALL, SCT_GOT_REPLY, SCT_REPLY_FAULT, SIGXFSZ, 0, SCT_WORKER_REAP,
     SCT_EXEC_SANDBOX, SIGXFSZ, -1, 1.5,
     "wrote a file beyond the file size limit (the memory limit, 1048576 bytes; SIGXFSZ)"},
    {SCT_PHASE_CALL, SCT_GOT_REPLY, SCT_REPLY_WORKER_FAILED, 0, 0, SCT_WORKER_KILL,
     SCT_EXEC_HARNESS_ERROR, 0, -1, 1.5, "worker: cannot map the arena"},
    {SCT_PHASE_CALL, SCT_GOT_REPLY, SCT_REPLY_OPENED, 0, 0, SCT_WORKER_KILL,
     SCT_EXEC_HARNESS_ERROR, 0, -1, 1.5, "worker: cannot map the arena"},
    /* while loading or in init */
    {SCT_PHASE_OPEN, SCT_GOT_REPLY, SCT_REPLY_OPENED, 0, 0, SCT_WORKER_KEEP, SCT_EXEC_OK,
     0, -1, 1.5, " "},
    {SCT_PHASE_OPEN, SCT_GOT_VIOLATION, NONE, 0, 0, SCT_WORKER_KILL, SCT_EXEC_SANDBOX,
     0, -1, 1.5, PATH ": while loading or in init: " CPU},
    {SCT_PHASE_OPEN, SCT_GOT_TIMEOUT, NONE, 0, 0, SCT_WORKER_KILL, SCT_EXEC_TIMEOUT,
     0, -1, 1.5, PATH ": loading or init did not finish within 2.5 s"},
    {SCT_PHASE_OPEN, SCT_GOT_REPLY, SCT_REPLY_OPEN_FAILED, 0, 0, SCT_WORKER_REAP,
     SCT_EXEC_HARNESS_ERROR, 0, -1, 1.5, "worker: cannot map the arena"},
    {SCT_PHASE_OPEN, SCT_GOT_REPLY, SCT_REPLY_WORKER_FAILED, 0, 0, SCT_WORKER_REAP,
     SCT_EXEC_HARNESS_ERROR, 0, -1, 1.5, "worker: cannot map the arena"},
    {SCT_PHASE_OPEN, SCT_GOT_REPLY, SCT_REPLY_FAULT, SIGSYS, 0, SCT_WORKER_REAP,
     SCT_EXEC_SANDBOX, SIGSYS, -1, 1.5,
     PATH ": sandbox violation while loading or in init: " SOCKET_TRAP},
    {SCT_PHASE_OPEN, SCT_GOT_REPLY, SCT_REPLY_FAULT, SIGSEGV, 0, SCT_WORKER_REAP,
     SCT_EXEC_CRASH, SIGSEGV, -1, 1.5,
     PATH ": crashed while loading or in init: signal 11 (Segmentation fault)"},
    {SCT_PHASE_OPEN, SCT_GOT_REPLY, SCT_REPLY_FAULT, SIGXFSZ, 0, SCT_WORKER_REAP,
     SCT_EXEC_CRASH, SIGXFSZ, -1, 1.5,
     PATH ": crashed while loading or in init: signal 25 (File size limit exceeded)"},
    {SCT_PHASE_OPEN, SCT_GOT_EOF, NONE, 0, W_EXITCODE(1, 0), SCT_WORKER_REAP,
     SCT_EXEC_CRASH, 0, 1, 1.5,
     PATH ": plugin process exited with code 1 while loading or in init"},
    {SCT_PHASE_OPEN, SCT_GOT_ERROR, NONE, 0, SIGKILL, SCT_WORKER_REAP, SCT_EXEC_CRASH,
     SIGKILL, -1, 1.5,
     PATH ": plugin process killed by signal 9 (Killed) while loading or in init"},
    {SCT_PHASE_OPEN, SCT_GOT_REPLY, SCT_REPLY_DONE, 0, SIGKILL, SCT_WORKER_REAP,
     SCT_EXEC_CRASH, SIGKILL, -1, 1.5,
     PATH ": plugin process killed by signal 9 (Killed) while loading or in init"},
    /* between calls: whatever came, the worker died */
    {SCT_PHASE_IDLE, SCT_GOT_REPLY, SCT_REPLY_FAULT, SIGSEGV, 0, SCT_WORKER_REAP,
     SCT_EXEC_CRASH, SIGSEGV, -1, 1.5,
     "plugin process crashed with signal 11 (Segmentation fault) between calls, after "
     "the previous call had returned"},
    {SCT_PHASE_IDLE, SCT_GOT_EOF, NONE, 0, W_EXITCODE(0, 0), SCT_WORKER_REAP,
     SCT_EXEC_CRASH, 0, 0, 1.5, "plugin process exited with code 0 between calls"},
    {SCT_PHASE_IDLE, SCT_GOT_ERROR, NONE, 0, SIGKILL, SCT_WORKER_REAP, SCT_EXEC_CRASH,
     SIGKILL, -1, 1.5, "plugin process killed by signal 9 (Killed) between calls"},
    {SCT_PHASE_IDLE, SCT_GOT_REPLY, SCT_REPLY_DONE, 0, SIGABRT, SCT_WORKER_REAP,
     SCT_EXEC_CRASH, SIGABRT, -1, 1.5, "plugin process killed by signal 6 (Aborted) between calls"},
};

static struct {
    int calls;
    sct_worker_fate fate;
    int status;
} ended;

static int fake_end(void *worker, sct_worker_fate fate)
{
    ck_assert_ptr_eq(worker, &ended);
    ended.calls++;
    ended.fate = fate;
    return ended.status;
}

START_TEST(outcome_row)
{
    static sct_wire_reply reply;
    memset(&reply, 0, sizeof reply);
    reply.kind = rows[_i].kind;
    reply.signo = rows[_i].signo;
    reply.si_code = 1;
    reply.fault_addr = 0x7f0000001000ull;
    reply.seconds = 0.125;
    reply.syscall_nr = SYS_socket;
    reply.syscall_args[0] = 2; /* AF_INET */
    strcpy(reply.message, "worker: cannot map the arena");
    sct_worker_wait w = {rows[_i].phase, rows[_i].wait,
                         rows[_i].wait == SCT_GOT_REPLY ? &reply : NULL, EPROTO, 1.5,
                         PATH, 2.5, 1048576, CPU};
    memset(&ended, 0, sizeof ended);
    ended.status = rows[_i].end_status;
    sct_exec_result r = sct_worker_outcome(&w, fake_end, &ended);
    ck_assert_str_eq(r.message, rows[_i].message);
    ck_assert_int_eq(r.status, rows[_i].status);
    ck_assert_int_eq(r.signal_number, rows[_i].signal_number);
    ck_assert_int_eq(r.exit_code, rows[_i].exit_code);
    ck_assert_double_eq(r.seconds, rows[_i].seconds);
    if (rows[_i].fate == SCT_WORKER_KEEP) {
        ck_assert_int_eq(ended.calls, 0);
    } else {
        ck_assert_int_eq(ended.calls, 1);
        ck_assert_int_eq(ended.fate, rows[_i].fate);
    }
}
END_TEST

int main(void)
{
    return sct_check_run_rows("worker_outcome", outcome_row, sizeof rows / sizeof rows[0]);
}
