/*
 * int_div_float_recip.c — defect: integer Div computed in floating point,
 * trunc((double)a * (1.0 / (double)b)), as a kernel that reuses its float
 * path (or a GPU without an integer divider) does.  Wrong where the
 * reciprocal's rounding drops an exact quotient just below the integer
 * (e.g. 49 * (1/49) = 0.99999999999999989 -> 0), for quotients within one
 * unit of an integer, and wherever |a| > 2^53 loses bits in the
 * conversion.  sonnx-div:int:R1 requires the exact truncated quotient.
 * Zero divisors and INT_MIN / -1 keep the built-in result (no-crash
 * cases).  Expected finding: "int-wrong" (or int-floor/int-truncated) on
 * Div integer cases.
 */
#include <math.h>

#include "mutant.h"

const char sct_mutant_name[] = "int-div-float-recip";

static bool signed_type(int32_t t)
{
    return t == SONNX_DT_INT8 || t == SONNX_DT_INT16 || t == SONNX_DT_INT32 ||
           t == SONNX_DT_INT64;
}

static bool unsigned_type(int32_t t)
{
    return t == SONNX_DT_UINT8 || t == SONNX_DT_UINT16 || t == SONNX_DT_UINT32 ||
           t == SONNX_DT_UINT64;
}

/* x86's cvttsd2si: out-of-range conversions give the "integer indefinite"
 * value INT64_MIN (never C's undefined behaviour here). */
static int64_t to_int64(double q)
{
    if (!(q > -9223372036854775808.0 - 1.0 && q < 9223372036854775808.0))
        return INT64_MIN;
    return (int64_t)q;
}

sonnx_status sct_mutant_run(const sonnx_op *op, const sonnx_tensor *in,
                            size_t n_in, sonnx_tensor *out, size_t n_out,
                            char *msg, size_t cap)
{
    sonnx_status s = sct_mutant_builtin_run(op, in, n_in, out, n_out, msg, cap);
    int32_t t = out[0].elem_type;
    bool sgn = signed_type(t);
    if (s != SONNX_STATUS_OK || !sct_mutant_is_op(op, "Div") || (!sgn && !unsigned_type(t)))
        return s;
    unsigned w = sct_mutant_width(t);
    uint64_t n = sct_mutant_nelem(&out[0]);
    for (uint64_t i = 0; i < n; i++) {
        uint64_t ia = sct_mutant_in_index(&out[0], &in[0], i);
        uint64_t ib = sct_mutant_in_index(&out[0], &in[1], i);
        double a, b;
        if (sgn) {
            int64_t x = sct_mutant_get_signed(&in[0], ia), y = sct_mutant_get_signed(&in[1], ib);
            int64_t min = -(INT64_C(1) << (w - 2)) * 2;
            if (y == 0 || (x == min && y == -1))
                continue; /* undefined: the built-in no-crash result */
            a = (double)x;
            b = (double)y;
        } else {
            uint64_t x = sct_mutant_get(&in[0], ia), y = sct_mutant_get(&in[1], ib);
            if (y == 0)
                continue;
            a = (double)x;
            b = (double)y;
        }
        volatile double rb = 1.0 / b;
        double q = trunc(a * rb);
        uint64_t bits;
        if (!sgn && q >= 9223372036854775808.0)
            bits = q < 18446744073709551616.0 ? (uint64_t)q : 0u;
        else
            bits = (uint64_t)to_int64(q);
        sct_mutant_set(&out[0], i, bits); /* truncated to the type's width */
    }
    return s;
}
