/*
 * ref_round.h — test-only, INDEPENDENT reference for rounding an exact
 * value to float16 / bfloat16, written with integer arithmetic only (no
 * floating-point operation, no code shared with numeric/).
 *
 * A value is given exactly as (-1)^sign * M * 2^E with M an unsigned
 * integer (M == 0 gives a signed zero), plus a `sticky` flag meaning "the
 * true value is slightly larger in magnitude than M * 2^E" (a non-zero
 * remainder below the last bit of M, as a long division produces).
 * Rounding: to nearest, ties to even (IEEE754-2019 §4.3.1), gradual
 * underflow, overflow to infinity.
 */
#ifndef SCT_TEST_REF_ROUND_H
#define SCT_TEST_REF_ROUND_H

#include <stdbool.h>
#include <stdint.h>

typedef struct ref_format {
    int precision;  /* p: 11 for float16, 8 for bfloat16 */
    int emin;       /* -14, -126 */
    int emax;       /* 15, 127 */
} ref_format;

extern const ref_format REF_F16;
extern const ref_format REF_BF16;

uint16_t ref_round(const ref_format *f, int sign, uint64_t m, int e,
                   bool sticky);

/* Exact decomposition of binary16/bfloat16/binary32/binary64 encodings
 * (finite only) into sign, integer significand and exponent. */
void ref_split16(const ref_format *f, uint16_t h, int *sign, uint64_t *m,
                 int *e);
void ref_split32(uint32_t bits, int *sign, uint64_t *m, int *e);
void ref_split64(uint64_t bits, int *sign, uint64_t *m, int *e);

/* Exact quotient a/b (a, b > 0 significands) rounded: long division to
 * well over p+2 bits with a sticky remainder, then ref_round. */
uint16_t ref_divide(const ref_format *f, int sign, uint64_t ma, int ea,
                    uint64_t mb, int eb);

#endif /* SCT_TEST_REF_ROUND_H */
