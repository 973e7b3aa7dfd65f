/*
 * fp16.h — IEEE 754 binary16 ("float16") <-> binary32/binary64 conversions.
 *
 * binary16: 1 sign bit, 5 exponent bits (bias 15), 10 fraction bits;
 * precision p = 11, normal range [2^-14, 65504], subnormal quantum 2^-24.
 *
 * Guarantees (verified exhaustively / against an integer reference in
 * numeric/tests/test_fp16.c):
 * - Decoding (to float or double) is exact for all 65536 encodings; NaNs keep
 *   sign and payload (the payload shifted into the wider format's fraction).
 * - Encoding rounds once, to nearest, ties to even (IEEE754-2019 §4.3.1),
 *   including into the subnormal range (no flush to zero); magnitudes
 *   >= 65520 (the midpoint between 65504 and 2^16) become infinity (§7.4);
 *   NaN stays NaN with its sign, made quiet, top payload bits kept (§6.2.3).
 * - The current rounding mode must be the default round-to-nearest-even
 *   (C11 FE_TONEAREST); the subnormal path uses a hardware addition.
 *
 * The helpers are branch-free (selects only) so that loops over arrays are
 * vectorised by the compiler; that is the "fast path" the exhaustive sweeps
 * rely on instead of a 64K-entry table with gathers.
 */
#ifndef SCT_NUMERIC_FP16_H
#define SCT_NUMERIC_FP16_H

#include <stddef.h>
#include <stdint.h>

#include "sct/numeric/bits.h"

/* Exact decoding.  Normal and inf/NaN encodings are re-biased in the integer
 * domain (exponent 15 -> 127, and the all-ones exponent 31 -> 255); the
 * subnormals and zero (|h| < 0x0400) are the integer fraction times 2^-24,
 * which is exact in binary32: the fraction has at most 10 bits and the
 * product is >= 2^-24, far inside binary32's normal range. */
static inline float sct_f16_to_f32(uint16_t h)
{
    uint32_t sign = (uint32_t)(h & 0x8000u) << 16;
    uint32_t mag = h & 0x7fffu;
    uint32_t normal = (mag << 13) + (112u << 23);
    normal += (mag >= 0x7c00u) ? (112u << 23) : 0u;
    uint32_t subnormal = sct_f32_bits((float)mag * 0x1p-24f);
    return sct_f32_from_bits(sign | (mag < 0x0400u ? subnormal : normal));
}

static inline double sct_f16_to_f64(uint16_t h)
{
    return (double)sct_f16_to_f32(h); /* binary32 -> binary64 is exact */
}

/* binary32 -> binary16, one rounding (RNE). */
static inline uint16_t sct_f32_to_f16(float f)
{
    uint32_t x = sct_f32_bits(f);
    uint32_t sign = (x >> 16) & 0x8000u;
    uint32_t ax = x & 0x7fffffffu;
    /* |f| < 2^-14: result is subnormal (or zero, or rounds up to the smallest
     * normal 0x0400).  Adding 0.5 places |f| in the binade [0.5, 1) whose
     * binary32 quantum is 2^-24, exactly the binary16 subnormal quantum, so
     * the hardware addition performs the one RNE rounding; the encoding
     * difference from 0.5 is then the binary16 magnitude (0 .. 0x0400). */
    uint32_t sub = sct_f32_bits(sct_f32_from_bits(ax) + 0.5f) - 0x3f000000u;
    /* Normal: drop 13 fraction bits with RNE: add 0x0fff plus the lowest kept
     * bit (ties go to even); a carry propagates into the exponent, which is
     * the correct result at a binade boundary.  Re-bias 127 -> 15. */
    uint32_t odd = (ax >> 13) & 1u;
    uint32_t normal = (ax - (112u << 23) + 0x0fffu + odd) >> 13;
    uint32_t r = (ax < 0x38800000u) ? sub : normal;
    r = (ax >= 0x477ff000u) ? 0x7c00u : r;               /* >= 65520: inf */
    r = (ax > 0x7f800000u) ? (0x7e00u | ((ax >> 13) & 0x01ffu)) : r; /* NaN */
    return (uint16_t)(sign | r);
}

/* binary64 -> binary16, one rounding (RNE), never via binary32 (that would
 * round twice). */
static inline uint16_t sct_f64_to_f16(double d)
{
    uint64_t x = sct_f64_bits(d);
    uint32_t sign = (uint32_t)(x >> 48) & 0x8000u;
    uint64_t ax = x & 0x7fffffffffffffffull;
    /* Subnormal: 2^28 has binary64 quantum 2^(28-52) = 2^-24. */
    uint32_t sub = (uint32_t)(sct_f64_bits(sct_f64_from_bits(ax) + 0x1p28) -
                              0x41b0000000000000ull);
    uint64_t odd = (ax >> 42) & 1u;
    uint32_t normal = (uint32_t)((ax - (1008ull << 52) +
                                  0x000001ffffffffffull + odd) >> 42);
    uint32_t r = (ax < 0x3f10000000000000ull) ? sub : normal;
    r = (ax >= 0x40effe0000000000ull) ? 0x7c00u : r;     /* >= 65520: inf */
    r = (ax > 0x7ff0000000000000ull)
            ? (0x7e00u | ((uint32_t)(ax >> 42) & 0x01ffu)) : r;
    return (uint16_t)(sign | r);
}

/* Classification of an encoding (no conversion). */
static inline int sct_f16_is_nan(uint16_t h)
{
    return (h & 0x7fffu) > 0x7c00u;
}

#endif /* SCT_NUMERIC_FP16_H */
