/*
 * int_less.c — Less for the integer types (sonnx-less, onnx Less).
 *
 * Semantics: exact comparison of the integer values; output bool 0/1.
 * Operands of one type are compared in that type (signed or unsigned), so
 * no conversion changes a value.  int4/uint4 are unpacked to int8/uint8 by
 * the caller, which preserves their values.
 */
#include <stdint.h>

#include "loops.h"
#include "sct/kernels/simd.h"

#define SCT_DEFINE_LESS(name, T)                                     \
    SCT_VECTOR_LOOP                                                  \
    void name(const void *a, const void *b, void *c, size_t n)       \
    {                                                                \
        const T *restrict x = a;                                     \
        const T *restrict y = b;                                     \
        uint8_t *restrict z = c;                                     \
        for (size_t i = 0; i < n; i++)                               \
            z[i] = (uint8_t)(x[i] < y[i]);                           \
    }

SCT_DEFINE_LESS(sct_less_i8, int8_t)
SCT_DEFINE_LESS(sct_less_i16, int16_t)
SCT_DEFINE_LESS(sct_less_i32, int32_t)
SCT_DEFINE_LESS(sct_less_i64, int64_t)
SCT_DEFINE_LESS(sct_less_u8, uint8_t)
SCT_DEFINE_LESS(sct_less_u16, uint16_t)
SCT_DEFINE_LESS(sct_less_u32, uint32_t)
SCT_DEFINE_LESS(sct_less_u64, uint64_t)
