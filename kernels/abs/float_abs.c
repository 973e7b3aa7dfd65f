/*
 * float_abs.c — Abs for float16, bfloat16, float32 and float64 (sonnx-abs
 * E_ABS_FLOAT_FUNC_010; bfloat16 also onnx-abs).
 *
 * Accuracy: exact (no rounding: |x| is always representable).
 *
 * How: clear the sign bit of the encoding.  IEEE754-2019 §5.5.1 defines
 * abs as a quiet, non-arithmetic bit operation: it copies x with the sign
 * bit 0, signals no exception, and applies to NaN too (a NaN stays NaN
 * with its payload and quiet/signalling bit; only the sign clears).  So
 * abs(-0) = +0, abs(-inf) = +inf, abs(-NaN) = +NaN, subnormals unchanged.
 * One loop per encoding width: float16 and bfloat16 share their sign bit
 * (bit 15), as do the formats of one width in general.  A comparison-based
 * formula (x < 0 ? -x : x) would be wrong twice: -0 < 0 is false (-0 stays
 * -0) and NaN < 0 is false (a negative NaN keeps its sign).
 */
#include <stdint.h>

#include "loops.h"
#include "sct/kernels/simd.h"

#define SCT_FABS_LOOP(w, T, SIGN)                                         \
    SCT_VECTOR_LOOP                                                       \
    void sct_abs_fw##w(const void *a, const void *b, void *c, size_t n)   \
    {                                                                     \
        (void)b; /* unary: the second input is NULL */                    \
        const T *restrict x = a;                                          \
        T *restrict z = c;                                                \
        for (size_t i = 0; i < n; i++)                                    \
            z[i] = (T)(x[i] & (T)~(SIGN));                                \
    }

SCT_FABS_LOOP(16, uint16_t, (uint16_t)0x8000u)
SCT_FABS_LOOP(32, uint32_t, UINT32_C(0x80000000))
SCT_FABS_LOOP(64, uint64_t, UINT64_C(0x8000000000000000))
