/*
 * ref_binop16.h — test-only, independent references for Div, Mul, Add and Sub on
 * the 16-bit float formats: IEEE 754 special cases (§6.1-§7.4) written
 * out case by case, finite operands through exact integer arithmetic and
 * ref_round (no floating-point operation, nothing shared with kernels/).
 */
#ifndef SCT_TEST_REF_BINOP16_H
#define SCT_TEST_REF_BINOP16_H

#include <stdbool.h>
#include <stdint.h>

#include "ref_round.h"

/* Result encoding; *is_nan tells that the result must be a NaN (its sign
 * and payload are not specified by IEEE 754 for invalid operations). */
uint16_t ref_div16(const ref_format *f, uint16_t a, uint16_t b, bool *is_nan);
uint16_t ref_mul16(const ref_format *f, uint16_t a, uint16_t b, bool *is_nan);
/* a + b and a - b: the exact sum in integers (aligned significands; an
 * operand more than 51 binades below the other becomes a sticky bit). */
uint16_t ref_add16(const ref_format *f, uint16_t a, uint16_t b, bool *is_nan);
uint16_t ref_sub16(const ref_format *f, uint16_t a, uint16_t b, bool *is_nan);

/* Compares a kernel's output array with the reference over pairs
 * (a[i], b[i]); aborts the Check test with the first difference. */
typedef uint16_t (*ref_binop16_fn)(const ref_format *, uint16_t, uint16_t, bool *);
void ref_check_pairs(const char *what, const ref_format *f, ref_binop16_fn ref,
                     const uint16_t *a, const uint16_t *b, const uint16_t *got,
                     uint32_t n);

#endif /* SCT_TEST_REF_BINOP16_H */
