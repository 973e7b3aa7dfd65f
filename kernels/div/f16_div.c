/*
 * f16_div.c — Div for float16 (sonnx-div:float, onnx-div).
 *
 * Accuracy: correctly rounded, round-to-nearest-even (IEEE754-2019 §4.3.1,
 * §5.4.1).  0 ULP.
 *
 * How: decode both operands exactly to binary32, divide in binary32 (one
 * IEEE rounding to 24 bits), encode to float16 (a second rounding to 11
 * bits).  Why the second rounding never differs from rounding the exact
 * quotient x = a/b once:
 * - Normal float16 results: binary32 has q = 24 >= 2p + 2 = 24 bits for
 *   float16's p = 11; for division, double rounding through a format with
 *   q >= 2p + 2 is innocuous (S. A. Figueroa, "When is double rounding
 *   innocuous?", SIGNUM Newsletter 30(3), 1995; P. Roux, "Innocuous double
 *   rounding of basic arithmetic operations", JFR 7(1), 2014, which also
 *   covers the subnormal/overflow ranges).
 * - The binary32 quotient is never subnormal: |x| lies in [2^-24/65504,
 *   65504/2^-24] ~ [2^-40, 2^40], inside binary32's normal range, so the
 *   first rounding always has the full 24 bits.
 * - Subnormal float16 results (|x| < 2^-14, grid 2^-24): every midpoint of
 *   that grid, m = M * 2^-25, has <= 11 significant bits and is a binary32
 *   number, so a monotone first rounding cannot carry x across m; it could
 *   only land ON m from x != m.  With a = A*2^α, b = B*2^β (A, B < 2^11
 *   integers), a - m*b is a non-zero multiple of 2^min(α, β-25), hence
 *   |x - m| > 2^(min(α-β, -25) - 11), while half a binary32 ulp of x is at
 *   most 2^(α-β-13) (because x < 2^(α-β+11)) and at most 2^-39 (because
 *   x < 2^-14); both are smaller, so the first rounding cannot reach m.
 *   When x == m exactly, binary32 holds m and the encoder applies the tie
 *   rule to the true value.
 * - Overflow: 65520 (the float16 overflow threshold, midpoint of 65504 and
 *   2^16) is a binary32 number, so fl32(x) >= 65520 iff x >= 65520.
 *
 * Special cases (all produced by the IEEE binary32 division itself, carried
 * exactly through the decode/encode of numeric/fp16.h):
 *   x/±0 = ±inf for finite x != 0 with the XOR sign (IEEE754 §7.3, the
 *   sonnx-div:float "inf" row); ±0/±0 and ±inf/±inf = NaN (§7.2, the
 *   sonnx-div:float "nan" row); NaN operands propagate, quieted (§6.2.3);
 *   finite/±inf = ±0; signs of zero and infinity are the XOR of the
 *   operand signs (§6.3).  The sign of a NaN made by an invalid operation
 *   is the platform's default NaN (§6.3 leaves it unspecified; x86: set).
 *
 * Two implementations of that one computation: the portable loop
 * (numeric/fp16.h bit manipulation, vectorised by the compiler) and, on
 * x86-64 CPUs with F16C, the hardware conversions VCVTPH2PS/VCVTPS2PH
 * (imm8 = RNE), which perform the same exact decode and the same single
 * RNE encode (simd.h).  Both are checked against the integer reference in
 * kernels/tests; over all 2^32 pairs they agree bit for bit.
 */
#include <stdint.h>

#include "loops.h"
#include "sct/numeric/fp16.h"
#include "sct/kernels/simd.h"

SCT_VECTOR_LOOP
void sct_div_f16_portable(const void *a, const void *b, void *c, size_t n)
{
    const uint16_t *restrict x = a;
    const uint16_t *restrict y = b;
    uint16_t *restrict z = c;
    for (size_t i = 0; i < n; i++)
        z[i] = sct_f32_to_f16(sct_f16_to_f32(x[i]) / sct_f16_to_f32(y[i]));
}

#if SCT_HAVE_F16C_PATH
#include <immintrin.h>

/* Same computation with the hardware conversions, 8 lanes at a time. */
SCT_F16C_TARGET
static void sct_div_f16_f16c(const uint16_t *x, const uint16_t *y,
                             uint16_t *z, size_t n)
{
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __m256 fa = _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)(x + i)));
        __m256 fb = _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)(y + i)));
        __m256 q = _mm256_div_ps(fa, fb);
        _mm_storeu_si128((__m128i *)(z + i),
                         _mm256_cvtps_ph(q, _MM_FROUND_TO_NEAREST_INT |
                                                _MM_FROUND_NO_EXC));
    }
    sct_div_f16_portable(x + i, y + i, z + i, n - i);
}
#endif

void sct_div_f16(const void *a, const void *b, void *c, size_t n)
{
#if SCT_HAVE_F16C_PATH
    if (sct_cpu_has_f16c()) {
        sct_div_f16_f16c(a, b, c, n);
        return;
    }
#endif
    sct_div_f16_portable(a, b, c, n);
}
