/*
 * bf16.h — bfloat16 <-> binary32/binary64 conversions.
 *
 * bfloat16 is the upper half of a binary32 encoding: 1 sign bit, 8 exponent
 * bits (bias 127), 7 fraction bits; precision p = 8, normal range
 * [2^-126, (2 - 2^-7) * 2^127], subnormal quantum 2^-133.
 *
 * Guarantees (verified in numeric/tests/test_bf16.c):
 * - Decoding is exact for all 65536 encodings (a 16-bit shift); NaNs keep
 *   sign and payload.
 * - Encoding rounds once, to nearest, ties to even (IEEE754-2019 §4.3.1)
 *   including subnormals (binary32 subnormals map onto bfloat16 subnormals,
 *   the same bit layout); values at or beyond the midpoint between the
 *   largest finite bfloat16 and 2^128 become infinity; NaN stays NaN with its
 *   sign, quieted, top payload bits kept.
 * - The binary64 path rounds directly to bfloat16 (never via binary32).
 */
#ifndef SCT_NUMERIC_BF16_H
#define SCT_NUMERIC_BF16_H

#include <stddef.h>
#include <stdint.h>

#include "sct/numeric/bits.h"

static inline float sct_bf16_to_f32(uint16_t h)
{
    return sct_f32_from_bits((uint32_t)h << 16);
}

static inline double sct_bf16_to_f64(uint16_t h)
{
    return (double)sct_bf16_to_f32(h);
}

/* binary32 -> bfloat16: drop 16 bits with RNE by adding 0x7fff plus the
 * lowest kept bit; the carry moves into the exponent at a binade boundary
 * and, from the largest finite value's upper half, to the infinity
 * encoding 0x7f80 — exactly the overflow rule.  NaN is handled first because
 * the carry could turn a NaN with a small payload into infinity. */
static inline uint16_t sct_f32_to_bf16(float f)
{
    uint32_t x = sct_f32_bits(f);
    uint32_t rounded = (x + 0x7fffu + ((x >> 16) & 1u)) >> 16;
    uint32_t nan = (x >> 16) | 0x0040u;
    return (uint16_t)(((x & 0x7fffffffu) > 0x7f800000u) ? nan : rounded);
}

/* binary64 -> bfloat16, one rounding (RNE). */
static inline uint16_t sct_f64_to_bf16(double d)
{
    uint64_t x = sct_f64_bits(d);
    uint32_t sign = (uint32_t)(x >> 48) & 0x8000u;
    uint64_t ax = x & 0x7fffffffffffffffull;
    /* Subnormal (|d| < 2^-126): 2^-81 has binary64 quantum 2^(-81-52) =
     * 2^-133, the bfloat16 subnormal quantum; the hardware addition rounds
     * once (RNE) and the encoding difference is the bfloat16 magnitude. */
    uint32_t sub = (uint32_t)(sct_f64_bits(sct_f64_from_bits(ax) + 0x1p-81) -
                              0x3ae0000000000000ull);
    uint64_t odd = (ax >> 45) & 1u;
    uint32_t normal = (uint32_t)((ax - (896ull << 52) +
                                  0x00000fffffffffffull + odd) >> 45);
    uint32_t r = (ax < 0x3810000000000000ull) ? sub : normal;
    /* >= (2 - 2^-8) * 2^127, the midpoint to 2^128: infinity. */
    r = (ax >= 0x47eff00000000000ull) ? 0x7f80u : r;
    r = (ax > 0x7ff0000000000000ull)
            ? (0x7fc0u | ((uint32_t)(ax >> 45) & 0x003fu)) : r;
    return (uint16_t)(sign | r);
}

static inline int sct_bf16_is_nan(uint16_t h)
{
    return (h & 0x7fffu) > 0x7f80u;
}

#endif /* SCT_NUMERIC_BF16_H */
