/*
 * mutant_catch.c — test driver: `test_mutant_catch NAME PLUGIN.so` runs the
 * hand-made trigger case of mutant NAME through the plugin (isolated, 1 s
 * timeout) and through the built-in kernels in-process (the golden: the
 * mutant's own output is never the reference), then asserts that
 *  - the trigger case is caught: the expected exec status (and signal), or,
 *    for value defects, mismatches whose deviation classes (harness/check)
 *    are all in the expected set, and at least one mismatch;
 *  - the control case (same mutant, an input the defect does not touch) runs
 *    OK with no mismatch, AFTER the trigger (so a crash or hang did not stop
 *    the backend).
 * Inputs are literals chosen from the specs; each row says why it triggers.
 * This needs no CLI; run_mutant.py does the same over the whole vector set.
 */
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sct/exec/backend.h"
#include "sct/check/compare_tensors.h"
#include "sct/numeric/bf16.h"
#include "sct/numeric/dtype.h"
#include "sct/numeric/fp16.h"

#define MAXN 64

typedef struct lit_case {
    const char *op;
    int32_t type;      /* both inputs */
    size_t n;
    double a[MAXN], b[MAXN];
} lit_case;

typedef struct mutant_spec {
    const char *name;
    lit_case trigger;
    sct_exec_status status; /* expected on the trigger */
    int signal_number;
    const char *classes[4]; /* allowed deviation classes (status OK) */
    lit_case control;
} mutant_spec;

#define F32 SONNX_DT_FLOAT
#define F64 SONNX_DT_DOUBLE
#define BF16 SONNX_DT_BFLOAT16
#define I8 SONNX_DT_INT8
#define I32 SONNX_DT_INT32

static const mutant_spec SPECS[] = {
    /* 1/3 etc. are inexact: a*(1/b) rounds twice; 64 quotients k/q with
     * q in {3, 7, 11, 13, ...} make several differ from the correctly
     * rounded a/b (sonnx-div:float:R2). */
    {"div-reciprocal",
     {"Div", F32, 16, {1, 2, 5, 7, 10, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47},
      {3, 7, 11, 13, 3, 7, 3, 7, 11, 13, 17, 19, 23, 29, 31, 37}},
     SCT_EXEC_OK, 0, {"rounded-toward-zero", "rounded-away-from-zero", "off-by-n-ulp"},
     {"Mul", F32, 2, {1.5, 3}, {2, 0.25}}},
    /* 1e-20 * 1e-20 = 1e-40: subnormal in binary32 (IEEE 754 §3.4) */
    {"flush-subnormals",
     {"Mul", F32, 2, {1e-20, -1e-20}, {1e-20, 1e-20}},
     SCT_EXEC_OK, 0, {"subnormal-flushed"},
     {"Mul", F32, 2, {1.5, 3}, {2, 0.25}}},
    /* 0/0 and inf-inf-like invalid operations give NaN (IEEE 754 §7.2) */
    {"nan-to-zero",
     {"Div", F32, 2, {0, INFINITY}, {0, INFINITY}},
     SCT_EXEC_OK, 0, {"nan-expected"},
     {"Div", F32, 2, {1, 3}, {2, 4}}},
    /* -1 * 0 = -0 (IEEE 754 §6.3) */
    {"zero-sign",
     {"Mul", F32, 2, {-1, 0}, {0, -5}},
     SCT_EXEC_OK, 0, {"zero-sign"},
     {"Mul", F32, 2, {1, 2}, {3, 4}}},
    /* -7/2: truncation gives -3 (onnx-div), floor -4 */
    {"int-div-floor",
     {"Div", I32, 3, {-7, 7, 9}, {2, -2, -4}},
     SCT_EXEC_OK, 0, {"int-floor"},
     {"Div", I32, 3, {7, -8, 9}, {2, 2, 3}}},
    /* 100*3 = 300 wraps to 44 in int8 (sonnx-mul int, SN-9); saturation 127 */
    {"int-mul-saturate",
     {"Mul", I8, 2, {100, -100}, {3, 3}},
     SCT_EXEC_OK, 0, {"int-saturated"},
     {"Mul", I8, 2, {10, -10}, {3, 3}}},
    /* 1/3 in bfloat16: RNE rounds up (0x3eab), truncation gives 0x3eaa */
    {"bf16-truncate",
     {"Div", BF16, 2, {1, 2}, {3, 3}},
     SCT_EXEC_OK, 0, {"rounded-toward-zero"},
     {"Div", BF16, 2, {1, 3}, {2, 4}}},
    /* NaN < 1 is false (IEEE 754 §5.11) */
    {"less-nan-true",
     {"Less", F32, 2, {NAN, 1}, {1, NAN}},
     SCT_EXEC_OK, 0, {"bool-nan-compare"},
     {"Less", F32, 2, {1, 2}, {2, 1}}},
    {"int-div-zero-crash",
     {"Div", I32, 2, {5, 7}, {0, 1}},
     SCT_EXEC_CRASH, SIGFPE, {NULL},
     {"Div", I32, 2, {5, 7}, {2, 1}}},
    {"hang-on-input",
     {"Mul", I32, 2, {-2147483648.0, 1}, {1, 1}},
     SCT_EXEC_TIMEOUT, 0, {NULL},
     {"Mul", I32, 2, {2, 3}, {4, 5}}},
    {"write-past-output",
     {"Mul", F32, 3, {1, 2, 3}, {4, 5, 6}},
     SCT_EXEC_WRITE_PAST_OUTPUT, SIGSEGV, {NULL},
     {"Div", F32, 2, {1, 3}, {2, 4}}},
    {"write-to-input",
     {"Div", F64, 2, {1, 2}, {4, 8}},
     SCT_EXEC_WRITE_TO_INPUT, SIGSEGV, {NULL},
     {"Mul", F64, 2, {1, 2}, {4, 8}}},
    {"status-42",
     {"Pow", F32, 2, {2, 3}, {2, 2}},
     SCT_EXEC_BAD_STATUS, 0, {NULL},
     {"Pow", F64, 2, {2, 3}, {2, 2}}},
    {"status-error",
     {"Less", I32, 2, {1, 5}, {2, 3}},
     SCT_EXEC_ERROR, 0, {NULL},
     {"Less", F32, 2, {1, 5}, {2, 3}}},
};

static void encode(int32_t type, const double *v, size_t n, unsigned char *dst)
{
    for (size_t i = 0; i < n; i++) {
        switch (type) {
        case F32: { float f = (float)v[i]; memcpy(dst + 4 * i, &f, 4); break; }
        case F64: memcpy(dst + 8 * i, &v[i], 8); break;
        case BF16: { uint16_t h = sct_f64_to_bf16(v[i]); memcpy(dst + 2 * i, &h, 2); break; }
        case SONNX_DT_FLOAT16: { uint16_t h = sct_f64_to_f16(v[i]); memcpy(dst + 2 * i, &h, 2); break; }
        case I8: dst[i] = (unsigned char)(int8_t)v[i]; break;
        case I32: { int32_t x = (int32_t)v[i]; memcpy(dst + 4 * i, &x, 4); break; }
        default: abort();
        }
    }
}

static sonnx_tensor vec(int32_t type, size_t n, void *data)
{
    sonnx_tensor t;
    memset(&t, 0, sizeof t);
    t.elem_type = type;
    t.rank = 1;
    t.dims[0] = (int64_t)n;
    uint64_t nb = 0;
    sct_dtype_storage_bytes(type, n, &nb);
    t.nbytes = nb;
    t.data = data;
    return t;
}

typedef struct outcome {
    sct_exec_result r;
    sct_tensor_stats stats;
} outcome;

static int run_case(sct_backend *golden, sct_backend *mutant, const lit_case *c,
                    outcome *o)
{
    static unsigned char a[MAXN * 8], b[MAXN * 8], want[MAXN * 8], got[MAXN * 8];
    encode(c->type, c->a, c->n, a);
    encode(c->type, c->b, c->n, b);
    int32_t out_type = strcmp(c->op, "Less") == 0 ? SONNX_DT_BOOL : c->type;
    sonnx_tensor in[2] = {vec(c->type, c->n, a), vec(c->type, c->n, b)};
    sonnx_tensor ref = vec(out_type, c->n, want), act = vec(out_type, c->n, got);
    sonnx_op op = {c->op, "", strcmp(c->op, "Pow") == 0 ? 15 : 14, "sonnx", 0, NULL};
    sct_exec_result g = sct_backend_run(golden, &op, in, 2, &ref, 1);
    if (g.status != SCT_EXEC_OK) {
        fprintf(stderr, "golden run of %s failed: %s %s\n", c->op,
                sct_exec_status_name(g.status), g.message);
        return -1;
    }
    memset(&o->stats, 0, sizeof o->stats);
    o->r = sct_backend_run(mutant, &op, in, 2, &act, 1);
    if (o->r.status != SCT_EXEC_OK)
        return 0;
    /* Pow's float tolerance is 1 ULP (docs/architecture.md); 0 otherwise */
    sct_compare_opts opts = {strcmp(c->op, "Pow") == 0 ? 1u : 0u, false};
    char err[256];
    if (sct_compare_tensors(sct_op_id_of(c->op), in, 2, &ref, &act, &opts,
                            NULL, NULL, &o->stats, err, sizeof err) != 0) {
        fprintf(stderr, "compare failed: %s\n", err);
        return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: %s MUTANT-NAME PLUGIN.so\n", argv[0]);
        return 2;
    }
    const mutant_spec *spec = NULL;
    for (size_t i = 0; i < sizeof SPECS / sizeof SPECS[0]; i++)
        if (strcmp(SPECS[i].name, argv[1]) == 0)
            spec = &SPECS[i];
    if (!spec) {
        fprintf(stderr, "unknown mutant %s\n", argv[1]);
        return 2;
    }
    char err[1024];
    sct_backend *golden = sct_backend_open_builtin(err, sizeof err);
    sct_backend_options o = {.isolate = true, .timeout_seconds = 1.0, .vendor_options = ""};
    sct_backend *mutant = golden ? sct_backend_open_plugin(argv[2], &o, err, sizeof err) : NULL;
    if (!golden || !mutant) {
        fprintf(stderr, "open: %s\n", err);
        return 1;
    }
    if (strcmp(sct_backend_identity_of(mutant)->runtime_name, spec->name) != 0) {
        fprintf(stderr, "%s is mutant '%s', not '%s'\n", argv[2],
                sct_backend_identity_of(mutant)->runtime_name, spec->name);
        return 1;
    }
    int bad = 0;
    outcome t, c;
    if (run_case(golden, mutant, &spec->trigger, &t) != 0)
        return 1;
    printf("%s trigger (%s): %s signal %d: %s\n", spec->name, spec->trigger.op,
           sct_exec_status_name(t.r.status), t.r.signal_number, t.r.message);
    if (t.r.status != spec->status) {
        printf("  FAIL: expected %s\n", sct_exec_status_name(spec->status));
        bad = 1;
    }
    if (spec->signal_number && t.r.signal_number != spec->signal_number) {
        printf("  FAIL: expected signal %d\n", spec->signal_number);
        bad = 1;
    }
    if (spec->status == SCT_EXEC_OK) {
        printf("  mismatches %llu of %llu\n", (unsigned long long)t.stats.mismatches,
               (unsigned long long)t.stats.elements);
        if (t.stats.mismatches == 0) {
            printf("  FAIL: defect not caught (no mismatch)\n");
            bad = 1;
        }
        for (int d = 1; d < SCT_DEV_COUNT; d++) {
            if (!t.stats.deviation_counts[d])
                continue;
            const char *name = sct_deviation_name((sct_deviation)d);
            int allowed = 0;
            for (int k = 0; k < 4 && spec->classes[k]; k++)
                allowed |= strcmp(spec->classes[k], name) == 0;
            printf("  %s: %llu%s\n", name, (unsigned long long)t.stats.deviation_counts[d],
                   allowed ? "" : "  <- FAIL: not the expected class");
            bad |= !allowed;
        }
    }
    if (run_case(golden, mutant, &spec->control, &c) != 0)
        return 1;
    printf("%s control (%s): %s, mismatches %llu\n", spec->name, spec->control.op,
           sct_exec_status_name(c.r.status), (unsigned long long)c.stats.mismatches);
    if (c.r.status != SCT_EXEC_OK || c.stats.mismatches != 0) {
        printf("  FAIL: the control case must run clean after the trigger\n");
        bad = 1;
    }
    sct_backend_close(mutant);
    sct_backend_close(golden);
    return bad;
}
