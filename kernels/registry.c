/*
 * registry.c — the table of implemented (op, types) -> loop, and
 * sct_kernel_contiguous / sct_kernel_output_type of kernels.h.
 *
 * Coverage (onnx operator type constraints, extended to int4/uint4 where
 * the task asks for them):
 *   Div, Mul: A, B, C of one type T in {float16, bfloat16, float32,
 *             float64, int4..int64, uint4..uint64}
 *   Less:     A, B of one type T (the same list), C bool
 *   Add, Sub: A, B, C of one type T in {float16, bfloat16, float32,
 *             float64, int8..int64, uint8..uint64} (the union of the
 *             registry's sonnx and onnx lists)
 *   Abs:      X, Y of one type of that list; Sqrt: the four float types.
 *             Unary entries have b_type SONNX_DT_UNDEFINED: the key of a
 *             unary op is (op, x_type, UNDEFINED) and its loop gets b NULL.
 *   Pow:      A (= C) in {bfloat16, float16, float32, float64, int32,
 *             int64}, B in the 12 numeric types of onnx Pow-15 T1
 */
#include "registry.h"

#include <stddef.h>
#include <string.h>

#include "loops.h"
#include "sct/ops/op_registry.h"

#define SAME(op, t, out, loop) {op, t, t, out, loop}
#define DIV(t, loop) SAME("Div", t, t, loop)
#define MUL(t, loop) SAME("Mul", t, t, loop)
#define LESS(t, loop) SAME("Less", t, SONNX_DT_BOOL, loop)
#define ADD(t, loop) SAME("Add", t, t, loop)
#define SUB(t, loop) SAME("Sub", t, t, loop)
#define UNARY(op, t, loop) {op, t, SONNX_DT_UNDEFINED, t, loop}
#define POW(bt, et, loop) {"Pow", bt, et, bt, loop}

#define POW_ROW(bt, b)                                        \
    POW(bt, SONNX_DT_FLOAT16, sct_pow_##b##_f16),             \
    POW(bt, SONNX_DT_BFLOAT16, sct_pow_##b##_bf16),           \
    POW(bt, SONNX_DT_FLOAT, sct_pow_##b##_f32),               \
    POW(bt, SONNX_DT_DOUBLE, sct_pow_##b##_f64),              \
    POW(bt, SONNX_DT_INT8, sct_pow_##b##_i8),                 \
    POW(bt, SONNX_DT_INT16, sct_pow_##b##_i16),               \
    POW(bt, SONNX_DT_INT32, sct_pow_##b##_i32),               \
    POW(bt, SONNX_DT_INT64, sct_pow_##b##_i64),               \
    POW(bt, SONNX_DT_UINT8, sct_pow_##b##_u8),                \
    POW(bt, SONNX_DT_UINT16, sct_pow_##b##_u16),              \
    POW(bt, SONNX_DT_UINT32, sct_pow_##b##_u32),              \
    POW(bt, SONNX_DT_UINT64, sct_pow_##b##_u64)

static const sct_kernel_desc sct_kernel_table[] = {
    DIV(SONNX_DT_FLOAT16, sct_div_f16),   DIV(SONNX_DT_BFLOAT16, sct_div_bf16),
    DIV(SONNX_DT_FLOAT, sct_div_f32),     DIV(SONNX_DT_DOUBLE, sct_div_f64),
    DIV(SONNX_DT_INT4, sct_div_i8),       DIV(SONNX_DT_INT8, sct_div_i8),
    DIV(SONNX_DT_INT16, sct_div_i16),     DIV(SONNX_DT_INT32, sct_div_i32),
    DIV(SONNX_DT_INT64, sct_div_i64),     DIV(SONNX_DT_UINT4, sct_div_u8),
    DIV(SONNX_DT_UINT8, sct_div_u8),      DIV(SONNX_DT_UINT16, sct_div_u16),
    DIV(SONNX_DT_UINT32, sct_div_u32),    DIV(SONNX_DT_UINT64, sct_div_u64),

    MUL(SONNX_DT_FLOAT16, sct_mul_f16),   MUL(SONNX_DT_BFLOAT16, sct_mul_bf16),
    MUL(SONNX_DT_FLOAT, sct_mul_f32),     MUL(SONNX_DT_DOUBLE, sct_mul_f64),
    MUL(SONNX_DT_INT4, sct_mul_w8),       MUL(SONNX_DT_INT8, sct_mul_w8),
    MUL(SONNX_DT_INT16, sct_mul_w16),     MUL(SONNX_DT_INT32, sct_mul_w32),
    MUL(SONNX_DT_INT64, sct_mul_w64),     MUL(SONNX_DT_UINT4, sct_mul_w8),
    MUL(SONNX_DT_UINT8, sct_mul_w8),      MUL(SONNX_DT_UINT16, sct_mul_w16),
    MUL(SONNX_DT_UINT32, sct_mul_w32),    MUL(SONNX_DT_UINT64, sct_mul_w64),

    LESS(SONNX_DT_FLOAT16, sct_less_f16), LESS(SONNX_DT_BFLOAT16, sct_less_bf16),
    LESS(SONNX_DT_FLOAT, sct_less_f32),   LESS(SONNX_DT_DOUBLE, sct_less_f64),
    LESS(SONNX_DT_INT4, sct_less_i8),     LESS(SONNX_DT_INT8, sct_less_i8),
    LESS(SONNX_DT_INT16, sct_less_i16),   LESS(SONNX_DT_INT32, sct_less_i32),
    LESS(SONNX_DT_INT64, sct_less_i64),   LESS(SONNX_DT_UINT4, sct_less_u8),
    LESS(SONNX_DT_UINT8, sct_less_u8),    LESS(SONNX_DT_UINT16, sct_less_u16),
    LESS(SONNX_DT_UINT32, sct_less_u32),  LESS(SONNX_DT_UINT64, sct_less_u64),

    ADD(SONNX_DT_FLOAT16, sct_add_f16),   ADD(SONNX_DT_BFLOAT16, sct_add_bf16),
    ADD(SONNX_DT_FLOAT, sct_add_f32),     ADD(SONNX_DT_DOUBLE, sct_add_f64),
    ADD(SONNX_DT_INT8, sct_add_w8),       ADD(SONNX_DT_INT16, sct_add_w16),
    ADD(SONNX_DT_INT32, sct_add_w32),     ADD(SONNX_DT_INT64, sct_add_w64),
    ADD(SONNX_DT_UINT8, sct_add_w8),      ADD(SONNX_DT_UINT16, sct_add_w16),
    ADD(SONNX_DT_UINT32, sct_add_w32),    ADD(SONNX_DT_UINT64, sct_add_w64),

    SUB(SONNX_DT_FLOAT16, sct_sub_f16),   SUB(SONNX_DT_BFLOAT16, sct_sub_bf16),
    SUB(SONNX_DT_FLOAT, sct_sub_f32),     SUB(SONNX_DT_DOUBLE, sct_sub_f64),
    SUB(SONNX_DT_INT8, sct_sub_w8),       SUB(SONNX_DT_INT16, sct_sub_w16),
    SUB(SONNX_DT_INT32, sct_sub_w32),     SUB(SONNX_DT_INT64, sct_sub_w64),
    SUB(SONNX_DT_UINT8, sct_sub_w8),      SUB(SONNX_DT_UINT16, sct_sub_w16),
    SUB(SONNX_DT_UINT32, sct_sub_w32),    SUB(SONNX_DT_UINT64, sct_sub_w64),

    UNARY("Abs", SONNX_DT_FLOAT16, sct_abs_fw16),
    UNARY("Abs", SONNX_DT_BFLOAT16, sct_abs_fw16),
    UNARY("Abs", SONNX_DT_FLOAT, sct_abs_fw32),
    UNARY("Abs", SONNX_DT_DOUBLE, sct_abs_fw64),
    UNARY("Abs", SONNX_DT_INT8, sct_abs_i8),
    UNARY("Abs", SONNX_DT_INT16, sct_abs_i16),
    UNARY("Abs", SONNX_DT_INT32, sct_abs_i32),
    UNARY("Abs", SONNX_DT_INT64, sct_abs_i64),
    UNARY("Abs", SONNX_DT_UINT8, sct_abs_u8),
    UNARY("Abs", SONNX_DT_UINT16, sct_abs_u16),
    UNARY("Abs", SONNX_DT_UINT32, sct_abs_u32),
    UNARY("Abs", SONNX_DT_UINT64, sct_abs_u64),

    UNARY("Sqrt", SONNX_DT_FLOAT16, sct_sqrt_f16),
    UNARY("Sqrt", SONNX_DT_BFLOAT16, sct_sqrt_bf16),
    UNARY("Sqrt", SONNX_DT_FLOAT, sct_sqrt_f32),
    UNARY("Sqrt", SONNX_DT_DOUBLE, sct_sqrt_f64),

    POW_ROW(SONNX_DT_FLOAT16, f16),
    POW_ROW(SONNX_DT_BFLOAT16, bf16),
    POW_ROW(SONNX_DT_FLOAT, f32),
    POW_ROW(SONNX_DT_DOUBLE, f64),
    POW_ROW(SONNX_DT_INT32, i32),
    POW_ROW(SONNX_DT_INT64, i64),
};

#define SCT_KERNEL_COUNT (sizeof sct_kernel_table / sizeof sct_kernel_table[0])

const sct_kernel_desc *sct_kernel_find(const char *op_type, int32_t a_type,
                                       int32_t b_type)
{
    if (op_type == NULL)
        return NULL;
    for (size_t i = 0; i < SCT_KERNEL_COUNT; i++) {
        const sct_kernel_desc *d = &sct_kernel_table[i];
        if (d->a_type == a_type && d->b_type == b_type &&
            strcmp(d->op_type, op_type) == 0)
            return d;
    }
    return NULL;
}

bool sct_kernel_op_known(const char *op_type)
{
    /* An op is known when the registry has it and the table below maps it. */
    if (sct_op_find(op_type) == NULL)
        return false;
    for (size_t i = 0; i < sizeof sct_kernel_table / sizeof sct_kernel_table[0]; i++)
        if (strcmp(sct_kernel_table[i].op_type, op_type) == 0)
            return true;
    return false;
}

bool sct_kernel_input_type_known(const char *op_type, int index, int32_t type)
{
    if (op_type == NULL)
        return false;
    for (size_t i = 0; i < SCT_KERNEL_COUNT; i++) {
        const sct_kernel_desc *d = &sct_kernel_table[i];
        if ((index == 0 ? d->a_type : d->b_type) == type &&
            strcmp(d->op_type, op_type) == 0)
            return true;
    }
    return false;
}

unsigned sct_kernel_op_arity(const char *op_type)
{
    const sct_op_entry *e = sct_op_find(op_type);
    return e != NULL ? e->n_inputs : 0u;
}

static bool sct_is_packed4(int32_t t)
{
    return t == SONNX_DT_INT4 || t == SONNX_DT_UINT4;
}

sct_kernel_loop sct_kernel_contiguous(const char *op_type, int32_t a_type,
                                      int32_t b_type)
{
    if (sct_is_packed4(a_type) || sct_is_packed4(b_type))
        return NULL;
    const sct_kernel_desc *d = sct_kernel_find(op_type, a_type, b_type);
    return d ? d->loop : NULL;
}

int32_t sct_kernel_output_type(const char *op_type, int32_t a_type,
                               int32_t b_type)
{
    const sct_kernel_desc *d = sct_kernel_find(op_type, a_type, b_type);
    return d ? d->out_type : SONNX_DT_UNDEFINED;
}
