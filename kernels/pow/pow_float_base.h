/*
 * pow_float_base.h — internal: defines the 12 Pow loops of one
 * floating-point base type (one per exponent type of onnx Pow T1).
 *
 * Every loop: decode the base exactly to binary64, read the exponent
 * EXACTLY (float16/bfloat16/float32 widen exactly; 8-, 16- and 32-bit
 * integers convert exactly; int64/uint64 go through sct_pow_real_i64/_u64
 * which keep the parity), compute sct_pow_real in binary64, then round ONCE
 * to the base type with the given encoder.  Pow output type = base type
 * (onnx Pow; sonnx-pow R5).
 */
#ifndef SCT_KERNELS_POW_FLOAT_BASE_H
#define SCT_KERNELS_POW_FLOAT_BASE_H

#include <stdint.h>

#include "loops.h"
#include "sct/numeric/bf16.h"
#include "sct/numeric/fp16.h"
#include "pow/pow_real.h"

#define SCT_POW_FB_LOOP(base, exp, BT, DECODE, ENCODE, ET, POW)             \
    void sct_pow_##base##_##exp(const void *a, const void *b, void *c,       \
                                size_t n)                                    \
    {                                                                        \
        const BT *restrict x = a;                                            \
        const ET *restrict y = b;                                            \
        BT *restrict z = c;                                                  \
        for (size_t i = 0; i < n; i++)                                       \
            z[i] = ENCODE(POW(DECODE(x[i]), y[i]));                          \
    }

#define SCT_POW_WITH_F16(x, y) sct_pow_real((x), sct_f16_to_f64(y))
#define SCT_POW_WITH_BF16(x, y) sct_pow_real((x), sct_bf16_to_f64(y))
#define SCT_POW_WITH_EXACT(x, y) sct_pow_real((x), (double)(y))

/* POW_F64: x^y for the float64 exponent (sct_pow_real, or for the float32
 * base sct_pow_real_f32, which avoids its double rounding). */
#define SCT_DEFINE_POW_FLOAT_BASE(base, BT, DECODE, ENCODE, POW_F64)              \
    SCT_POW_FB_LOOP(base, f16, BT, DECODE, ENCODE, uint16_t, SCT_POW_WITH_F16)    \
    SCT_POW_FB_LOOP(base, bf16, BT, DECODE, ENCODE, uint16_t, SCT_POW_WITH_BF16)  \
    SCT_POW_FB_LOOP(base, f32, BT, DECODE, ENCODE, float, SCT_POW_WITH_EXACT)     \
    SCT_POW_FB_LOOP(base, f64, BT, DECODE, ENCODE, double, POW_F64)               \
    SCT_POW_FB_LOOP(base, i8, BT, DECODE, ENCODE, int8_t, SCT_POW_WITH_EXACT)     \
    SCT_POW_FB_LOOP(base, i16, BT, DECODE, ENCODE, int16_t, SCT_POW_WITH_EXACT)   \
    SCT_POW_FB_LOOP(base, i32, BT, DECODE, ENCODE, int32_t, SCT_POW_WITH_EXACT)   \
    SCT_POW_FB_LOOP(base, i64, BT, DECODE, ENCODE, int64_t, sct_pow_real_i64)     \
    SCT_POW_FB_LOOP(base, u8, BT, DECODE, ENCODE, uint8_t, SCT_POW_WITH_EXACT)    \
    SCT_POW_FB_LOOP(base, u16, BT, DECODE, ENCODE, uint16_t, SCT_POW_WITH_EXACT)  \
    SCT_POW_FB_LOOP(base, u32, BT, DECODE, ENCODE, uint32_t, SCT_POW_WITH_EXACT)  \
    SCT_POW_FB_LOOP(base, u64, BT, DECODE, ENCODE, uint64_t, sct_pow_real_u64)

#endif /* SCT_KERNELS_POW_FLOAT_BASE_H */
