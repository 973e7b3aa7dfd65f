/*
 * ulp_distance.c — distance in units in the last place between two values
 * of one floating-point format.
 *
 * Ordered-integer mapping: a non-negative value maps to its magnitude bits,
 * a negative one to minus its magnitude bits.  Consecutive representable
 * values then map to consecutive integers, both zeros map to 0 (their
 * difference is a sign, reported separately as "zero-sign"), and ±inf sit
 * one step beyond the largest finite magnitude.  The distance is computed in
 * uint64_t: same sign |ma - mb|, opposite signs ma + mb, which for float64
 * is at most 2 * 0x7FF0000000000000 < 2^64, so even -inf .. +inf does not
 * overflow.
 */
#include "sct/check/compare.h"

#include "sct/check/fp_format.h"

uint64_t sct_ulp_distance(int32_t type, uint64_t expected_bits,
                          uint64_t actual_bits)
{
    const sct_fp_format *f = sct_fp_format_of(type);
    if (f == NULL)
        return SCT_ULP_NONE;
    bool e_nan = sct_fp_classify(f, expected_bits) == SCT_FP_NAN;
    bool a_nan = sct_fp_classify(f, actual_bits) == SCT_FP_NAN;
    if (e_nan && a_nan)
        return 0;
    if (e_nan || a_nan)
        return SCT_ULP_NONE;
    uint64_t me = sct_fp_magnitude(f, expected_bits);
    uint64_t ma = sct_fp_magnitude(f, actual_bits);
    /* A zero has no sign in the ordering: ±0 both map to 0. */
    bool se = me != 0 && sct_fp_signbit(f, expected_bits);
    bool sa = ma != 0 && sct_fp_signbit(f, actual_bits);
    if (se == sa)
        return me > ma ? me - ma : ma - me;
    return me + ma;
}
