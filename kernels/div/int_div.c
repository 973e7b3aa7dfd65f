/*
 * int_div.c — Div for the integer types int8..int64, uint8..uint64
 * (int4/uint4 are unpacked to int8/uint8 by the caller and repacked).
 *
 * Semantics: the quotient truncated toward zero (onnx-div: integer division
 * as C and numpy's np.trunc(a / b) for integers; note the SONNX draft
 * sonnx-div:int writes a floor, but its own examples are all non-negative,
 * where floor and truncation agree; ONNX Runtime and the ONNX reference
 * truncate).  Exact.
 *
 * Undefined inputs (sonnx-div:int B:C1 — the spec leaves the value
 * undefined; the harness only checks that nothing traps):
 *   x / 0        = 0                (documented choice; no SIGFPE)
 *   INT_MIN / -1 = INT_MIN          (the two's-complement wraparound of
 *                                    -INT_MIN, i.e. the value modulo 2^n)
 * Neither case executes a C division that is undefined behaviour (C11
 * 6.5.5p5-6), so UBSan stays quiet and x86 idiv never faults.
 *
 * 16-bit types go through binary32 so that the loop vectorises (the
 * exhaustive sweeps divide 2^32 pairs): for |a|, |b| < 2^16 the
 * truncated binary32 quotient equals the integer quotient.  Proof: if a/b
 * is an integer k (|k| < 2^16) it is exact in binary32.  Otherwise the
 * distance from a/b to the nearest integer is >= 1/|b|, while half a
 * binary32 ulp of |a/b| < 2^16/|b| is <= 2^(16-24)/|b| < 1/|b|; the
 * rounding is monotone and integers are representable, so it cannot reach
 * or cross an integer and truncation gives the same k.  (Checked
 * exhaustively for int8/uint8 and over many int16/uint16 pairs in
 * kernels/tests/test_int_ops.c.)
 */
#include <stdint.h>

#include "loops.h"
#include "sct/kernels/simd.h"

void sct_div_i8(const void *a, const void *b, void *c, size_t n)
{
    const int8_t *restrict x = a;
    const int8_t *restrict y = b;
    uint8_t *restrict z = c; /* stores wrap modulo 2^8: -128 / -1 -> -128 */
    for (size_t i = 0; i < n; i++) {
        int q = y[i] == 0 ? 0 : (int)x[i] / (int)y[i]; /* in int: no UB */
        z[i] = (uint8_t)q;
    }
}

void sct_div_u8(const void *a, const void *b, void *c, size_t n)
{
    const uint8_t *restrict x = a;
    const uint8_t *restrict y = b;
    uint8_t *restrict z = c;
    for (size_t i = 0; i < n; i++)
        z[i] = (uint8_t)(y[i] == 0 ? 0u : (unsigned)x[i] / (unsigned)y[i]);
}

SCT_VECTOR_LOOP
void sct_div_i16(const void *a, const void *b, void *c, size_t n)
{
    const int16_t *restrict x = a;
    const int16_t *restrict y = b;
    uint16_t *restrict z = c; /* stores wrap: -32768 / -1 -> -32768 */
    for (size_t i = 0; i < n; i++) {
        /* integer selects only: the loop stays branch-free */
        int32_t d = y[i] == 0 ? 1 : (int32_t)y[i];
        int32_t q = (int32_t)((float)x[i] / (float)d); /* |q| <= 32768 */
        z[i] = (uint16_t)(q & -(int32_t)(y[i] != 0));
    }
}

SCT_VECTOR_LOOP
void sct_div_u16(const void *a, const void *b, void *c, size_t n)
{
    const uint16_t *restrict x = a;
    const uint16_t *restrict y = b;
    uint16_t *restrict z = c;
    for (size_t i = 0; i < n; i++) {
        int32_t d = y[i] == 0 ? 1 : (int32_t)y[i];
        int32_t q = (int32_t)((float)x[i] / (float)d); /* 0 <= q < 2^16 */
        z[i] = (uint16_t)(q & -(int32_t)(y[i] != 0));
    }
}

void sct_div_i32(const void *a, const void *b, void *c, size_t n)
{
    const int32_t *restrict x = a;
    const int32_t *restrict y = b;
    int32_t *restrict z = c;
    for (size_t i = 0; i < n; i++) {
        if (y[i] == 0)
            z[i] = 0;
        else if (y[i] == -1)
            /* -x modulo 2^32: INT32_MIN stays INT32_MIN. */
            z[i] = x[i] == INT32_MIN ? INT32_MIN : -x[i];
        else
            z[i] = x[i] / y[i];
    }
}

void sct_div_u32(const void *a, const void *b, void *c, size_t n)
{
    const uint32_t *restrict x = a;
    const uint32_t *restrict y = b;
    uint32_t *restrict z = c;
    for (size_t i = 0; i < n; i++)
        z[i] = y[i] == 0 ? 0u : x[i] / y[i];
}

void sct_div_i64(const void *a, const void *b, void *c, size_t n)
{
    const int64_t *restrict x = a;
    const int64_t *restrict y = b;
    int64_t *restrict z = c;
    for (size_t i = 0; i < n; i++) {
        if (y[i] == 0)
            z[i] = 0;
        else if (y[i] == -1)
            z[i] = x[i] == INT64_MIN ? INT64_MIN : -x[i];
        else
            z[i] = x[i] / y[i];
    }
}

void sct_div_u64(const void *a, const void *b, void *c, size_t n)
{
    const uint64_t *restrict x = a;
    const uint64_t *restrict y = b;
    uint64_t *restrict z = c;
    for (size_t i = 0; i < n; i++)
        z[i] = y[i] == 0 ? 0u : x[i] / y[i];
}
