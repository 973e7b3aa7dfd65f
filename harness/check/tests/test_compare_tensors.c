/*
 * test_compare_tensors.c — whole-tensor comparison: statistics, the
 * mismatch callback with broadcast-mapped inputs, int4 packing, and the
 * refusals (shape/type differences, short buffers).
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sct/check/compare_tensors.h"
#include "sct_check_main.h"

static sonnx_tensor tensor(int32_t type, int32_t rank, int64_t d0, int64_t d1,
                           void *data, uint64_t nbytes)
{
    sonnx_tensor t;
    memset(&t, 0, sizeof t);
    t.elem_type = type;
    t.rank = rank;
    t.dims[0] = d0;
    t.dims[1] = d1;
    t.data = data;
    t.nbytes = nbytes;
    return t;
}

typedef struct {
    size_t n;
    sct_mismatch m[8];
} sink;

static void collect(void *user, const sct_mismatch *m)
{
    sink *s = user;
    if (s->n < 8)
        s->m[s->n++] = *m;
}

START_TEST(test_float_mismatches_and_stats)
{
    /* out [2,2] = A [2,2] * B [2] (broadcast row) */
    uint32_t a[4] = {0x3f800000, 0x40000000, 0x40400000, 0x40800000}; /* 1 2 3 4 */
    uint32_t b[2] = {0x3f800000, 0x80000000};                         /* 1 -0 */
    uint32_t want[4] = {0x3f800000, 0x80000000, 0x40400000, 0x80000000};
    uint32_t got[4] = {0x3f800001, 0x00000000, 0x40400000, 0x80000000};
    sonnx_tensor in[2] = {tensor(SONNX_DT_FLOAT, 2, 2, 2, a, sizeof a),
                          tensor(SONNX_DT_FLOAT, 1, 2, 0, b, sizeof b)};
    sonnx_tensor e = tensor(SONNX_DT_FLOAT, 2, 2, 2, want, sizeof want);
    sonnx_tensor g = tensor(SONNX_DT_FLOAT, 2, 2, 2, got, sizeof got);
    sct_compare_opts o = {0, false};
    sink s = {0};
    sct_tensor_stats st;
    char err[128];
    ck_assert_int_eq(sct_compare_tensors(SCT_OP_ID_MUL, in, 2, &e, &g, &o, collect, &s,
                                         &st, err, sizeof err), 0);
    ck_assert_uint_eq(st.elements, 4);
    ck_assert_uint_eq(st.mismatches, 2);
    ck_assert_uint_eq(st.max_ulp, 1);
    ck_assert_uint_eq(st.deviation_counts[SCT_DEV_OFF_BY_ULP], 1);
    ck_assert_uint_eq(st.deviation_counts[SCT_DEV_ZERO_SIGN], 1);
    ck_assert_uint_eq(s.n, 2);
    ck_assert_uint_eq(s.m[0].index, 0);
    ck_assert_uint_eq(s.m[1].index, 1);
    ck_assert_uint_eq(s.m[1].in_bits[0], 0x40000000); /* A[0][1] = 2 */
    ck_assert_uint_eq(s.m[1].in_bits[1], 0x80000000); /* B[1] = -0 */
    ck_assert_uint_eq(s.m[1].deviation, SCT_DEV_ZERO_SIGN);

    /* with tolerance 1 the 1-ULP element passes, the zero sign never */
    sct_compare_opts tol = {1, false};
    ck_assert_int_eq(sct_compare_tensors(SCT_OP_ID_MUL, in, 2, &e, &g, &tol, NULL, NULL,
                                         &st, err, sizeof err), 0);
    ck_assert_uint_eq(st.mismatches, 1);
    ck_assert_uint_eq(st.max_ulp, 1);
}
END_TEST

START_TEST(test_int4_packed)
{
    /* 3 elements packed low nibble first: A = {7, 1, -8}, B = {2, 3, 1} */
    uint8_t a[2] = {0x17, 0x08};
    uint8_t b[2] = {0x32, 0x01};
    uint8_t want[2] = {0x3e, 0x08}; /* 14 wraps to -2 (0xe), 3, -8 */
    uint8_t got[2] = {0x37, 0x08};  /* 7 (saturated), 3, -8 */
    sonnx_tensor in[2] = {tensor(SONNX_DT_INT4, 1, 3, 0, a, 2),
                          tensor(SONNX_DT_INT4, 1, 3, 0, b, 2)};
    sonnx_tensor e = tensor(SONNX_DT_INT4, 1, 3, 0, want, 2);
    sonnx_tensor g = tensor(SONNX_DT_INT4, 1, 3, 0, got, 2);
    sct_compare_opts o = {0, false};
    sink s = {0};
    sct_tensor_stats st;
    char err[128];
    ck_assert_int_eq(sct_compare_tensors(SCT_OP_ID_MUL, in, 2, &e, &g, &o, collect, &s,
                                         &st, err, sizeof err), 0);
    ck_assert_uint_eq(st.elements, 3);
    ck_assert_uint_eq(st.mismatches, 1);
    ck_assert_uint_eq(st.unmeasurable, 1);
    ck_assert_uint_eq(s.m[0].index, 0);
    ck_assert_uint_eq(s.m[0].deviation, SCT_DEV_INT_SATURATED);
}
END_TEST

START_TEST(test_refusals)
{
    uint32_t x[4] = {0};
    sonnx_tensor e = tensor(SONNX_DT_FLOAT, 1, 4, 0, x, sizeof x);
    sonnx_tensor other_shape = tensor(SONNX_DT_FLOAT, 2, 2, 2, x, sizeof x);
    sonnx_tensor other_type = tensor(SONNX_DT_INT32, 1, 4, 0, x, sizeof x);
    sonnx_tensor short_buf = tensor(SONNX_DT_FLOAT, 1, 4, 0, x, 8);
    sonnx_tensor bad_in[1] = {tensor(SONNX_DT_FLOAT, 1, 3, 0, x, 12)};
    sct_compare_opts o = {0, false};
    sct_tensor_stats st;
    char err[128];
    ck_assert_int_ne(sct_compare_tensors(SCT_OP_ID_MUL, NULL, 0, &e, &other_shape, &o,
                                         NULL, NULL, &st, err, sizeof err), 0);
    ck_assert_int_ne(sct_compare_tensors(SCT_OP_ID_MUL, NULL, 0, &e, &other_type, &o,
                                         NULL, NULL, &st, err, sizeof err), 0);
    ck_assert_int_ne(sct_compare_tensors(SCT_OP_ID_MUL, NULL, 0, &e, &short_buf, &o,
                                         NULL, NULL, &st, err, sizeof err), 0);
    ck_assert_int_ne(sct_compare_tensors(SCT_OP_ID_MUL, bad_in, 1, &e, &e, &o,
                                         NULL, NULL, &st, err, sizeof err), 0);
    ck_assert_int_eq(sct_compare_tensors(SCT_OP_ID_MUL, NULL, 0, &e, &e, &o,
                                         NULL, NULL, &st, err, sizeof err), 0);
    ck_assert_uint_eq(st.mismatches, 0);
}
END_TEST

/* A shape that cannot describe a tensor must be refused, never compared as
 * zero elements (which would count the case as a vacuous pass). */
START_TEST(test_refuses_unusable_shapes)
{
    uint32_t x[4] = {0};
    sonnx_tensor negative = tensor(SONNX_DT_FLOAT, 2, -1, 4, x, sizeof x);
    /* 2^32 * 2^32 elements: the product wraps to 0 in uint64_t. */
    sonnx_tensor wraps = tensor(SONNX_DT_FLOAT, 2, INT64_C(1) << 32, INT64_C(1) << 32,
                                x, sizeof x);
    sonnx_tensor big_rank = tensor(SONNX_DT_FLOAT, 1, 4, 0, x, sizeof x);
    big_rank.rank = SONNX_MAX_RANK + 1;
    sct_compare_opts o = {0, false};
    sct_tensor_stats st;
    char err[128];
    ck_assert_int_ne(sct_compare_tensors(SCT_OP_ID_MUL, NULL, 0, &negative, &negative, &o,
                                         NULL, NULL, &st, err, sizeof err), 0);
    ck_assert_int_ne(sct_compare_tensors(SCT_OP_ID_MUL, NULL, 0, &wraps, &wraps, &o,
                                         NULL, NULL, &st, err, sizeof err), 0);
    ck_assert_int_ne(sct_compare_tensors(SCT_OP_ID_MUL, NULL, 0, &big_rank, &big_rank, &o,
                                         NULL, NULL, &st, err, sizeof err), 0);
    /* the same refusal for an input */
    sonnx_tensor e = tensor(SONNX_DT_FLOAT, 1, 4, 0, x, sizeof x);
    sonnx_tensor bad_in[1] = {wraps};
    ck_assert_int_ne(sct_compare_tensors(SCT_OP_ID_MUL, bad_in, 1, &e, &e, &o,
                                         NULL, NULL, &st, err, sizeof err), 0);
}
END_TEST

int main(void)
{
    const TTest *const tests[] = {
        test_float_mismatches_and_stats,
        test_int4_packed,
        test_refusals,
        test_refuses_unusable_shapes,
    };
    return SCT_CHECK_RUN("compare_tensors", tests);
}
