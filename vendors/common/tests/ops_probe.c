/*
 * ops_probe.c — a small driver that calls an adapter through the plugin ABI
 * (dlopen, entry, init, query, run) the way the harness does, for the ctests
 * <prefix>_ops_probe (vendors/common/adapter_tests.cmake):
 *
 *   ops_probe PLUGIN OPTIONS OP=WANT...
 *
 * 1. An op the adapter does not map ("Tanh", with one and with two float32
 *    inputs) must be UNSUPPORTED with a message naming it: never a silent
 *    fall-through to another op's behaviour.
 * 2. Each OP=WANT (WANT: OK or UNSUPPORTED) is query()'s answer on float32
 *    inputs, as many as the op's arity in ops/operators.json (Abs, Sqrt: one
 *    input "X"; Sub, Add, Div, Mul: two).  For WANT OK the op is run on a
 *    few float32 elements whose results are exact, written here from the
 *    definitions, not taken from an implementation, and each element must
 *    be within MAX_ULP of it: enough to tell a wrong mapping (another op,
 *    a sign kept) from the right one, while a runtime's default accuracy
 *    (Eigen's fast float sqrt is 1 ULP off on 1e6) is the harness's verdict
 *    on the vectors, not this probe's.  A unary op gets an inputs array of ONE
 *    tensor in its own allocation: a read of inputs[1] is out of bounds
 *    (caught under ASan and valgrind).
 * Exit 0 all held, 1 a mismatch (each one printed), 77 the runtime cannot be
 * initialised here (skipped; the adapter's own test says why).
 */
#include <dlfcn.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sonnx_cts/plugin.h"

#define N 4
#define MAX_ULP 8

typedef struct probe_op {
    const char *name;
    int arity;
    float a[N], b[N], want[N];
} probe_op;

/* Exact in float32: sums and differences of small integers and halves,
 * |x| of signed values incl. -0, square roots of perfect squares. */
static const probe_op probes[] = {
    {"Sub", 2, {5.0f, -1.5f, 0.0f, 1e30f}, {2.0f, 2.5f, -0.0f, 1e30f}, {3.0f, -4.0f, 0.0f, 0.0f}},
    {"Add", 2, {5.0f, -1.5f, 0.25f, -7.0f}, {2.0f, 2.5f, 0.5f, 7.0f}, {7.0f, 1.0f, 0.75f, 0.0f}},
    {"Abs", 1, {-3.0f, 2.5f, -0.0f, -1e-3f}, {0}, {3.0f, 2.5f, 0.0f, 1e-3f}},
    {"Sqrt", 1, {4.0f, 2.25f, 0.0f, 1e6f}, {0}, {2.0f, 1.5f, 0.0f, 1e3f}},
    {"Div", 2, {6.0f, -1.0f, 0.5f, 9.0f}, {3.0f, 4.0f, 0.25f, -3.0f}, {2.0f, -0.25f, 2.0f, -3.0f}},
    {"Mul", 2, {6.0f, -1.0f, 0.5f, 9.0f}, {3.0f, 4.0f, 0.25f, -3.0f}, {18.0f, -4.0f, 0.125f, -27.0f}},
};

static int failures;

/* float32 bits mapped to a line on which adjacent floats differ by 1
 * (IEEE754-2019 §3.4: sign-magnitude); -0 and +0 meet. */
static long long ordered(float x)
{
    uint32_t u;
    memcpy(&u, &x, sizeof u);
    return (u & 0x80000000u) ? -(long long)(u & 0x7fffffffu) : (long long)u;
}

static void fail(const char *fmt, const char *a, const char *b)
{
    printf("FAIL: ");
    printf(fmt, a, b);
    printf("\n");
    failures++;
}

static sonnx_status query(const sonnx_plugin_entry *e, const char *op_type, int arity,
                          char *msg, size_t cap)
{
    sonnx_op op = {op_type, "", op_type[0] == 'A' && op_type[1] == 'b' ? 13 : 14, "onnx",
                   0, NULL};
    if (strcmp(op_type, "Sqrt") == 0)
        op.opset = 13;
    int32_t types[2] = {SONNX_DT_FLOAT, SONNX_DT_FLOAT};
    msg[0] = '\0';
    return e->query(&op, types, (size_t)arity, msg, cap);
}

static void run_one(const sonnx_plugin_entry *e, const probe_op *p)
{
    sonnx_op op = {p->name, "", p->arity == 1 ? 13 : 14, "onnx", 0, NULL};
    sonnx_tensor *in = calloc((size_t)p->arity, sizeof *in); /* exactly arity */
    float *a = malloc(sizeof p->a), *b = malloc(sizeof p->b), out[N];
    if (!in || !a || !b) {
        fail("%s%s: out of memory", p->name, "");
        free(in), free(a), free(b);
        return;
    }
    memcpy(a, p->a, sizeof p->a);
    memcpy(b, p->b, sizeof p->b);
    for (int k = 0; k < p->arity; k++) {
        in[k].elem_type = SONNX_DT_FLOAT;
        in[k].rank = 2; /* [2, 2]: OpenCV's eltwise layers refuse rank 1 */
        in[k].dims[0] = 2;
        in[k].dims[1] = N / 2;
        in[k].data = k == 0 ? a : b;
        in[k].nbytes = sizeof p->a;
    }
    sonnx_tensor o;
    memset(&o, 0, sizeof o);
    o.elem_type = SONNX_DT_FLOAT;
    o.rank = 2;
    o.dims[0] = 2;
    o.dims[1] = N / 2;
    o.data = out;
    o.nbytes = sizeof out;
    memset(out, 0xA5, sizeof out);
    char msg[1024] = "";
    sonnx_status s = e->run(&op, in, (size_t)p->arity, &o, 1, msg, sizeof msg);
    if (s != SONNX_STATUS_OK) {
        fail("%s: run did not return OK: %s", p->name, msg);
    } else {
        for (int i = 0; i < N; i++)
            if (llabs(ordered(out[i]) - ordered(p->want[i])) > MAX_ULP ||
                signbit(out[i]) != signbit(p->want[i])) {
                char got[64];
                snprintf(got, sizeof got, "element %d: %a, want %a", i, (double)out[i],
                         (double)p->want[i]);
                fail("%s: %s", p->name, got);
            }
        if (o.elem_type != SONNX_DT_FLOAT || o.rank != 2 || o.dims[0] != 2 ||
            o.dims[1] != N / 2)
            fail("%s%s: output type or shape not what the inputs give", p->name, "");
    }
    free(in), free(a), free(b);
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: %s PLUGIN OPTIONS OP=OK|UNSUPPORTED...\n", argv[0]);
        return 2;
    }
    void *h = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    const sonnx_plugin_entry *e = h ? dlsym(h, SONNX_PLUGIN_ENTRY_SYMBOL) : NULL;
    if (!e) {
        printf("FAIL: %s: %s\n", argv[1], h ? "no entry symbol" : dlerror());
        return 1;
    }
    char msg[1024] = "";
    if (e->init && e->init(argv[1], argv[2], msg, sizeof msg) != SONNX_STATUS_OK) {
        printf("skipped: init failed: %s\n", msg);
        return 77;
    }
    /* 1. the unmapped op, by name, with one and two inputs */
    for (int arity = 1; arity <= 2; arity++) {
        sonnx_status s = query(e, "Tanh", arity, msg, sizeof msg);
        if (s != SONNX_STATUS_UNSUPPORTED || strstr(msg, "Tanh") == NULL)
            fail("Tanh must be UNSUPPORTED naming the op; message: '%s'%s", msg,
                 s == SONNX_STATUS_UNSUPPORTED ? "" : " (status not UNSUPPORTED)");
    }
    /* 2. the ops given */
    for (int i = 3; i < argc; i++) {
        const char *eq = strchr(argv[i], '=');
        const probe_op *p = NULL;
        for (size_t k = 0; eq && k < sizeof probes / sizeof probes[0]; k++)
            if (strncmp(argv[i], probes[k].name, (size_t)(eq - argv[i])) == 0 &&
                probes[k].name[eq - argv[i]] == '\0')
                p = &probes[k];
        if (!p) {
            fprintf(stderr, "ops_probe: bad argument '%s'\n", argv[i]);
            return 2;
        }
        int want_ok = strcmp(eq + 1, "OK") == 0;
        sonnx_status s = query(e, p->name, p->arity, msg, sizeof msg);
        if (want_ok && s != SONNX_STATUS_OK)
            fail("%s float32: query declined: %s", p->name, msg);
        else if (!want_ok && (s != SONNX_STATUS_UNSUPPORTED || !strstr(msg, p->name)))
            fail("%s float32: expected UNSUPPORTED naming the op, got '%s'", p->name, msg);
        else if (want_ok)
            run_one(e, p);
        printf("%s float32 (%d input%s): %s%s%s\n", p->name, p->arity,
               p->arity == 1 ? "" : "s", s == SONNX_STATUS_OK ? "OK" : "UNSUPPORTED",
               msg[0] ? ": " : "", msg);
    }
    if (e->shutdown)
        e->shutdown();
    if (!failures)
        printf("ok: Tanh refused by name; every op answered as expected\n");
    return failures ? 1 : 0;
}
