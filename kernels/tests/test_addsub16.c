/*
 * test_addsub16.c — float16 and bfloat16 Add and Sub against the integer
 * reference (ref_add16/ref_sub16: the exact sum of the aligned integer
 * significands, one RNE rounding by ref_round; nothing shared with the
 * kernels or numeric/): interesting operands crossed, 2^22 random pairs;
 * SCT_EXHAUSTIVE=1 runs all 2^32 pairs of each (minutes; not in ctest).
 */
#include <check.h>
#include <stdint.h>

#include "sct/kernels/kernels.h"
#include "ref_binop16.h"
#include "sweep16.h"
#include "sct_check_main.h"

typedef struct row {
    const char *what, *op;
    int32_t type;
    const ref_format *f;
    int mant_bits;
    ref_binop16_fn ref;
} row;

static const row rows[] = {
    {"Add float16", "Add", SONNX_DT_FLOAT16, &REF_F16, 10, ref_add16},
    {"Sub float16", "Sub", SONNX_DT_FLOAT16, &REF_F16, 10, ref_sub16},
    {"Add bfloat16", "Add", SONNX_DT_BFLOAT16, &REF_BF16, 7, ref_add16},
    {"Sub bfloat16", "Sub", SONNX_DT_BFLOAT16, &REF_BF16, 7, ref_sub16},
};

static void check_ref(void *ctx, const uint16_t *a, const uint16_t *b,
                      const uint16_t *c, uint32_t n)
{
    const row *r = ctx;
    ref_check_pairs(r->what, r->f, r->ref, a, b, c, n);
}

START_TEST(against_integer_reference)
{
    const row *r = &rows[_i];
    sct_kernel_loop loop = sct_kernel_contiguous(r->op, r->type, r->type);
    ck_assert(loop != NULL);
    if (sweep16_exhaustive()) {
        sweep16_all(loop, 2, check_ref, (void *)r);
        return;
    }
    uint16_t pick[2048], sub[512];
    uint32_t n = sweep16_interesting(r->mant_bits, pick, 2048), k = 0;
    for (uint32_t i = 0; i < n && k < 512; i += 4)
        sub[k++] = pick[i];
    sweep16_rows(loop, sub, k, sub, k, 2, check_ref, (void *)r);
    sweep16_random(loop, 1u << 22, 1234u, 2, check_ref, (void *)r);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("addsub16");
    TCase *tc = tcase_create("rows");
    tcase_set_timeout(tc, sweep16_exhaustive() ? 36000 : 300);
    tcase_add_loop_test(tc, against_integer_reference, 0, (int)(sizeof rows / sizeof rows[0]));
    suite_add_tcase(s, tc);
    return sct_check_run_suite(s);
}
