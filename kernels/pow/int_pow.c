/*
 * int_pow.c — Pow with an int32 or int64 base and an integer exponent of
 * any width (onnx Pow opset 15: T in {int32, int64}, T1 integer types;
 * sonnx-pow R5/R6).
 *
 * Accuracy: exact.  Repeated squaring in UNSIGNED 64-bit arithmetic, so a
 * result that overflows the type wraps modulo 2^n instead of invoking
 * undefined behaviour (C11 6.5p5); the spec leaves overflow undefined and
 * the harness only requires no trap there.  The loop runs at most 64
 * squarings whatever the exponent.
 *
 * Negative exponents (the true result 1/base^|e| truncated toward zero):
 *   base 1 -> 1; base -1 -> 1 or -1 by parity; |base| >= 2 -> 0;
 *   base 0 -> 0 (division by zero, undefined in the spec; documented
 *   choice, no trap).
 * Exponent 0 -> 1 for every base, including 0 (numpy and Annex F agree).
 */
#include "pow/int_pow.h"

#include <stdint.h>

#include "loops.h"

uint64_t sct_ipow_wrap(int64_t base, int exp_negative, uint64_t exp_magnitude)
{
    if (exp_negative) {
        if (base == 1)
            return 1u;
        if (base == -1)
            return (exp_magnitude & 1u) ? UINT64_MAX /* -1 */ : 1u;
        return 0u;
    }
    uint64_t result = 1u;
    uint64_t square = (uint64_t)base; /* modular conversion, C11 6.3.1.3p2 */
    uint64_t e = exp_magnitude;
    while (e != 0u) {
        if (e & 1u)
            result *= square;
        square *= square;
        e >>= 1;
    }
    return result;
}

/* Sign and magnitude of an integer exponent without overflow on INT64_MIN. */
static inline uint64_t sct_magnitude_i64(int64_t e)
{
    return e < 0 ? (uint64_t)(-(e + 1)) + 1u : (uint64_t)e;
}

#define SCT_POW_II_LOOP(base, exp, BT, UT, ET, NEG, MAG)                 \
    void sct_pow_##base##_##exp(const void *a, const void *b, void *c,   \
                                size_t n)                                \
    {                                                                    \
        const BT *restrict x = a;                                        \
        const ET *restrict y = b;                                        \
        UT *restrict z = c; /* store the low bits: modular */            \
        for (size_t i = 0; i < n; i++)                                   \
            z[i] = (UT)sct_ipow_wrap((int64_t)x[i], NEG(y[i]), MAG(y[i])); \
    }

#define SCT_NEG_SIGNED(e) ((e) < 0)
#define SCT_MAG_SIGNED(e) sct_magnitude_i64((int64_t)(e))
#define SCT_NEG_UNSIGNED(e) 0
#define SCT_MAG_UNSIGNED(e) ((uint64_t)(e))

#define SCT_DEFINE_POW_INT_BASE(base, BT, UT)                                    \
    SCT_POW_II_LOOP(base, i8, BT, UT, int8_t, SCT_NEG_SIGNED, SCT_MAG_SIGNED)     \
    SCT_POW_II_LOOP(base, i16, BT, UT, int16_t, SCT_NEG_SIGNED, SCT_MAG_SIGNED)   \
    SCT_POW_II_LOOP(base, i32, BT, UT, int32_t, SCT_NEG_SIGNED, SCT_MAG_SIGNED)   \
    SCT_POW_II_LOOP(base, i64, BT, UT, int64_t, SCT_NEG_SIGNED, SCT_MAG_SIGNED)   \
    SCT_POW_II_LOOP(base, u8, BT, UT, uint8_t, SCT_NEG_UNSIGNED, SCT_MAG_UNSIGNED) \
    SCT_POW_II_LOOP(base, u16, BT, UT, uint16_t, SCT_NEG_UNSIGNED, SCT_MAG_UNSIGNED) \
    SCT_POW_II_LOOP(base, u32, BT, UT, uint32_t, SCT_NEG_UNSIGNED, SCT_MAG_UNSIGNED) \
    SCT_POW_II_LOOP(base, u64, BT, UT, uint64_t, SCT_NEG_UNSIGNED, SCT_MAG_UNSIGNED)

SCT_DEFINE_POW_INT_BASE(i32, int32_t, uint32_t)
SCT_DEFINE_POW_INT_BASE(i64, int64_t, uint64_t)
