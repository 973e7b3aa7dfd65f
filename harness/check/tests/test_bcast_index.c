/*
 * test_bcast_index.c — broadcast index mapping against index lists written
 * out by hand for small shapes (onnx Broadcasting.md examples).
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sct/check/bcast_index.h"
#include "sct_check_main.h"

static sonnx_tensor shape(int32_t rank, int64_t d0, int64_t d1, int64_t d2)
{
    sonnx_tensor t;
    memset(&t, 0, sizeof t);
    t.rank = rank;
    t.dims[0] = d0;
    t.dims[1] = d1;
    t.dims[2] = d2;
    return t;
}

static void walk(int32_t rank, const int64_t *out_dims, sonnx_tensor a,
                 sonnx_tensor b, const uint64_t *want_a, const uint64_t *want_b,
                 size_t n)
{
    sonnx_tensor in[2] = {a, b};
    sct_bcast_iter it;
    ck_assert(sct_bcast_init(&it, rank, out_dims, 2, in));
    for (size_t i = 0; i < n; i++, sct_bcast_next(&it)) {
        ck_assert_msg(it.offset[0] == want_a[i], "A at %zu: %llu want %llu", i,
                      (unsigned long long)it.offset[0], (unsigned long long)want_a[i]);
        ck_assert_msg(it.offset[1] == want_b[i], "B at %zu: %llu want %llu", i,
                      (unsigned long long)it.offset[1], (unsigned long long)want_b[i]);
    }
}

START_TEST(test_same_shape)
{
    int64_t out[2] = {2, 3};
    const uint64_t idx[6] = {0, 1, 2, 3, 4, 5};
    walk(2, out, shape(2, 2, 3, 0), shape(2, 2, 3, 0), idx, idx, 6);
}
END_TEST

START_TEST(test_row_and_column)
{
    /* A [2,3] with B [3]: B repeats per row.  A [2,1] with B [1,3]. */
    int64_t out[2] = {2, 3};
    const uint64_t a_full[6] = {0, 1, 2, 3, 4, 5};
    const uint64_t b_row[6] = {0, 1, 2, 0, 1, 2};
    walk(2, out, shape(2, 2, 3, 0), shape(1, 3, 0, 0), a_full, b_row, 6);
    const uint64_t a_col[6] = {0, 0, 0, 1, 1, 1};
    walk(2, out, shape(2, 2, 1, 0), shape(2, 1, 3, 0), a_col, b_row, 6);
}
END_TEST

START_TEST(test_scalar_and_rank3)
{
    /* out [2,2,2]; A scalar; B [2,1,2] */
    int64_t out[3] = {2, 2, 2};
    const uint64_t a[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    const uint64_t b[8] = {0, 1, 0, 1, 2, 3, 2, 3};
    walk(3, out, shape(0, 0, 0, 0), shape(3, 2, 1, 2), a, b, 8);
}
END_TEST

START_TEST(test_not_broadcastable)
{
    int64_t out[2] = {2, 3};
    sonnx_tensor in[2] = {shape(2, 2, 3, 0), shape(1, 2, 0, 0)};
    sct_bcast_iter it;
    ck_assert(!sct_bcast_init(&it, 2, out, 2, in));
    sonnx_tensor too_big[2] = {shape(3, 1, 2, 3), shape(2, 2, 3, 0)};
    ck_assert(!sct_bcast_init(&it, 2, out, 2, too_big));
}
END_TEST

START_TEST(test_unflatten)
{
    int64_t dims[3] = {2, 3, 4};
    int64_t c[3];
    sct_unflatten(23, 3, dims, c);
    ck_assert(c[0] == 1 && c[1] == 2 && c[2] == 3);
    sct_unflatten(13, 3, dims, c); /* 13 = 1*12 + 0*4 + 1 */
    ck_assert(c[0] == 1 && c[1] == 0 && c[2] == 1);
}
END_TEST

int main(void)
{
    const TTest *const tests[] = {test_same_shape, test_row_and_column, test_scalar_and_rank3, test_not_broadcastable, test_unflatten};
    return SCT_CHECK_RUN("bcast_index", tests);
}
