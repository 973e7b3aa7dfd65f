/*
 * mpfr_reference.c — see mpfr_reference.h.
 *
 * Why this is the correctly rounded result in the target format:
 * - The operands are set exactly (precision p holds every encoding, and the
 *   exponent range [emin, emax] holds every finite value incl. subnormals).
 * - mpfr_div / mpfr_mul / mpfr_pow round the exact result once to p bits
 *   (RNDN) with an unbounded exponent; mpfr_check_range applies overflow
 *   (to ±inf under RNDN, IEEE754-2019 §7.4) and underflow at emin;
 *   mpfr_subnormalize then re-rounds a result below 2^(emin-1+p) to the
 *   subnormal grid using the ternary value, which is the documented way to
 *   emulate IEEE subnormals exactly (MPFR manual, "mpfr_subnormalize"),
 *   without double rounding.
 * - Special values follow IEEE 754 / ISO C99 Annex F: x/±0, 0/0, inf/inf,
 *   0*inf, signs of zeros (IEEE754-2019 §6.3, §7.2, §7.3); mpfr_pow follows
 *   C99 F.9.4.4 (pow(x, ±0) = 1 even for NaN x, pow(+1, y) = 1 even for NaN
 *   y, pow(-1, ±inf) = 1, ...), the same rules as the pow of C the kernels
 *   and ONNX Runtime use (sonnx-pow special-value table).
 * - Less is IEEE754-2019 §5.11 compareQuietLess: false when either operand
 *   is NaN (mpfr_less_p returns 0 for NaN).  main.c uses the faster
 *   sct_mpfrv_less (C99 isless on the exactly decoded values, the same
 *   predicate) for whole-space runs and this one for --direct runs.
 */
#include "mpfr_reference.h"

#include <math.h>
#include <string.h>

int sct_mpfrv_ref_init(sct_mpfrv_ref *ref, const sct_mpfrv_format *fmt,
                       const char *op_name)
{
    memset(ref, 0, sizeof *ref);
    ref->fmt = fmt;
    if (strcmp(op_name, "Div") == 0) ref->op = SCT_MPFRV_DIV;
    else if (strcmp(op_name, "Mul") == 0) ref->op = SCT_MPFRV_MUL;
    else if (strcmp(op_name, "Pow") == 0) ref->op = SCT_MPFRV_POW;
    else if (strcmp(op_name, "Less") == 0) ref->op = SCT_MPFRV_LESS;
    else return -1;
    mpfr_set_emin(fmt->mpfr_emin);
    mpfr_set_emax(fmt->mpfr_emax);
    mpfr_init2(ref->a, fmt->precision);
    mpfr_init2(ref->b, fmt->precision);
    mpfr_init2(ref->r, fmt->precision);
    return 0;
}

void sct_mpfrv_ref_clear(sct_mpfrv_ref *ref)
{
    mpfr_clear(ref->a);
    mpfr_clear(ref->b);
    mpfr_clear(ref->r);
}

int sct_mpfrv_ref_set_a(sct_mpfrv_ref *ref, uint16_t a_bits)
{
    /* Exact: the value has <= p significant bits and lies in range. */
    return mpfr_set_d(ref->a, sct_mpfrv_decode(ref->fmt, a_bits), MPFR_RNDN) != 0 ? -1 : 0;
}

int sct_mpfrv_ref_eval_b(sct_mpfrv_ref *ref, uint16_t b_bits, uint16_t *result)
{
    if (mpfr_set_d(ref->b, sct_mpfrv_decode(ref->fmt, b_bits), MPFR_RNDN) != 0)
        return -1;
    if (ref->op == SCT_MPFRV_LESS) {
        /* compareQuietLess on the exact values (mpfr_less_p: 0 on NaN). */
        *result = mpfr_less_p(ref->a, ref->b) ? 1u : 0u;
        return 0;
    }
    int inex;
    switch (ref->op) {
    case SCT_MPFRV_DIV: inex = mpfr_div(ref->r, ref->a, ref->b, MPFR_RNDN); break;
    case SCT_MPFRV_MUL: inex = mpfr_mul(ref->r, ref->a, ref->b, MPFR_RNDN); break;
    default:            inex = mpfr_pow(ref->r, ref->a, ref->b, MPFR_RNDN); break;
    }
    inex = mpfr_check_range(ref->r, inex, MPFR_RNDN);
    (void)mpfr_subnormalize(ref->r, inex, MPFR_RNDN);
    /* r now holds a value of the format: converting to binary64 is exact. */
    return sct_mpfrv_encode_exact(ref->fmt, mpfr_get_d(ref->r, MPFR_RNDN),
                                  result) ? 0 : -1;
}

int sct_mpfrv_ref_eval(sct_mpfrv_ref *ref, uint16_t a_bits, uint16_t b_bits,
                       uint16_t *result)
{
    if (sct_mpfrv_ref_set_a(ref, a_bits) != 0)
        return -1;
    return sct_mpfrv_ref_eval_b(ref, b_bits, result);
}

int sct_mpfrv_less(const sct_mpfrv_format *fmt, uint16_t a_bits, uint16_t b_bits)
{
    /* C99 7.12.14.3 isless: the IEEE quiet comparison, false for NaN. */
    return isless(sct_mpfrv_decode(fmt, a_bits), sct_mpfrv_decode(fmt, b_bits));
}
