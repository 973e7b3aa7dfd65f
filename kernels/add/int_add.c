/*
 * int_add.c — Add for the integer types (sonnx-add E_ADD_INT_FUNC_0010).
 *
 * Semantics: the exact a + b reduced modulo 2^n, for signed types the
 * two's-complement value of those n bits (wraparound; no saturation).
 * Exact.
 *
 * How: compute in UNSIGNED arithmetic (defined modular arithmetic, C11
 * 6.2.5p9; signed overflow would be undefined behaviour, C11 6.5p5).  The
 * low n bits of a + b depend only on the low n bits of the operands, so
 * signed and unsigned types of one width share a loop (w8/w16/w32/w64).
 * The 8- and 16-bit loops widen to uint32_t explicitly (a uint16_t operand
 * would otherwise promote to signed int) and keep the low bits.
 */
#include <stdint.h>

#include "loops.h"
#include "sct/kernels/simd.h"

#define SCT_ADD_LOOP(w, T, W)                                             \
    SCT_VECTOR_LOOP                                                      \
    void sct_add_w##w(const void *a, const void *b, void *c, size_t n)  \
    {                                                                    \
        const T *restrict x = a;                                         \
        const T *restrict y = b;                                         \
        T *restrict z = c;                                               \
        for (size_t i = 0; i < n; i++)                                   \
            z[i] = (T)((W)x[i] + (W)y[i]);                               \
    }

SCT_ADD_LOOP(8, uint8_t, uint32_t)
SCT_ADD_LOOP(16, uint16_t, uint32_t)
SCT_ADD_LOOP(32, uint32_t, uint32_t)
SCT_ADD_LOOP(64, uint64_t, uint64_t)
