/*
 * f16_mul.c — Mul for float16 (sonnx-mul:float, IEEE 754 multiplication).
 *
 * Accuracy: correctly rounded, round-to-nearest-even (IEEE754-2019 §4.3.1,
 * §5.4.1).  0 ULP.
 *
 * How: decode both operands exactly to binary32 and multiply there.  The
 * product of two 11-bit significands has at most 22 bits, and its
 * magnitude lies in [2^-48, 65504^2 < 2^32] (or is zero), inside binary32's
 * normal range: the binary32 product is EXACT.  The only rounding is the
 * encode to float16 (numeric/fp16.h), so no double rounding can occur.
 *
 * Special cases (by the IEEE multiplication, carried exactly through
 * decode/encode): 0 * inf = NaN (§7.2); NaN operands propagate, quieted
 * (§6.2.3); the sign of zero and infinity results is the XOR of the
 * operand signs (§6.3); when both operands are NaN the result is a
 * quiet NaN carrying one of their payloads (§6.2.3); overflow (>= 65520)
 * gives inf (§7.4); tiny products round into the float16 subnormals,
 * never flushed.
 *
 * Two implementations of that one computation: the portable loop
 * (numeric/fp16.h bit manipulation, vectorised by the compiler) and, on
 * x86-64 CPUs with F16C, the hardware conversions VCVTPH2PS/VCVTPS2PH
 * (imm8 = RNE), which perform the same exact decode and the same single
 * RNE encode (simd.h).  Both are checked against the integer reference in
 * kernels/tests; over all 2^32 pairs they agree bit for bit except when
 * BOTH operands are NaN: multiplication commutes, the compiler may swap
 * the operands, and x86 propagates the first one, so which input payload
 * the NaN result carries may differ between the paths (IEEE754-2019
 * §6.2.3 allows either; both are NaN, and NaN matches NaN in the
 * comparisons of sonnx-cts).
 */
#include <stdint.h>

#include "loops.h"
#include "sct/numeric/fp16.h"
#include "sct/kernels/simd.h"

SCT_VECTOR_LOOP
void sct_mul_f16_portable(const void *a, const void *b, void *c, size_t n)
{
    const uint16_t *restrict x = a;
    const uint16_t *restrict y = b;
    uint16_t *restrict z = c;
    for (size_t i = 0; i < n; i++)
        z[i] = sct_f32_to_f16(sct_f16_to_f32(x[i]) * sct_f16_to_f32(y[i]));
}

#if SCT_HAVE_F16C_PATH
#include <immintrin.h>

/* Same computation with the hardware conversions, 8 lanes at a time. */
SCT_F16C_TARGET
static void sct_mul_f16_f16c(const uint16_t *x, const uint16_t *y,
                             uint16_t *z, size_t n)
{
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __m256 fa = _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)(x + i)));
        __m256 fb = _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)(y + i)));
        __m256 q = _mm256_mul_ps(fa, fb);
        _mm_storeu_si128((__m128i *)(z + i),
                         _mm256_cvtps_ph(q, _MM_FROUND_TO_NEAREST_INT |
                                                _MM_FROUND_NO_EXC));
    }
    sct_mul_f16_portable(x + i, y + i, z + i, n - i);
}
#endif

void sct_mul_f16(const void *a, const void *b, void *c, size_t n)
{
#if SCT_HAVE_F16C_PATH
    if (sct_cpu_has_f16c()) {
        sct_mul_f16_f16c(a, b, c, n);
        return;
    }
#endif
    sct_mul_f16_portable(a, b, c, n);
}
