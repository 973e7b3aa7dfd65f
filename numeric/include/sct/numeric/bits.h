/*
 * bits.h — bit casts between floating-point values and their IEEE 754
 * interchange encodings (IEEE754-2019 §3.4).  memcpy is the one cast that is
 * defined behaviour in C11 and compiles to a register move.
 */
#ifndef SCT_NUMERIC_BITS_H
#define SCT_NUMERIC_BITS_H

#include <float.h>
#include <stdint.h>
#include <string.h>

/* Every accuracy argument of the kernels assumes that a binary32 (binary64)
 * operation is rounded to binary32 (binary64) at once (C11 5.2.4.2.2:
 * FLT_EVAL_METHOD 0), not evaluated in a wider format such as x87's. */
#if !defined(FLT_EVAL_METHOD) || FLT_EVAL_METHOD != 0
#error "sonnx-cts kernels need FLT_EVAL_METHOD == 0 (e.g. x86-64 SSE, AArch64)"
#endif

static inline uint32_t sct_f32_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

static inline float sct_f32_from_bits(uint32_t u)
{
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

static inline uint64_t sct_f64_bits(double d)
{
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    return u;
}

static inline double sct_f64_from_bits(uint64_t u)
{
    double d;
    memcpy(&d, &u, sizeof d);
    return d;
}

#endif /* SCT_NUMERIC_BITS_H */
