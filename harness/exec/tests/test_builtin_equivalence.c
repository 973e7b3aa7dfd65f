/*
 * test_builtin_equivalence.c — "running the built-in kernels
 * through --vendor gives exactly the built-in results".  Every op × element
 * type × shape below runs three ways: built-in in-process, the
 * sonnx_builtin_plugin.so module isolated in a child, and the same module
 * with --no-isolate; statuses and output bytes must be identical.  Inputs
 * are pseudo-random bit patterns (NaN, infinities, subnormals, zero
 * divisors included), fixed seed.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sct/exec/backend.h"
#include "sct/kernels/kernels.h"
#include "sct/numeric/dtype.h"
#include "sct_check_main.h"

static const char *const OPS[] = {"Div", "Mul", "Pow", "Less"};
static const int32_t TYPES[] = {
    SONNX_DT_FLOAT, SONNX_DT_DOUBLE, SONNX_DT_FLOAT16, SONNX_DT_BFLOAT16,
    SONNX_DT_INT8, SONNX_DT_INT16, SONNX_DT_INT32, SONNX_DT_INT64,
    SONNX_DT_UINT8, SONNX_DT_UINT16, SONNX_DT_UINT32, SONNX_DT_UINT64,
    SONNX_DT_INT4, SONNX_DT_UINT4, SONNX_DT_BOOL};

typedef struct shape { int32_t rank; int64_t a[2], b[2], c[2]; const char *profile; } shape;
static const shape SHAPES[] = {
    {2, {5, 7}, {5, 7}, {5, 7}, "sonnx"},
    {2, {3, 1}, {1, 4}, {3, 4}, "onnx"},   /* numpy broadcasting */
    {2, {3, 1}, {1, 4}, {3, 4}, "sonnx"},  /* must be rejected alike */
    {1, {0}, {0}, {0}, "sonnx"},            /* empty tensors */
};

static uint64_t rng = 0x9E3779B97F4A7C15u;
static uint64_t next_rand(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static void fill_random(unsigned char *p, uint64_t n, int32_t type)
{
    for (uint64_t i = 0; i < n; i++)
        p[i] = (unsigned char)next_rand();
    if (type == SONNX_DT_BOOL)
        for (uint64_t i = 0; i < n; i++)
            p[i] &= 1u;
}

static sonnx_tensor make(int32_t type, int32_t rank, const int64_t *dims, void *data)
{
    sonnx_tensor t;
    memset(&t, 0, sizeof t);
    t.elem_type = type;
    t.rank = rank;
    uint64_t n = 1;
    for (int32_t d = 0; d < rank; d++) {
        t.dims[d] = dims[d];
        n *= (uint64_t)dims[d];
    }
    uint64_t bytes = 0;
    ck_assert(sct_dtype_storage_bytes(type, n, &bytes));
    ck_assert_uint_le(bytes, 512); /* the buffers of the test */
    t.nbytes = bytes;
    t.data = data;
    return t;
}

START_TEST(builtin_module_matches_inprocess)
{
    char err[1024] = "";
    sct_backend *ref = sct_backend_open_builtin(err, sizeof err);
    ck_assert_msg(ref != NULL, "%s", err);
    sct_backend_options iso = {.isolate = true, .timeout_seconds = 10.0, .vendor_options = ""};
    sct_backend_options noiso = {.isolate = false, .timeout_seconds = 10.0, .vendor_options = ""};
    sct_backend *mod = sct_backend_open_plugin(BUILTIN_PLUGIN, &iso, err, sizeof err);
    ck_assert_msg(mod != NULL, "%s", err);
    sct_backend *mod2 = sct_backend_open_plugin(BUILTIN_PLUGIN, &noiso, err, sizeof err);
    ck_assert_msg(mod2 != NULL, "%s", err);
    ck_assert_str_eq(sct_backend_identity_of(ref)->runtime_version,
                     sct_backend_identity_of(mod)->runtime_version);

    static unsigned char a[512], b[512], c0[512], c1[512], c2[512]; /* >= 35 x 8 bytes */
    int compared = 0, ok_runs = 0;
    for (size_t o = 0; o < sizeof OPS / sizeof OPS[0]; o++)
        for (size_t t = 0; t < sizeof TYPES / sizeof TYPES[0]; t++)
            for (size_t s = 0; s < sizeof SHAPES / sizeof SHAPES[0]; s++) {
                const shape *sh = &SHAPES[s];
                int32_t out_type = sct_kernel_output_type(OPS[o], TYPES[t], TYPES[t]);
                if (out_type == SONNX_DT_UNDEFINED)
                    out_type = TYPES[t]; /* unsupported: all must say so */
                sonnx_tensor in[2] = {make(TYPES[t], sh->rank, sh->a, a),
                                      make(TYPES[t], sh->rank, sh->b, b)};
                fill_random(a, in[0].nbytes, TYPES[t]);
                fill_random(b, in[1].nbytes, TYPES[t]);
                sonnx_tensor out0 = make(out_type, sh->rank, sh->c, c0);
                sonnx_tensor out1 = make(out_type, sh->rank, sh->c, c1);
                sonnx_tensor out2 = make(out_type, sh->rank, sh->c, c2);
                sonnx_op op = {OPS[o], "", 14, sh->profile, 0, NULL};
                int32_t types[2] = {TYPES[t], TYPES[t]};
                sct_exec_result q0 = sct_backend_query(ref, &op, types, 2);
                sct_exec_result q1 = sct_backend_query(mod, &op, types, 2);
                ck_assert_int_eq(q0.status, q1.status);
                sct_exec_result r0 = sct_backend_run(ref, &op, in, 2, &out0, 1);
                sct_exec_result r1 = sct_backend_run(mod, &op, in, 2, &out1, 1);
                sct_exec_result r2 = sct_backend_run(mod2, &op, in, 2, &out2, 1);
                ck_assert_msg(r0.status == r1.status && r0.status == r2.status,
                              "%s %s %s: %s / %s / %s (%s | %s)", OPS[o],
                              sct_dtype_name(TYPES[t]), sh->profile,
                              sct_exec_status_name(r0.status),
                              sct_exec_status_name(r1.status),
                              sct_exec_status_name(r2.status), r0.message, r1.message);
                if (r0.status == SCT_EXEC_OK) {
                    ok_runs++;
                    for (uint64_t i = 0; i < out0.nbytes; i++)
                        if (c0[i] != c1[i] || c0[i] != c2[i]) {
                            printf("%s %s %s byte %llu: in-process %02x, isolated %02x, "
                                   "no-isolate %02x\n", OPS[o], sct_dtype_name(TYPES[t]),
                                   sh->profile, (unsigned long long)i, c0[i], c1[i], c2[i]);
                            if (TYPES[t] == SONNX_DT_FLOAT) {
                                uint32_t x[4];
                                memcpy(&x[0], a + (i & ~3u), 4);
                                memcpy(&x[1], b + (i & ~3u), 4);
                                memcpy(&x[2], c0 + (i & ~3u), 4);
                                memcpy(&x[3], c1 + (i & ~3u), 4);
                                printf("  a %08x b %08x in-process %08x module %08x\n",
                                       x[0], x[1], x[2], x[3]);
                            }
                            break;
                        }
                    ck_assert_msg(memcmp(c0, c1, out0.nbytes) == 0 &&
                                      memcmp(c0, c2, out0.nbytes) == 0,
                                  "%s %s: outputs differ", OPS[o],
                                  sct_dtype_name(TYPES[t]));
                }
                compared++;
            }
    /* the comparison is not vacuous: most combinations really ran */
    ck_assert_int_gt(ok_runs, compared / 3);
    printf("compared %d calls, %d computed values\n", compared, ok_runs);
    sct_backend_close(ref);
    sct_backend_close(mod);
    sct_backend_close(mod2);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("builtin_equivalence");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, builtin_module_matches_inprocess);
    suite_add_tcase(s, tc);
    return sct_check_run_suite(s);
}
