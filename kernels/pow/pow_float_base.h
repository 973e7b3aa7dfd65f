/*
 * pow_float_base.h — internal: defines the 12 Pow loops of one
 * floating-point base type (one per exponent type of onnx Pow T1).
 *
 * Every loop: decode the base exactly to binary64, read the exponent
 * EXACTLY (float16/bfloat16/float32 widen exactly; 8-, 16- and 32-bit
 * integers convert exactly; int64/uint64 go through sct_pow_real_i64/_u64
 * which keep the parity), compute sct_pow_real in binary64, then FIX it:
 * the result rounded to the base type, correctly (pow/pow_cr.c; binary64
 * bases: the identity), which the encoder stores exactly.  Pow output
 * type = base type (onnx Pow; sonnx-pow R5).
 */
#ifndef SCT_KERNELS_POW_FLOAT_BASE_H
#define SCT_KERNELS_POW_FLOAT_BASE_H

#include <stdint.h>

#include "loops.h"
#include "sct/numeric/bf16.h"
#include "sct/numeric/fp16.h"
#include "pow/pow_cr.h"
#include "pow/pow_real.h"

#define SCT_POW_FB_LOOP(base, exp, BT, DECODE, ENCODE, FIX, ET, POW, YD)    \
    void sct_pow_##base##_##exp(const void *a, const void *b, void *c,       \
                                size_t n)                                    \
    {                                                                        \
        const BT *restrict x = a;                                            \
        const ET *restrict y = b;                                            \
        BT *restrict z = c;                                                  \
        for (size_t i = 0; i < n; i++) {                                     \
            double xd = DECODE(x[i]);                                        \
            z[i] = ENCODE(FIX(xd, YD(y[i]), POW(xd, y[i])));                 \
        }                                                                    \
    }

#define SCT_POW_WITH_F16(x, y) sct_pow_real((x), sct_f16_to_f64(y))
#define SCT_POW_WITH_BF16(x, y) sct_pow_real((x), sct_bf16_to_f64(y))
#define SCT_POW_WITH_EXACT(x, y) sct_pow_real((x), (double)(y))
#define SCT_POW_Y_F16(y) sct_f16_to_f64(y)
#define SCT_POW_Y_BF16(y) sct_bf16_to_f64(y)
#define SCT_POW_Y_EXACT(y) ((double)(y))
/* binary64 bases: sct_pow_real's result is the result */
#define SCT_POW_NO_FIX(x, y, d) (d)

/* FIX(x, y, d): d = x^y in binary64 rounded to the base type (pow_cr.h). */
#define SCT_DEFINE_POW_FLOAT_BASE(base, BT, DECODE, ENCODE, FIX)                  \
    SCT_POW_FB_LOOP(base, f16, BT, DECODE, ENCODE, FIX, uint16_t, SCT_POW_WITH_F16,  \
                    SCT_POW_Y_F16)                                                   \
    SCT_POW_FB_LOOP(base, bf16, BT, DECODE, ENCODE, FIX, uint16_t, SCT_POW_WITH_BF16, \
                    SCT_POW_Y_BF16)                                                  \
    SCT_POW_FB_LOOP(base, f32, BT, DECODE, ENCODE, FIX, float, SCT_POW_WITH_EXACT,   \
                    SCT_POW_Y_EXACT)                                                 \
    SCT_POW_FB_LOOP(base, f64, BT, DECODE, ENCODE, FIX, double, sct_pow_real,        \
                    SCT_POW_Y_EXACT)                                                 \
    SCT_POW_FB_LOOP(base, i8, BT, DECODE, ENCODE, FIX, int8_t, SCT_POW_WITH_EXACT,   \
                    SCT_POW_Y_EXACT)                                                 \
    SCT_POW_FB_LOOP(base, i16, BT, DECODE, ENCODE, FIX, int16_t, SCT_POW_WITH_EXACT, \
                    SCT_POW_Y_EXACT)                                                 \
    SCT_POW_FB_LOOP(base, i32, BT, DECODE, ENCODE, FIX, int32_t, SCT_POW_WITH_EXACT, \
                    SCT_POW_Y_EXACT)                                                 \
    SCT_POW_FB_LOOP(base, i64, BT, DECODE, ENCODE, FIX, int64_t, sct_pow_real_i64,   \
                    SCT_POW_Y_EXACT)                                                 \
    SCT_POW_FB_LOOP(base, u8, BT, DECODE, ENCODE, FIX, uint8_t, SCT_POW_WITH_EXACT,  \
                    SCT_POW_Y_EXACT)                                                 \
    SCT_POW_FB_LOOP(base, u16, BT, DECODE, ENCODE, FIX, uint16_t, SCT_POW_WITH_EXACT, \
                    SCT_POW_Y_EXACT)                                                 \
    SCT_POW_FB_LOOP(base, u32, BT, DECODE, ENCODE, FIX, uint32_t, SCT_POW_WITH_EXACT, \
                    SCT_POW_Y_EXACT)                                                 \
    SCT_POW_FB_LOOP(base, u64, BT, DECODE, ENCODE, FIX, uint64_t, sct_pow_real_u64,  \
                    SCT_POW_Y_EXACT)                                                

#endif /* SCT_KERNELS_POW_FLOAT_BASE_H */
