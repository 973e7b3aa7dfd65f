/*
 * fixture_plugin.c — a test plugin for the exec module's own tests, with
 * no dependency on the built-in kernels: Mul float32 and Div int32 on equal
 * shapes, plus ONE misbehaviour chosen by the init options string (the
 * harness passes --vendor-options there).  Each misbehaviour is what a real
 * runtime might do; the tests check the harness classifies it.
 */
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "sonnx_cts/plugin.h"

static char g_mode[64] = "ok";

static sonnx_status fx_init(const char *path, const char *options, char *msg,
                            size_t cap)
{
    (void)path;
    snprintf(g_mode, sizeof g_mode, "%s", options[0] ? options : "ok");
    if (!strcmp(g_mode, "init-fail")) {
        snprintf(msg, cap, "licence server unreachable");
        return SONNX_STATUS_ERROR;
    }
    if (!strcmp(g_mode, "init-crash"))
        raise(SIGSEGV);
    if (!strcmp(g_mode, "init-hang"))
        for (;;)
            pause();
    return SONNX_STATUS_OK;
}

static int is(const char *m) { return strcmp(g_mode, m) == 0; }

/* Every way this process has to write an input without a fault: make its
 * pages writable, map the arena's descriptor writable, write(2) to it,
 * shrink it.  The message lists what worked;
 * "none" is what the sealed input arena must give (docs/plugin-abi.md §5). */
static sonnx_status unseal_input(const sonnx_tensor *in, char *msg, size_t cap)
{
    long pg = sysconf(_SC_PAGESIZE);
    void *page = (void *)((uintptr_t)in[0].data & ~(uintptr_t)(pg - 1));
    char worked[256] = "";
    bool found = false;
    if (mprotect(page, (size_t)pg, PROT_READ | PROT_WRITE) == 0)
        strcat(worked, " mprotect");
    for (int fd = 3; fd < 64; fd++) {
        char link[64], target[256];
        snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
        ssize_t n = readlink(link, target, sizeof target - 1);
        if (n <= 0)
            continue;
        target[n] = '\0';
        if (strstr(target, "sonnx-cts-inputs") == NULL)
            continue;
        found = true;
        /* (a new open of it for writing is the sandbox's write watch's:
         * SANDBOX; the seal is the file's, whatever the descriptor) */
        void *p = mmap(NULL, (size_t)pg, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
        if (p != MAP_FAILED) {
            strcat(worked, " mmap");
            munmap(p, (size_t)pg);
        }
        unsigned char byte = 0;
        if (pwrite(fd, &byte, 1, 0) == 1)
            strcat(worked, " pwrite");
        if (ftruncate(fd, 0) == 0)
            strcat(worked, " ftruncate");
        if (fcntl(fd, F_GET_SEALS) == 0)
            strcat(worked, " unsealed");
    }
    snprintf(msg, cap, "%s", !found      ? "no input arena descriptor"
                             : worked[0] ? worked + 1
                                         : "none");
    return SONNX_STATUS_ERROR;
}

static volatile unsigned char g_sink;

/* A vendor thread that faults some time after run() has returned. */
static void *fault_later(void *arg)
{
    (void)arg;
    struct timespec ts = {0, 50 * 1000 * 1000};
    nanosleep(&ts, NULL);
    raise(SIGSEGV);
    return NULL;
}

static sonnx_status fx_query(const sonnx_op *op, const int32_t *types, size_t n,
                             char *msg, size_t cap)
{
    /* ABI 1.1: an op with attributes is answered with what arrived */
    if (op->n_attributes > 0) {
        snprintf(msg, cap, "%s: %zu attributes, first %s", op->op_type, op->n_attributes,
                 op->attributes[0].name);
        return SONNX_STATUS_UNSUPPORTED;
    }
    if (n == 2 && !strcmp(op->op_type, "Mul") && types[0] == SONNX_DT_FLOAT &&
        types[1] == SONNX_DT_FLOAT)
        return SONNX_STATUS_OK;
    if (n == 2 && !strcmp(op->op_type, "Div") && types[0] == SONNX_DT_INT32 &&
        types[1] == SONNX_DT_INT32)
        return SONNX_STATUS_OK;
    snprintf(msg, cap, "only Mul float32 and Div int32");
    return SONNX_STATUS_UNSUPPORTED;
}

/* Never reached in practice: only keeps the compiler from proving the
 * recursion infinite (-Winfinite-recursion). */
static volatile int g_depth_limit = 1 << 30;

static int recurse_forever(int depth)
{
    volatile char pad[256];
    pad[0] = (char)depth;
    if (depth > g_depth_limit)
        return 0;
    return recurse_forever(depth + 1) + pad[0];
}

/* The integer division a careless runtime does: no check for b == 0, so the
 * CPU raises SIGFPE (x86 #DE). volatile keeps the compiler from folding it. */
__attribute__((no_sanitize("integer-divide-by-zero", "signed-integer-overflow")))
static int32_t raw_div(volatile int32_t a, volatile int32_t b)
{
    return a / b;
}

/* Searches every readable mapping of this process for the test's marker:
 * 16 random bytes followed by the same bytes XOR 0x5A, 8-aligned (the test
 * puts one in the harness's heap before the worker starts).  A forked
 * worker would carry it; an exec'd one cannot. */
static bool scan_for_marker(void)
{
    FILE *maps = fopen("/proc/self/maps", "r");
    if (maps == NULL)
        return false;
    char line[512];
    bool found = false;
    while (!found && fgets(line, sizeof line, maps) != NULL) {
        unsigned long lo, hi, inode;
        char perm[8];
        /* anonymous memory only (heap, stacks, anonymous maps: where a
         * forked copy of the harness's data would be); a file mapping may
         * fault past its end (SIGBUS) */
        if (sscanf(line, "%lx-%lx %7s %*s %*s %lu", &lo, &hi, perm, &inode) != 4 ||
            perm[0] != 'r' || inode != 0 || strstr(line, "[vvar") != NULL ||
            strstr(line, "[vsyscall]") != NULL)
            continue;
        /* a sanitizer's shadow memory (terabytes of zero pages, readable):
         * not where a forked copy of the harness's heap would be, and too
         * large to read within the call's timeout */
        if (hi - lo > (1ul << 30))
            continue;
        for (unsigned long p = lo; p + 32 <= hi && !found; p += 8) {
            const unsigned char *m = (const unsigned char *)p;
            bool pair = m[0] != m[1] || m[1] != m[2]; /* not a run of one byte */
            for (int k = 0; pair && k < 16; k++)
                pair = m[16 + k] == (unsigned char)(m[k] ^ 0x5A);
            found = pair;
        }
    }
    fclose(maps);
    return found;
}

static sonnx_status fx_run(const sonnx_op *op, const sonnx_tensor *in, size_t n_in,
                           sonnx_tensor *out, size_t n_out, char *msg, size_t cap)
{
    if (n_in != 2 || n_out != 1 || in[0].nbytes != in[1].nbytes ||
        out[0].nbytes != in[0].nbytes) {
        snprintf(msg, cap, "fixture handles equal shapes only");
        return SONNX_STATUS_UNSUPPORTED;
    }
    size_t n = in[0].nbytes / 4;
    if (is("no-write")) { /* claims success, writes nothing */
        out[0].elem_type = in[0].elem_type;
        out[0].rank = in[0].rank;
        memcpy(out[0].dims, in[0].dims, sizeof out[0].dims);
        return SONNX_STATUS_OK;
    }
    if (is("read-past-input")) { /* reads into the page after A's last page */
        volatile const unsigned char *a = in[0].data;
        long pg = sysconf(_SC_PAGESIZE);
        g_sink = a[(in[0].nbytes + (uint64_t)pg - 1) / (uint64_t)pg * (uint64_t)pg];
    }
    if (is("count-fds")) { /* how many descriptors beyond stdio are open here */
        int open_fds = 0;
        for (int fd = 3; fd < 1024; fd++)
            open_fds += fcntl(fd, F_GETFD) != -1;
        snprintf(msg, cap, "%d", open_fds);
        return SONNX_STATUS_ERROR;
    }
    if (is("scan-memory")) { /* the harness's answers in this address space? */
        snprintf(msg, cap, "%s", scan_for_marker() ? "found" : "not found");
        return SONNX_STATUS_ERROR;
    }
    if (is("sigill"))
        __builtin_trap(); /* ud2 on x86: SIGILL */
    if (is("sigbus"))
        raise(SIGBUS);
    if (!strcmp(op->op_type, "Mul")) {
        const float *a = in[0].data, *b = in[1].data;
        float *c = out[0].data;
        if (is("hang") && n > 0 && a[0] == 7.0f)
            for (;;)
                pause();
        for (size_t i = 0; i < n; i++)
            c[i] = a[i] * b[i];
    } else {
        const int32_t *a = in[0].data, *b = in[1].data;
        int32_t *c = out[0].data;
        for (size_t i = 0; i < n; i++) {
            if (b[i] == 0 && !is("sigfpe"))
                c[i] = 0;
            else
                c[i] = raw_div(a[i], b[i]);
        }
    }
    out[0].elem_type = in[0].elem_type;
    out[0].rank = in[0].rank;
    memcpy(out[0].dims, in[0].dims, sizeof out[0].dims);

    if (is("sigsegv")) {
        volatile int *volatile wild = NULL; /* a stale pointer, say */
        *wild = 1;
    }
    if (is("abort"))
        abort();
    if (is("exit3"))
        exit(3);
    if (is("stack-overflow"))
        return (sonnx_status)recurse_forever(0);
    if (is("write-past"))
        ((unsigned char *)out[0].data)[out[0].nbytes] = 0; /* one byte past */
    if (is("write-past-short") && n < 1024) /* only a short call overruns */
        ((unsigned char *)out[0].data)[out[0].nbytes] = 0;
    if (is("write-past-element")) /* one whole element past the end */
        ((float *)out[0].data)[n] = 0.0f;
    if (is("write-before"))
        ((unsigned char *)out[0].data)[-1] = 0;
    if (is("write-input"))
        ((unsigned char *)in[0].data)[0] ^= 1;
    if (is("mprotect-input")) { /* tries to lift the read-only mapping, writes anyway */
        long pg = sysconf(_SC_PAGESIZE);
        void *page = (void *)((uintptr_t)in[0].data & ~(uintptr_t)(pg - 1));
        (void)mprotect(page, (size_t)pg, PROT_READ | PROT_WRITE);
        ((unsigned char *)in[0].data)[0] ^= 1;
    }
    if (is("unseal-input")) /* every other way to write the input arena */
        return unseal_input(in, msg, cap);
    if (is("status42"))
        return (sonnx_status)42;
    if (is("error")) {
        snprintf(msg, cap, "internal error on a valid case");
        return SONNX_STATUS_ERROR;
    }
    if (is("bad-dims"))
        out[0].dims[0] += 1;
    if (is("bad-type"))
        out[0].elem_type = SONNX_DT_DOUBLE;
    if (is("swap-pointer")) {
        static unsigned char own[1 << 12];
        out[0].data = own;
    }
    if (is("stdout"))
        printf("chatter from the vendor\n");
    if (is("crash-later")) {
        static int started;
        pthread_t t;
        if (!started++ && pthread_create(&t, NULL, fault_later, NULL) == 0)
            pthread_detach(t);
    }
    return SONNX_STATUS_OK;
}

SONNX_PLUGIN_EXPORT const sonnx_plugin_entry sonnx_plugin_entry_v1 = {
    .abi_major = SONNX_PLUGIN_ABI_MAJOR,
    .abi_minor = SONNX_PLUGIN_ABI_MINOR,
    .struct_size = sizeof(sonnx_plugin_entry),
    .vendor = "sonnx-cts tests",
    .runtime_name = "fixture",
    .runtime_version = "1",
    .init = fx_init,
    .query = fx_query,
    .run = fx_run,
};
