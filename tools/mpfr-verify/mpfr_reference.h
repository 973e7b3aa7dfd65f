/*
 * mpfr_reference.h — the correctly rounded result of Div, Mul, Pow and the
 * IEEE predicate of Less for one pair of float16/bfloat16 operands, computed
 * with MPFR at the target precision with the target exponent range and
 * subnormal emulation (mpfr_set_emin/emax, mpfr_check_range,
 * mpfr_subnormalize), round-to-nearest-even (MPFR_RNDN).
 *
 * One sct_mpfrv_ref per thread (MPFR's exponent range is per thread in
 * Debian's TLS build; sct_mpfrv_ref_init sets it for the calling thread).
 */
#ifndef SCT_MPFRV_MPFR_REFERENCE_H
#define SCT_MPFRV_MPFR_REFERENCE_H

#include <stdint.h>

#include <mpfr.h>

#include "exact_format.h"

typedef enum sct_mpfrv_op { SCT_MPFRV_DIV, SCT_MPFRV_MUL, SCT_MPFRV_POW,
                            SCT_MPFRV_LESS } sct_mpfrv_op;

typedef struct sct_mpfrv_ref {
    const sct_mpfrv_format *fmt;
    sct_mpfrv_op op;
    mpfr_t a, b, r;
} sct_mpfrv_ref;

/* Returns 0, or -1 when op_name is unknown. Sets this thread's MPFR
 * exponent range to the format's. */
int sct_mpfrv_ref_init(sct_mpfrv_ref *ref, const sct_mpfrv_format *fmt,
                       const char *op_name);
void sct_mpfrv_ref_clear(sct_mpfrv_ref *ref);

/* Sets the first operand for the following sct_mpfrv_ref_eval_b calls (a
 * row has one `a` and 65536 `b`: setting it once saves a conversion per
 * pair).  Returns 0, or -1 if the value cannot be set exactly. */
int sct_mpfrv_ref_set_a(sct_mpfrv_ref *ref, uint16_t a_bits);
/* The result for (the a set last, b_bits); as sct_mpfrv_ref_eval. */
int sct_mpfrv_ref_eval_b(sct_mpfrv_ref *ref, uint16_t b_bits, uint16_t *result);

/* Result encoding: the format's bits for Div/Mul/Pow, 0 or 1 for Less.
 * Returns 0, or -1 on an internal inconsistency (a result MPFR rounded that
 * the exact encoder finds unrepresentable). */
int sct_mpfrv_ref_eval(sct_mpfrv_ref *ref, uint16_t a_bits, uint16_t b_bits,
                       uint16_t *result);

/* IEEE754-2019 §5.11 compareQuietLess without MPFR: 1 when a < b, 0 when
 * not or when either is NaN. */
int sct_mpfrv_less(const sct_mpfrv_format *fmt, uint16_t a_bits, uint16_t b_bits);

#endif
