/*
 * int_abs.c — Abs for the integer types (sonnx-abs E_ABS_INT_FUNC_010).
 *
 * Semantics: |x|.  Exact, except for the signed minimum (-2^(n-1)), whose
 * absolute value is not representable: sonnx-abs E_ABS_INT_CONSTR_X_020
 * leaves it undefined (the registry's undefined rule "int-min-abs": only
 * a no-crash check).  This kernel returns MIN for it, without C undefined
 * behaviour: the negation is computed in UNSIGNED arithmetic (0 - x modulo
 * 2^n, C11 6.2.5p9) and the n bits are kept; -x in signed arithmetic would
 * overflow (C11 6.5p5).  Unsigned types: the identity.
 */
#include <stdint.h>
#include <string.h>

#include "loops.h"
#include "sct/kernels/simd.h"

/* U: the unsigned type of the width, W: at least int's width so that the
 * arithmetic is not done in promoted signed int.  The sign is the top bit. */
#define SCT_IABS_LOOP(w, U, W)                                             \
    SCT_VECTOR_LOOP                                                        \
    void sct_abs_i##w(const void *a, const void *b, void *c, size_t n)     \
    {                                                                      \
        (void)b; /* unary: the second input is NULL */                     \
        const U *restrict x = a;                                           \
        U *restrict z = c;                                                 \
        for (size_t i = 0; i < n; i++) {                                   \
            W v = (W)x[i];                                                 \
            W neg = (W)((W)0 - v);                                         \
            z[i] = (U)((x[i] >> (w - 1)) ? neg : v);                       \
        }                                                                  \
    }

SCT_IABS_LOOP(8, uint8_t, uint32_t)
SCT_IABS_LOOP(16, uint16_t, uint32_t)
SCT_IABS_LOOP(32, uint32_t, uint32_t)
SCT_IABS_LOOP(64, uint64_t, uint64_t)

/* Unsigned: every value is its own absolute value (n elements of w bits). */
#define SCT_UABS_LOOP(w, U)                                                \
    void sct_abs_u##w(const void *a, const void *b, void *c, size_t n)     \
    {                                                                      \
        (void)b;                                                           \
        memcpy(c, a, n * sizeof(U));                                       \
    }

SCT_UABS_LOOP(8, uint8_t)
SCT_UABS_LOOP(16, uint16_t)
SCT_UABS_LOOP(32, uint32_t)
SCT_UABS_LOOP(64, uint64_t)
