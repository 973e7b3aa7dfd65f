/*
 * fault_reporter.c — in the isolated worker only: a handler for the fatal
 * signals (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT; SIGSYS of a system call
 * the sandbox's seccomp filter trapped, with the call's number and
 * arguments; SIGXFSZ of the file size limit) that sends the signal
 * number and fault address to the parent and _exit()s, so the parent can
 * name the case and classify the fault (guard page → WRITE_PAST_OUTPUT,
 * read-only input → WRITE_TO_INPUT, else CRASH).
 *
 * Async-signal-safety: the handler only stores into a static, pre-zeroed
 * message and calls write() and _exit(), both async-signal-safe (POSIX
 * 2.4.3).  It runs on an alternate stack so that a stack overflow in vendor
 * code (SIGSEGV with no stack left) is still reported.
 *
 * Under ASan (SONNX_CTS_SANITIZE=ON) the runtime has already installed its
 * own SIGSEGV/SIGBUS/SIGFPE handlers at start-up; sigaction() here replaces
 * them because ASan's default allow_user_segv_handler=1 lets a user handler
 * win (tested by harness/exec/tests under the sanitizer build).
 */
#include <signal.h>
#include <ucontext.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "worker_protocol.h"

static int g_fault_sock = -1;
static sct_wire_reply g_fault_msg; /* static: no stack needed in the handler */
static volatile uint64_t g_arena_base, g_input_base;
static unsigned char g_alt_stack[1 << 16];

static void fault_handler(int signo, siginfo_t *info, void *uctx)
{
    g_fault_msg.kind = SCT_REPLY_FAULT;
    g_fault_msg.signo = signo;
    g_fault_msg.si_code = info ? info->si_code : 0;
    g_fault_msg.fault_addr = info ? (uint64_t)(uintptr_t)info->si_addr : 0;
    g_fault_msg.arena_base = g_arena_base;
    g_fault_msg.input_base = g_input_base;
    if (signo == SIGSYS && info != NULL) {
        /* a call the sandbox's seccomp filter trapped: its number and
         * arguments (the registers of the call) go into the report */
        g_fault_msg.syscall_nr = info->si_syscall;
        const ucontext_t *uc = uctx;
#if defined(__x86_64__)
        static const int regs[6] = {REG_RDI, REG_RSI, REG_RDX, REG_R10, REG_R8, REG_R9};
        for (int i = 0; uc != NULL && i < 6; i++)
            g_fault_msg.syscall_args[i] = (uint64_t)uc->uc_mcontext.gregs[regs[i]];
#elif defined(__aarch64__)
        for (int i = 0; uc != NULL && i < 6; i++)
            g_fault_msg.syscall_args[i] = uc->uc_mcontext.regs[i];
#else
        (void)uc;
#endif
    }
    if (g_fault_sock >= 0) {
        ssize_t w = write(g_fault_sock, &g_fault_msg, sizeof g_fault_msg);
        (void)w; /* nothing more can be done from here */
    }
    _exit(128 + signo);
}

int sct_fault_reporter_install(int sock)
{
    static const int signals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT,
                                  SIGSYS, SIGXFSZ};
    g_fault_sock = sock;
    stack_t ss;
    memset(&ss, 0, sizeof ss);
    ss.ss_sp = g_alt_stack;
    ss.ss_size = sizeof g_alt_stack;
    if (sigaltstack(&ss, NULL) != 0)
        return -1;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = fault_handler;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigfillset(&sa.sa_mask); /* no other handler interleaves with ours */
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++)
        if (sigaction(signals[i], &sa, NULL) != 0)
            return -1;
    return 0;
}

void sct_fault_reporter_set_arena(const void *outputs, const void *inputs)
{
    g_arena_base = (uint64_t)(uintptr_t)outputs;
    g_input_base = (uint64_t)(uintptr_t)inputs;
}
