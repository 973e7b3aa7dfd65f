/*
 * int_mul.c — Mul for the integer types (sonnx-mul:int).
 *
 * Semantics: the product reduced modulo 2^n (sonnx-mul:int: "A[i] * B[i] -
 * k.2^n"), for signed types the two's-complement value of those n bits.
 * Exact.
 *
 * How: multiply in UNSIGNED arithmetic at least as wide as the type
 * (unsigned overflow is defined modular arithmetic, C11 6.2.5p9; signed
 * overflow would be undefined behaviour).  Operands are read through the
 * unsigned type of the same width: the low n bits of a product depend only
 * on the low n bits of the operands, so signed and unsigned types of one
 * width share a loop (w8/w16/w32/w64).  The 16-bit loop widens to
 * uint32_t explicitly: uint16_t * uint16_t would promote to (signed) int
 * and 65535 * 65535 overflows int.  int4/uint4 are unpacked to 8 bits by
 * the caller; packing keeps the low nibble, i.e. the product modulo 16.
 */
#include <stdint.h>

#include "loops.h"
#include "sct/kernels/simd.h"

SCT_VECTOR_LOOP
void sct_mul_w8(const void *a, const void *b, void *c, size_t n)
{
    const uint8_t *restrict x = a;
    const uint8_t *restrict y = b;
    uint8_t *restrict z = c;
    for (size_t i = 0; i < n; i++)
        z[i] = (uint8_t)((uint32_t)x[i] * (uint32_t)y[i]);
}

SCT_VECTOR_LOOP
void sct_mul_w16(const void *a, const void *b, void *c, size_t n)
{
    const uint16_t *restrict x = a;
    const uint16_t *restrict y = b;
    uint16_t *restrict z = c;
    for (size_t i = 0; i < n; i++)
        z[i] = (uint16_t)((uint32_t)x[i] * (uint32_t)y[i]);
}

void sct_mul_w32(const void *a, const void *b, void *c, size_t n)
{
    const uint32_t *restrict x = a;
    const uint32_t *restrict y = b;
    uint32_t *restrict z = c;
    for (size_t i = 0; i < n; i++)
        z[i] = (uint32_t)((uint64_t)x[i] * (uint64_t)y[i]);
}

void sct_mul_w64(const void *a, const void *b, void *c, size_t n)
{
    const uint64_t *restrict x = a;
    const uint64_t *restrict y = b;
    uint64_t *restrict z = c;
    for (size_t i = 0; i < n; i++)
        z[i] = x[i] * y[i]; /* uint64_t is not promoted: modular */
}
