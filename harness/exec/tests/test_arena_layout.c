/*
 * test_arena_layout.c — where tensors land in the shared arena: every
 * output ends exactly at a page boundary (its guard page), every region is
 * page-aligned and regions never overlap their guard pages.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "worker_protocol.h"
#include "sct_check_main.h"

#define PAGE 4096u

static sonnx_tensor t_of(uint64_t nbytes)
{
    sonnx_tensor t;
    memset(&t, 0, sizeof t);
    t.elem_type = SONNX_DT_UINT8;
    t.rank = 1;
    t.dims[0] = (int64_t)nbytes;
    t.nbytes = nbytes;
    return t;
}

START_TEST(outputs_end_at_guard)
{
    static const uint64_t sizes[] = {0, 1, 3, 4095, 4096, 4097, 12345};
    static sct_wire_request q;
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        sonnx_tensor in[2] = {t_of(sizes[i]), t_of(7)};
        sonnx_tensor out[1] = {t_of(sizes[i])};
        memset(&q, 0, sizeof q);
        uint64_t in_end = 0;
        uint64_t total = sct_arena_layout(in, 2, out, 1, PAGE, 0, 0, &q, &in_end);
        ck_assert_uint_gt(total, 0);
        const sct_wire_tensor *o = &q.outputs[0];
        ck_assert_uint_eq(o->region_off % PAGE, 0);
        ck_assert_uint_eq(o->region_len % PAGE, 0);
        ck_assert_uint_eq(o->data_off + sizes[i], o->region_off + o->region_len);
        ck_assert_uint_le(o->region_off + o->region_len + PAGE, total);
        for (int k = 0; k < 2; k++) {
            const sct_wire_tensor *t = &q.inputs[k];
            ck_assert_uint_eq(t->data_off, t->region_off);
            ck_assert_uint_eq(t->region_off % PAGE, 0);
            ck_assert_uint_ge(t->region_len, t->nbytes);
        }
        /* input 1 starts after input 0's guard page */
        ck_assert_uint_ge(q.inputs[1].region_off,
                          q.inputs[0].region_off + q.inputs[0].region_len + PAGE);
        ck_assert_uint_le(q.inputs[1].region_off + q.inputs[1].region_len + PAGE, in_end);
    }
}
END_TEST

START_TEST(overflow_is_refused)
{
    static sct_wire_request q;
    sonnx_tensor in[1] = {t_of(UINT64_MAX - 10)};
    uint64_t in_end;
    ck_assert_uint_eq(sct_arena_layout(in, 1, NULL, 0, PAGE, 0, 0, &q, &in_end), 0);
}
END_TEST

int main(void)
{
    const TTest *const tests[] = {outputs_end_at_guard, overflow_is_refused};
    return SCT_CHECK_RUN("arena_layout", tests);
}
