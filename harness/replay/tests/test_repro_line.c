/*
 * test_repro_line.c — the fixed-format element lines of `repro`
 * (repro_line.h), table-driven.  Expected lines are written by hand from
 * the IEEE 754 encodings (1.5 = 0x3fc00000, float16 1 = 0x3c00, ...).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sct/replay/export_element.h"
#include "sct/replay/repro_line.h"
#include "sct_check_main.h"

typedef struct row {
    const char *op;
    sct_elem_ctx ctx;
    sct_elem_result r;
    uint64_t index;
    const char *want;
} row;

static const row k_rows[] = {
    {"Div", {SCT_OP_ID_DIV, SONNX_DT_FLOAT, 2, {SONNX_DT_FLOAT, SONNX_DT_FLOAT},
             {0x3fc00000u, 0x40000000u}, 0x3f400000u, 0x3f400001u},
     {false, SCT_DEV_OFF_BY_ULP, 1}, 17,
     "Div float32,float32->float32 elem 17 a 0x3fc00000 1.5 b 0x40000000 2 expected "
     "0x3f400000 0.75 got 0x3f400001 0.75000006 ulp 1 off-by-n-ulp\n"},
    {"Mul", {SCT_OP_ID_MUL, SONNX_DT_FLOAT16, 2, {SONNX_DT_FLOAT16, SONNX_DT_FLOAT16},
             {0x3c00u, 0x8000u}, 0x8000u, 0x8000u},
     {true, SCT_DEV_NONE, 0}, 0,
     "Mul float16,float16->float16 elem 0 a 0x3c00 1 b 0x8000 -0 expected 0x8000 -0 "
     "got 0x8000 -0 ulp 0 match\n"},
    {"Less", {SCT_OP_ID_LESS, SONNX_DT_BOOL, 2, {SONNX_DT_INT32, SONNX_DT_INT32},
              {0xffffffffu, 0x1u}, 0x1u, 0x0u},
     {false, SCT_DEV_BOOL_WRONG, SCT_ULP_NONE}, 3,
     "Less int32,int32->bool elem 3 a 0xffffffff -1 b 0x00000001 1 expected 0x01 true "
     "got 0x00 false ulp n/a bool-wrong\n"},
};

START_TEST(line_format)
{
    const row *w = &k_rows[_i];
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    ck_assert_ptr_nonnull(f);
    sct_repro_line(f, w->op, w->index, &w->ctx, &w->r);
    fclose(f);
    ck_assert_str_eq(buf, w->want);
    free(buf);
}
END_TEST

START_TEST(export_name)
{
    char name[128];
    sct_export_name("pow/float32_int64/hard-sign", 24, name, sizeof name);
    ck_assert_str_eq(name, "test_pow_float32_int64_hard_sign_e24");
}
END_TEST

int main(void)
{
    Suite *s = suite_create("replay");
    TCase *rows = tcase_create("rows");
    tcase_add_loop_test(rows, line_format, 0, (int)(sizeof k_rows / sizeof k_rows[0]));
    tcase_add_test(rows, export_name);
    suite_add_tcase(s, rows);
    return sct_check_run_suite(s);
}
