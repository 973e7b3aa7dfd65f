/*
 * test_broadcast.c — broadcast.h: output shapes (ONNX Broadcasting.md
 * examples and the not-broadcastable cases), strides, flat index mapping,
 * and expansion; expected values written out by hand.
 */
#include <check.h>
#include <stdint.h>
#include <string.h>

#include "sct/kernels/broadcast.h"
#include "test_util.h"
#include "sct_check_main.h"

typedef struct shape_case {
    int32_t ra; int64_t da[4];
    int32_t rb; int64_t db[4];
    int ok;
    int32_t rc; int64_t dc[4];
} shape_case;

/* From ONNX docs/Broadcasting.md (multidirectional) plus edge cases. */
static const shape_case shape_cases[] = {
    {4, {2, 3, 4, 5}, 0, {0}, 1, 4, {2, 3, 4, 5}},          /* scalar */
    {4, {2, 3, 4, 5}, 1, {5}, 1, 4, {2, 3, 4, 5}},
    {4, {2, 3, 4, 5}, 2, {4, 5}, 1, 4, {2, 3, 4, 5}},
    {2, {4, 5}, 4, {2, 3, 4, 5}, 1, 4, {2, 3, 4, 5}},
    {3, {1, 4, 5}, 4, {2, 3, 1, 1}, 1, 4, {2, 3, 4, 5}},
    {3, {3, 4, 5}, 4, {2, 1, 1, 1}, 1, 4, {2, 3, 4, 5}},
    {4, {2, 3, 4, 5}, 2, {2, 3}, 0, 0, {0}},                 /* 4,5 vs 2,3 */
    {2, {2, 3}, 1, {4}, 0, 0, {0}},                           /* 3 vs 4 */
    {2, {2, 1}, 2, {1, 3}, 1, 2, {2, 3}},
    {1, {0}, 1, {1}, 1, 1, {0}},                              /* 0 with 1 */
    {1, {0}, 1, {3}, 0, 0, {0}},                              /* 0 vs 3 */
    {0, {0}, 0, {0}, 1, 0, {0}},                              /* scalars */
};

START_TEST(output_shapes)
{
    for (size_t i = 0; i < sizeof shape_cases / sizeof shape_cases[0]; i++) {
        const shape_case *c = &shape_cases[i];
        int32_t rc = -1;
        int64_t dc[SONNX_MAX_RANK] = {0};
        int ok = sct_broadcast_shape(c->ra, c->da, c->rb, c->db, &rc, dc);
        ck_assert_msg(ok == c->ok, "case %zu: ok=%d", i, ok);
        if (ok) {
            ck_assert_int_eq(rc, c->rc);
            for (int32_t k = 0; k < rc; k++)
                ck_assert_int_eq(dc[k], c->dc[k]);
        }
    }
}
END_TEST

START_TEST(strides_and_index)
{
    /* Input (3,1) seen as (2,3,4): strides {0, 1, 0}. */
    const int64_t din[] = {3, 1}, dout[] = {2, 3, 4};
    uint64_t st[SONNX_MAX_RANK];
    sct_broadcast_strides(2, din, 3, dout, st);
    ck_assert_uint_eq(st[0], 0);
    ck_assert_uint_eq(st[1], 1);
    ck_assert_uint_eq(st[2], 0);
    /* Output flat 13 = (1, 0, 1) -> input row 0 = 0; flat 22 = (1,2,2) -> 2 */
    ck_assert_uint_eq(sct_broadcast_index(13, 3, dout, st), 0);
    ck_assert_uint_eq(sct_broadcast_index(22, 3, dout, st), 2);
    /* Same shape: row-major strides {12, 4, 1}: identity mapping. */
    sct_broadcast_strides(3, dout, 3, dout, st);
    ck_assert_uint_eq(st[0], 12);
    ck_assert_uint_eq(st[1], 4);
    ck_assert_uint_eq(st[2], 1);
    for (uint64_t f = 0; f < 24; f++)
        ck_assert_uint_eq(sct_broadcast_index(f, 3, dout, st), f);
    /* (4,) as (2,3,4): strides {0,0,1}: index = f % 4. */
    const int64_t d4[] = {4};
    sct_broadcast_strides(1, d4, 3, dout, st);
    for (uint64_t f = 0; f < 24; f++)
        ck_assert_uint_eq(sct_broadcast_index(f, 3, dout, st), f % 4);
}
END_TEST

START_TEST(expand_matches_index)
{
    /* (2,1,3) int16 expanded to (2,4,3). */
    const int16_t src[] = {1, 2, 3, 4, 5, 6};
    const int64_t din[] = {2, 1, 3}, dout[] = {2, 4, 3};
    uint64_t st[SONNX_MAX_RANK];
    sct_broadcast_strides(3, din, 3, dout, st);
    int16_t dst[24];
    sct_broadcast_expand(src, sizeof src[0], 3, dout, st, dst);
    const int16_t expect[24] = {1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3,
                                4, 5, 6, 4, 5, 6, 4, 5, 6, 4, 5, 6};
    ck_assert_mem_eq(dst, expect, sizeof expect);
    /* Column vector (3,1) float64 to (3,2). */
    const double col[] = {1.5, -2.0, 8.0};
    const int64_t dc[] = {3, 1}, doc[] = {3, 2};
    sct_broadcast_strides(2, dc, 2, doc, st);
    double out[6];
    sct_broadcast_expand(col, sizeof col[0], 2, doc, st, out);
    const double want[] = {1.5, 1.5, -2.0, -2.0, 8.0, 8.0};
    ck_assert_mem_eq(out, want, sizeof want);
    /* Scalar to (2,2). */
    const int64_t d22[] = {2, 2};
    sct_broadcast_strides(0, NULL, 2, d22, st);
    const uint8_t one = 7;
    uint8_t o4[4];
    sct_broadcast_expand(&one, 1, 2, d22, st, o4);
    const uint8_t w4[] = {7, 7, 7, 7};
    ck_assert_mem_eq(o4, w4, 4);
    /* Rank-0 output. */
    uint8_t o1 = 0;
    sct_broadcast_expand(&one, 1, 0, NULL, st, &o1);
    ck_assert_uint_eq(o1, 7);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("broadcast");
    TCase *tc = tcase_create("index arithmetic");
    tcase_add_test(tc, output_shapes);
    tcase_add_test(tc, strides_and_index);
    tcase_add_test(tc, expand_matches_index);
    suite_add_tcase(s, tc);
    return sct_check_run_suite(s);
}
