/*
 * test_builtin.c — the built-in plugin table (sct_builtin_plugin) and the
 * exported module sonnx_builtin_plugin.so: identity, query answers, run()
 * with ONNX broadcasting, the SONNX profile rejections (sonnx-div R1/R2
 * ...), packed 4-bit tensors, the output contract of plugin.h (metadata
 * set, never a write past nbytes), and that the .so serves the same
 * results as the in-process table.
 */
#include <check.h>
#include <dlfcn.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "sct/kernels/kernels.h"
#include "test_util.h"
#include "sct_check_main.h"

static const sonnx_plugin_entry *P;

static sonnx_tensor tensor(int32_t type, int32_t rank, const int64_t *dims,
                           const void *data, uint64_t nbytes)
{
    sonnx_tensor t;
    memset(&t, 0, sizeof t);
    t.elem_type = type;
    t.rank = rank;
    for (int32_t i = 0; i < rank; i++)
        t.dims[i] = dims[i];
    t.data = (void *)(uintptr_t)data; /* inputs are only read */
    t.nbytes = nbytes;
    return t;
}

static sonnx_status run2(const sonnx_plugin_entry *p, const char *op_type,
                         const char *profile, sonnx_tensor a, sonnx_tensor b,
                         sonnx_tensor *c, char *msg, size_t cap)
{
    sonnx_op op = {op_type, "", op_type[0] == 'P' ? 15 : 14, profile, 0, NULL};
    sonnx_tensor in[2] = {a, b};
    return p->run(&op, in, 2, c, 1, msg, cap);
}

START_TEST(identity)
{
    ck_assert_uint_eq(P->abi_major, SONNX_PLUGIN_ABI_MAJOR);
    ck_assert_uint_eq(P->abi_minor, SONNX_PLUGIN_ABI_MINOR_1_0);
    ck_assert_uint_eq(P->struct_size, sizeof(sonnx_plugin_entry));
    ck_assert_str_eq(P->vendor, "sonnx-cts");
    ck_assert_str_eq(P->runtime_name, "sonnx-cts reference kernels");
    ck_assert_str_eq(P->runtime_version, SCT_EXPECTED_VERSION);
    ck_assert(P->query != NULL && P->run != NULL);
}
END_TEST

typedef struct query_case {
    const char *op; const char *domain; int32_t opset;
    int32_t a, b; size_t n; sonnx_status want;
} query_case;

static const query_case query_cases[] = {
    {"Div", "", 14, SONNX_DT_FLOAT, SONNX_DT_FLOAT, 2, SONNX_STATUS_OK},
    {"Div", "ai.onnx", 14, SONNX_DT_INT4, SONNX_DT_INT4, 2, SONNX_STATUS_OK},
    {"Div", "", 14, SONNX_DT_BOOL, SONNX_DT_BOOL, 2, SONNX_STATUS_UNSUPPORTED},
    {"Div", "", 14, SONNX_DT_FLOAT, SONNX_DT_FLOAT16, 2, SONNX_STATUS_OK}, /* run rejects */
    {"Div", "com.vendor", 14, SONNX_DT_FLOAT, SONNX_DT_FLOAT, 2, SONNX_STATUS_UNSUPPORTED},
    {"Div", "", 6, SONNX_DT_FLOAT, SONNX_DT_FLOAT, 2, SONNX_STATUS_UNSUPPORTED},
    {"Div", "", 14, SONNX_DT_FLOAT, SONNX_DT_FLOAT, 1, SONNX_STATUS_UNSUPPORTED},
    {"Tanh", "", 13, SONNX_DT_FLOAT, SONNX_DT_FLOAT, 2, SONNX_STATUS_UNSUPPORTED},
    {"Sub", "", 14, SONNX_DT_BFLOAT16, SONNX_DT_BFLOAT16, 2, SONNX_STATUS_OK},
    {"Add", "", 14, SONNX_DT_UINT64, SONNX_DT_UINT64, 2, SONNX_STATUS_OK},
    {"Add", "", 14, SONNX_DT_INT4, SONNX_DT_INT4, 2, SONNX_STATUS_UNSUPPORTED},
    /* Unary ops: the registry's arity is 1, the second type ignored. */
    {"Abs", "", 13, SONNX_DT_INT8, SONNX_DT_UNDEFINED, 1, SONNX_STATUS_OK},
    {"Abs", "", 13, SONNX_DT_BFLOAT16, SONNX_DT_UNDEFINED, 1, SONNX_STATUS_OK},
    {"Abs", "", 13, SONNX_DT_FLOAT, SONNX_DT_FLOAT, 2, SONNX_STATUS_UNSUPPORTED},
    {"Abs", "", 13, SONNX_DT_BOOL, SONNX_DT_UNDEFINED, 1, SONNX_STATUS_UNSUPPORTED},
    {"Sqrt", "", 13, SONNX_DT_DOUBLE, SONNX_DT_UNDEFINED, 1, SONNX_STATUS_OK},
    {"Sqrt", "", 13, SONNX_DT_INT32, SONNX_DT_UNDEFINED, 1, SONNX_STATUS_UNSUPPORTED},
    {"Div", "", 14, SONNX_DT_FLOAT, SONNX_DT_UNDEFINED, 1, SONNX_STATUS_UNSUPPORTED},
    {"Pow", "", 15, SONNX_DT_FLOAT16, SONNX_DT_UINT64, 2, SONNX_STATUS_OK},
    {"Pow", "", 15, SONNX_DT_INT64, SONNX_DT_BFLOAT16, 2, SONNX_STATUS_OK},
    {"Pow", "", 15, SONNX_DT_INT8, SONNX_DT_INT8, 2, SONNX_STATUS_UNSUPPORTED},
    {"Pow", "", 15, SONNX_DT_FLOAT, SONNX_DT_INT4, 2, SONNX_STATUS_UNSUPPORTED},
    {"Less", "", 13, SONNX_DT_UINT64, SONNX_DT_UINT64, 2, SONNX_STATUS_OK},
    {"Less", "", 13, SONNX_DT_BOOL, SONNX_DT_BOOL, 2, SONNX_STATUS_UNSUPPORTED},
    {"Mul", "", 14, SONNX_DT_UINT4, SONNX_DT_UINT4, 2, SONNX_STATUS_OK},
};

START_TEST(query_answers)
{
    char msg[256];
    for (size_t i = 0; i < sizeof query_cases / sizeof query_cases[0]; i++) {
        const query_case *q = &query_cases[i];
        sonnx_op op = {q->op, q->domain, q->opset, "onnx", 0, NULL};
        int32_t types[2] = {q->a, q->b};
        msg[0] = '\0';
        sonnx_status st = P->query(&op, types, q->n, msg, sizeof msg);
        ck_assert_msg(st == q->want, "query case %zu: %d (%s)", i, st, msg);
        if (st != SONNX_STATUS_OK)
            ck_assert_msg(msg[0] != '\0', "query case %zu: no reason given", i);
    }
    /* A message buffer of capacity 0 or NULL is never written. */
    sonnx_op op = {"Tanh", "", 13, "onnx", 0, NULL};
    int32_t types[2] = {SONNX_DT_FLOAT, SONNX_DT_FLOAT};
    ck_assert_int_eq(P->query(&op, types, 2, NULL, 0), SONNX_STATUS_UNSUPPORTED);
}
END_TEST

/* A unary op through run(): one input, the output takes its shape; a
 * second input is refused naming the op and its arity (the registry's). */
START_TEST(unary_run)
{
    static const int64_t dims[2] = {2, 3};
    /* Expected by hand: Abs clears the sign (int8 -128 -> -128, the
     * undefined element, E_ABS_INT_CONSTR_X_020); Sqrt of exact squares,
     * -0 -> -0, negative -> NaN (bits checked by value class). */
    static const int8_t xi[6] = {-5, 5, 0, -128, 127, -127};
    static const int8_t yi[6] = {5, 5, 0, -128, 127, 127};
    static const float xf[6] = {4.0f, -0.0f, 2.25f, -1.0f, 0.0f, 1e30f};
    int8_t oi[6] = {0};
    float of[6] = {0};
    char msg[256];
    sonnx_op abs_op = {"Abs", "", 13, "sonnx", 0, NULL};
    sonnx_tensor in = tensor(SONNX_DT_INT8, 2, dims, xi, sizeof xi);
    sonnx_tensor out = tensor(SONNX_DT_INT8, 2, dims, oi, sizeof oi);
    ck_assert_int_eq(P->run(&abs_op, &in, 1, &out, 1, msg, sizeof msg), SONNX_STATUS_OK);
    ck_assert_mem_eq(oi, yi, sizeof yi);
    ck_assert_int_eq(out.rank, 2);
    ck_assert_int_eq(out.dims[1], 3);

    sonnx_op sqrt_op = {"Sqrt", "", 13, "onnx", 0, NULL};
    in = tensor(SONNX_DT_FLOAT, 2, dims, xf, sizeof xf);
    out = tensor(SONNX_DT_FLOAT, 2, dims, of, sizeof of);
    ck_assert_int_eq(P->run(&sqrt_op, &in, 1, &out, 1, msg, sizeof msg), SONNX_STATUS_OK);
    ck_assert(of[0] == 2.0f && of[2] == 1.5f && of[4] == 0.0f && of[5] == 1e15f);
    ck_assert(of[1] == 0.0f && signbit(of[1]));
    ck_assert(of[3] != of[3]);

    sonnx_tensor two[2] = {in, in};
    ck_assert_int_eq(P->run(&sqrt_op, two, 2, &out, 1, msg, sizeof msg),
                     SONNX_STATUS_INVALID_ARGUMENT);
    ck_assert_str_eq(msg, "Sqrt takes exactly 1 input (X), 2 given");
    int32_t types[2] = {SONNX_DT_FLOAT, SONNX_DT_FLOAT};
    ck_assert_int_eq(P->query(&sqrt_op, types, 2, msg, sizeof msg),
                     SONNX_STATUS_UNSUPPORTED);
    ck_assert_str_eq(msg, "Sqrt takes exactly 1 input, 2 given");
    /* A binary op given one input: the same rule, its arity named. */
    sonnx_op sub_op = {"Sub", "", 14, "onnx", 0, NULL};
    ck_assert_int_eq(P->run(&sub_op, &in, 1, &out, 1, msg, sizeof msg),
                     SONNX_STATUS_INVALID_ARGUMENT);
    ck_assert_str_eq(msg, "Sub takes exactly 2 inputs (A, B), 1 given");
    /* The declared output type is checked as for binary ops. */
    out = tensor(SONNX_DT_DOUBLE, 2, dims, of, sizeof of);
    ck_assert_int_eq(P->run(&sqrt_op, &in, 1, &out, 1, msg, sizeof msg),
                     SONNX_STATUS_INVALID_ARGUMENT);
    ck_assert_str_eq(msg, "Sqrt(float32) produces float32 but output Y is declared float64");
}
END_TEST

START_TEST(onnx_broadcast_div)
{
    /* A (2,3) / B (3,) */
    const float a[] = {1, 2, 3, 4, 5, 6};
    const float b[] = {1, 2, 4};
    const int64_t da[] = {2, 3}, db[] = {3};
    float c[6] = {0};
    sonnx_tensor out = tensor(SONNX_DT_FLOAT, 2, da, c, sizeof c);
    char msg[256];
    ck_assert_int_eq(run2(P, "Div", "onnx", tensor(SONNX_DT_FLOAT, 2, da, a, sizeof a),
                          tensor(SONNX_DT_FLOAT, 1, db, b, sizeof b), &out, msg,
                          sizeof msg), SONNX_STATUS_OK);
    const float want[] = {1, 1, 0.75f, 4, 2.5f, 1.5f};
    ck_assert_mem_eq(c, want, sizeof want);
    ck_assert_int_eq(out.elem_type, SONNX_DT_FLOAT);
    ck_assert_int_eq(out.rank, 2);
    ck_assert_int_eq(out.dims[0], 2);
    ck_assert_int_eq(out.dims[1], 3);
    /* Scalar B and (2,1) x (1,3) outer broadcast with Mul. */
    const int64_t d21[] = {2, 1}, d13[] = {1, 3}, d23[] = {2, 3};
    const int32_t col[] = {2, -3}, row[] = {1, 10, 100};
    int32_t c2[6];
    sonnx_tensor o2 = tensor(SONNX_DT_INT32, 2, d23, c2, sizeof c2);
    ck_assert_int_eq(run2(P, "Mul", "onnx", tensor(SONNX_DT_INT32, 2, d21, col, sizeof col),
                          tensor(SONNX_DT_INT32, 2, d13, row, sizeof row), &o2, msg,
                          sizeof msg), SONNX_STATUS_OK);
    const int32_t w2[] = {2, 20, 200, -3, -30, -300};
    ck_assert_mem_eq(c2, w2, sizeof w2);
    /* Not broadcastable: (2,3) with (2,) */
    const int64_t d2[] = {2};
    ck_assert_int_eq(run2(P, "Mul", "onnx", tensor(SONNX_DT_INT32, 2, d23, row, 24),
                          tensor(SONNX_DT_INT32, 1, d2, col, sizeof col), &o2, msg,
                          sizeof msg), SONNX_STATUS_INVALID_ARGUMENT);
    ck_assert_ptr_nonnull(strstr(msg, "not broadcastable"));
}
END_TEST

START_TEST(sonnx_profile_rejections)
{
    const float a[] = {1, 2, 3, 4, 5, 6}, b[] = {1, 2, 4};
    const uint16_t h[] = {0x3c00, 0x3c00, 0x3c00};
    const int64_t da[] = {2, 3}, db[] = {3};
    float c[6];
    char msg[256];
    struct { const char *op; const char *rule; } ops[] = {
        {"Div", "sonnx-div R1"}, {"Mul", "sonnx-mul R1"},
        {"Pow", "sonnx-pow R1/R4"}, {"Less", "sonnx-less R1/R4"}};
    for (size_t i = 0; i < 4; i++) {
        sonnx_tensor out = tensor(ops[i].op[0] == 'L' ? SONNX_DT_BOOL : SONNX_DT_FLOAT,
                                  2, da, c, sizeof c);
        sonnx_status st = run2(P, ops[i].op, "sonnx", tensor(SONNX_DT_FLOAT, 2, da, a, sizeof a),
                               tensor(SONNX_DT_FLOAT, 1, db, b, sizeof b), &out, msg, sizeof msg);
        ck_assert_int_eq(st, SONNX_STATUS_INVALID_ARGUMENT);
        ck_assert_msg(strstr(msg, ops[i].rule) != NULL, "%s: '%s'", ops[i].op, msg);
    }
    /* Mixed types: sonnx-div R2 under sonnx, the ONNX constraint under onnx. */
    sonnx_tensor out = tensor(SONNX_DT_FLOAT, 1, db, c, 12);
    ck_assert_int_eq(run2(P, "Div", "sonnx", tensor(SONNX_DT_FLOAT, 1, db, b, sizeof b),
                          tensor(SONNX_DT_FLOAT16, 1, db, h, sizeof h), &out, msg, sizeof msg),
                     SONNX_STATUS_INVALID_ARGUMENT);
    ck_assert_ptr_nonnull(strstr(msg, "sonnx-div R2"));
    ck_assert_int_eq(run2(P, "Mul", "onnx", tensor(SONNX_DT_FLOAT, 1, db, b, sizeof b),
                          tensor(SONNX_DT_FLOAT16, 1, db, h, sizeof h), &out, msg, sizeof msg),
                     SONNX_STATUS_INVALID_ARGUMENT);
    ck_assert_ptr_nonnull(strstr(msg, "type constraint T"));
    /* Pow may mix base and exponent types under sonnx (sonnx-pow R5/R6). */
    const int32_t e[] = {2, 3, -1};
    ck_assert_int_eq(run2(P, "Pow", "sonnx", tensor(SONNX_DT_FLOAT, 1, db, b, sizeof b),
                          tensor(SONNX_DT_INT32, 1, db, e, sizeof e), &out, msg, sizeof msg),
                     SONNX_STATUS_OK);
    const float want[] = {1, 8, 0.25f};
    ck_assert_mem_eq(c, want, sizeof want);
    /* Unknown profile. */
    ck_assert_int_eq(run2(P, "Div", "strict", tensor(SONNX_DT_FLOAT, 1, db, b, sizeof b),
                          tensor(SONNX_DT_FLOAT, 1, db, b, sizeof b), &out, msg, sizeof msg),
                     SONNX_STATUS_INVALID_ARGUMENT);
    ck_assert_ptr_nonnull(strstr(msg, "profile"));
    /* Unsupported type is UNSUPPORTED, not a rejection. */
    const uint8_t bo[] = {1, 0, 1};
    ck_assert_int_eq(run2(P, "Div", "sonnx", tensor(SONNX_DT_BOOL, 1, db, bo, 3),
                          tensor(SONNX_DT_BOOL, 1, db, bo, 3), &out, msg, sizeof msg),
                     SONNX_STATUS_UNSUPPORTED);
}
END_TEST

START_TEST(output_contract)
{
    const double a[] = {1, 2, 3}, b[] = {2, 2, 2};
    const int64_t d3[] = {3}, d4[] = {4};
    double c[4] = {-1, -1, -1, -1};
    char msg[256];
    /* Declared type differs from the result type. */
    sonnx_tensor out = tensor(SONNX_DT_FLOAT, 1, d3, c, 24);
    ck_assert_int_eq(run2(P, "Mul", "onnx", tensor(SONNX_DT_DOUBLE, 1, d3, a, 24),
                          tensor(SONNX_DT_DOUBLE, 1, d3, b, 24), &out, msg, sizeof msg),
                     SONNX_STATUS_INVALID_ARGUMENT);
    /* Declared shape differs. */
    out = tensor(SONNX_DT_DOUBLE, 1, d4, c, 32);
    ck_assert_int_eq(run2(P, "Mul", "onnx", tensor(SONNX_DT_DOUBLE, 1, d3, a, 24),
                          tensor(SONNX_DT_DOUBLE, 1, d3, b, 24), &out, msg, sizeof msg),
                     SONNX_STATUS_INVALID_ARGUMENT);
    /* Buffer too small: ERROR and nothing written (c[2], c[3] untouched). */
    out = tensor(SONNX_DT_DOUBLE, 1, d3, c, 16);
    ck_assert_int_eq(run2(P, "Mul", "onnx", tensor(SONNX_DT_DOUBLE, 1, d3, a, 24),
                          tensor(SONNX_DT_DOUBLE, 1, d3, b, 24), &out, msg, sizeof msg),
                     SONNX_STATUS_ERROR);
    ck_assert(c[0] == -1 && c[2] == -1 && c[3] == -1);
    /* Input data shorter than its shape. */
    out = tensor(SONNX_DT_DOUBLE, 1, d3, c, 24);
    ck_assert_int_eq(run2(P, "Mul", "onnx", tensor(SONNX_DT_DOUBLE, 1, d3, a, 16),
                          tensor(SONNX_DT_DOUBLE, 1, d3, b, 24), &out, msg, sizeof msg),
                     SONNX_STATUS_INVALID_ARGUMENT);
    /* Success sets the metadata and writes exactly 3 elements. */
    out = tensor(SONNX_DT_DOUBLE, 1, d3, c, 24);
    out.dims[5] = 77; /* stale entries beyond rank are cleared */
    ck_assert_int_eq(run2(P, "Mul", "onnx", tensor(SONNX_DT_DOUBLE, 1, d3, a, 24),
                          tensor(SONNX_DT_DOUBLE, 1, d3, b, 24), &out, msg, sizeof msg),
                     SONNX_STATUS_OK);
    ck_assert(c[0] == 2 && c[1] == 4 && c[2] == 6 && c[3] == -1);
    ck_assert_int_eq(out.dims[5], 0);
    /* Scalars (rank 0) and empty tensors. */
    double s = 0;
    sonnx_tensor so = tensor(SONNX_DT_DOUBLE, 0, NULL, &s, 8);
    ck_assert_int_eq(run2(P, "Div", "sonnx", tensor(SONNX_DT_DOUBLE, 0, NULL, a + 2, 8),
                          tensor(SONNX_DT_DOUBLE, 0, NULL, b, 8), &so, msg, sizeof msg),
                     SONNX_STATUS_OK);
    ck_assert(s == 1.5);
    const int64_t d03[] = {0, 3};
    sonnx_tensor eo = tensor(SONNX_DT_DOUBLE, 2, d03, NULL, 0);
    ck_assert_int_eq(run2(P, "Div", "onnx", tensor(SONNX_DT_DOUBLE, 2, d03, NULL, 0),
                          tensor(SONNX_DT_DOUBLE, 1, d3, b, 24), &eo, msg, sizeof msg),
                     SONNX_STATUS_OK);
    ck_assert_int_eq(eo.rank, 2);
    /* Wrong input count. */
    sonnx_op op = {"Div", "", 14, "onnx", 0, NULL};
    sonnx_tensor one = tensor(SONNX_DT_DOUBLE, 1, d3, a, 24);
    ck_assert_int_eq(P->run(&op, &one, 1, &out, 1, msg, sizeof msg),
                     SONNX_STATUS_INVALID_ARGUMENT);
}
END_TEST

START_TEST(packed_4bit)
{
    char msg[256];
    /* int4 Mul, 3 elements: [7,-8,3] * [7,-8,-1] = [49,64,-3] -> [1,0,-3]. */
    const uint8_t a[] = {0x87, 0x03}, b[] = {0x87, 0x0f};
    const int64_t d3[] = {3};
    uint8_t c[2] = {0xee, 0xee};
    sonnx_tensor out = tensor(SONNX_DT_INT4, 1, d3, c, 2);
    ck_assert_int_eq(run2(P, "Mul", "sonnx", tensor(SONNX_DT_INT4, 1, d3, a, 2),
                          tensor(SONNX_DT_INT4, 1, d3, b, 2), &out, msg, sizeof msg),
                     SONNX_STATUS_OK);
    ck_assert_uint_eq(c[0], 0x01);
    ck_assert_uint_eq(c[1], 0x0d); /* padding nibble zero */
    /* uint4 Div with a broadcast scalar: [15, 9] / 2 = [7, 4]. */
    const uint8_t ua[] = {0x9f}, ub[] = {0x02};
    const int64_t d2[] = {2};
    uint8_t uc[1] = {0};
    out = tensor(SONNX_DT_UINT4, 1, d2, uc, 1);
    ck_assert_int_eq(run2(P, "Div", "onnx", tensor(SONNX_DT_UINT4, 1, d2, ua, 1),
                          tensor(SONNX_DT_UINT4, 0, NULL, ub, 1), &out, msg, sizeof msg),
                     SONNX_STATUS_OK);
    ck_assert_uint_eq(uc[0], 0x47);
    /* int4 Div: -8 / -1 wraps to -8; 7 / 0 = 0 (documented). */
    const uint8_t da[] = {0x78}, db[] = {0x0f};
    out = tensor(SONNX_DT_INT4, 1, d2, uc, 1);
    ck_assert_int_eq(run2(P, "Div", "onnx", tensor(SONNX_DT_INT4, 1, d2, da, 1),
                          tensor(SONNX_DT_INT4, 1, d2, db, 1), &out, msg, sizeof msg),
                     SONNX_STATUS_OK);
    ck_assert_uint_eq(uc[0], 0x08);
    /* Less int4 -> bool: [-8, 7] < [0, 0] = [1, 0]. */
    const uint8_t la[] = {0x78}, lb[] = {0x00};
    uint8_t lc[2] = {9, 9};
    out = tensor(SONNX_DT_BOOL, 1, d2, lc, 2);
    ck_assert_int_eq(run2(P, "Less", "sonnx", tensor(SONNX_DT_INT4, 1, d2, la, 1),
                          tensor(SONNX_DT_INT4, 1, d2, lb, 1), &out, msg, sizeof msg),
                     SONNX_STATUS_OK);
    ck_assert_uint_eq(lc[0], 1);
    ck_assert_uint_eq(lc[1], 0);
}
END_TEST

START_TEST(shared_object_serves_same_results)
{
    void *h = dlopen(SCT_PLUGIN_PATH, RTLD_NOW | RTLD_LOCAL);
    ck_assert_msg(h != NULL, "dlopen: %s", dlerror());
    const sonnx_plugin_entry *e = dlsym(h, SONNX_PLUGIN_ENTRY_SYMBOL);
    ck_assert_ptr_nonnull(e);
    ck_assert_uint_eq(e->abi_major, P->abi_major);
    ck_assert_uint_eq(e->struct_size, P->struct_size);
    ck_assert_str_eq(e->vendor, P->vendor);
    ck_assert_str_eq(e->runtime_name, P->runtime_name);
    ck_assert_str_eq(e->runtime_version, P->runtime_version);
    /* Nothing but the entry symbol is exported. */
    ck_assert_ptr_null(dlsym(h, "sct_builtin_run"));
    ck_assert_ptr_null(dlsym(h, "sct_div_f16"));
    /* Same bytes for every float16 Div of a row. */
    static uint16_t a[4096], b[4096], c1[4096], c2[4096];
    for (uint32_t i = 0; i < 4096; i++) {
        a[i] = (uint16_t)(i * 16u + 3u);
        b[i] = (uint16_t)(0x3c00u + i * 7u);
    }
    const int64_t d[] = {4096};
    char msg[256];
    sonnx_tensor o1 = tensor(SONNX_DT_FLOAT16, 1, d, c1, sizeof c1);
    sonnx_tensor o2 = tensor(SONNX_DT_FLOAT16, 1, d, c2, sizeof c2);
    ck_assert_int_eq(run2(P, "Div", "sonnx", tensor(SONNX_DT_FLOAT16, 1, d, a, sizeof a),
                          tensor(SONNX_DT_FLOAT16, 1, d, b, sizeof b), &o1, msg, sizeof msg),
                     SONNX_STATUS_OK);
    ck_assert_int_eq(run2(e, "Div", "sonnx", tensor(SONNX_DT_FLOAT16, 1, d, a, sizeof a),
                          tensor(SONNX_DT_FLOAT16, 1, d, b, sizeof b), &o2, msg, sizeof msg),
                     SONNX_STATUS_OK);
    ck_assert_mem_eq(c1, c2, sizeof c1);
    dlclose(h);
}
END_TEST

/* Random shapes: run() Mul int32 against a naive broadcast written here
 * (coordinates of each output element mapped to each input by
 * right-alignment, dim 1 -> coordinate 0). */
START_TEST(random_broadcast_shapes)
{
    uint64_t seed = 0x5eed;
    char msg[256];
    for (int iter = 0; iter < 300; iter++) {
        int64_t dc[4], da[4], db[4];
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        int32_t rc = (int32_t)((seed >> 60) % 5); /* 0..4 */
        for (int k = 0; k < rc; k++)
            dc[k] = 1 + (int64_t)((seed >> (8 * k + 3)) % 3);
        int32_t ra = rc - (int32_t)((seed >> 40) % (uint64_t)(rc + 1));
        int32_t rb = rc - (int32_t)((seed >> 44) % (uint64_t)(rc + 1));
        if ((seed >> 50) & 1)
            ra = rc; /* keep the output rank rc */
        else
            rb = rc;
        for (int k = 0; k < ra; k++)
            da[k] = ((seed >> (k + 20)) & 1) ? 1 : dc[rc - ra + k];
        for (int k = 0; k < rb; k++)
            db[k] = ((seed >> (k + 30)) & 1) ? 1 : dc[rc - rb + k];
        /* both sides stretched at a position: the output dim is 1 there */
        for (int k = 0; k < rc; k++) {
            int64_t x = k - (rc - ra) >= 0 ? da[k - (rc - ra)] : 1;
            int64_t y = k - (rc - rb) >= 0 ? db[k - (rc - rb)] : 1;
            dc[k] = x > y ? x : y;
        }
        int32_t a[81], b[81], c[81], want[81];
        int64_t na = 1, nb = 1, nc = 1;
        for (int k = 0; k < ra; k++) na *= da[k];
        for (int k = 0; k < rb; k++) nb *= db[k];
        for (int k = 0; k < rc; k++) nc *= dc[k];
        for (int64_t i = 0; i < na; i++) a[i] = (int32_t)(i + 1);
        for (int64_t i = 0; i < nb; i++) b[i] = (int32_t)(100 * (i + 1));
        for (int64_t f = 0; f < nc; f++) {
            int64_t coord[4], rem = f;
            for (int k = rc - 1; k >= 0; k--) {
                coord[k] = rem % dc[k];
                rem /= dc[k];
            }
            int64_t ia = 0, ib = 0;
            for (int k = 0; k < ra; k++)
                ia = ia * da[k] + (da[k] == 1 ? 0 : coord[rc - ra + k]);
            for (int k = 0; k < rb; k++)
                ib = ib * db[k] + (db[k] == 1 ? 0 : coord[rc - rb + k]);
            want[f] = a[ia] * b[ib];
        }
        sonnx_tensor out = tensor(SONNX_DT_INT32, rc, dc, c, (uint64_t)nc * 4);
        ck_assert_int_eq(run2(P, "Mul", "onnx",
                              tensor(SONNX_DT_INT32, ra, da, a, (uint64_t)na * 4),
                              tensor(SONNX_DT_INT32, rb, db, b, (uint64_t)nb * 4),
                              &out, msg, sizeof msg), SONNX_STATUS_OK);
        ck_assert_mem_eq(c, want, (size_t)nc * 4);
    }
}
END_TEST

int main(void)
{
    P = sct_builtin_plugin();
    Suite *s = suite_create("builtin");
    TCase *tc = tcase_create("plugin table");
    tcase_add_test(tc, identity);
    tcase_add_test(tc, query_answers);
    tcase_add_test(tc, onnx_broadcast_div);
    tcase_add_test(tc, unary_run);
    tcase_add_test(tc, sonnx_profile_rejections);
    tcase_add_test(tc, output_contract);
    tcase_add_test(tc, packed_4bit);
    tcase_add_test(tc, shared_object_serves_same_results);
    tcase_add_test(tc, random_broadcast_shapes);
    suite_add_tcase(s, tc);
    return sct_check_run_suite(s);
}
