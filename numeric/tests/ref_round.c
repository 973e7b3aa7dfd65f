/* ref_round.c — integer-only rounding reference for the tests (see
 * ref_round.h). */
#include "ref_round.h"

const ref_format REF_F16 = {11, -14, 15};
const ref_format REF_BF16 = {8, -126, 127};

static int ref_bit_length(uint64_t m)
{
    int n = 0;
    while (m) {
        n++;
        m >>= 1;
    }
    return n;
}

uint16_t ref_round(const ref_format *f, int sign, uint64_t m, int e,
                   bool sticky)
{
    int mant_bits = f->precision - 1;
    int exp_bits = f->emax == 15 ? 5 : 8;
    uint16_t sign_bit = sign ? 0x8000u : 0u;
    uint16_t inf = (uint16_t)(((1u << exp_bits) - 1u) << mant_bits);
    if (m == 0) /* sticky without bits cannot happen for our callers */
        return sign_bit;
    int top = ref_bit_length(m) - 1 + e; /* floor(log2(value)) */
    if (top > f->emax + 1)
        return (uint16_t)(sign_bit | inf);
    /* Quantum exponent of the target at this magnitude. */
    int q = top < f->emin ? f->emin - mant_bits : top - mant_bits;
    int shift = q - e; /* bits of m below the quantum */
    uint64_t r;
    if (shift <= 0) {
        r = m << -shift; /* exact; small because top <= emax + 1 */
    } else {
        uint64_t rem, half;
        if (shift > 64) {
            r = 0;
            rem = 1; /* nonzero, below half */
            half = 2;
        } else if (shift == 64) {
            r = 0;
            rem = m;
            half = (uint64_t)1 << 63;
        } else {
            r = m >> shift;
            rem = m & (((uint64_t)1 << shift) - 1u);
            half = (uint64_t)1 << (shift - 1);
        }
        bool above = rem > half || (rem == half && sticky);
        bool tie = rem == half && !sticky;
        if (above || (tie && (r & 1u)))
            r++;
    }
    /* r * 2^q, r <= 2^p.  Renormalise a carry out of the significand. */
    if (r == ((uint64_t)1 << f->precision)) {
        r >>= 1;
        q++;
    }
    if (r < ((uint64_t)1 << mant_bits)) /* subnormal or zero (q == emin-p+1) */
        return (uint16_t)(sign_bit | r);
    int biased = q + mant_bits + (f->emax); /* bias = emax */
    if (biased >= (1 << exp_bits) - 1)
        return (uint16_t)(sign_bit | inf);
    return (uint16_t)(sign_bit | ((unsigned)biased << mant_bits) |
                      (r - ((uint64_t)1 << mant_bits)));
}

void ref_split16(const ref_format *f, uint16_t h, int *sign, uint64_t *m,
                 int *e)
{
    int mant_bits = f->precision - 1;
    int exp_bits = f->emax == 15 ? 5 : 8;
    unsigned field = (h >> mant_bits) & ((1u << exp_bits) - 1u);
    uint64_t frac = h & ((1u << mant_bits) - 1u);
    *sign = (h >> 15) & 1;
    if (field == 0) {
        *m = frac;
        *e = f->emin - mant_bits;
    } else {
        *m = frac | ((uint64_t)1 << mant_bits);
        *e = (int)field - f->emax - mant_bits;
    }
}

void ref_split32(uint32_t bits, int *sign, uint64_t *m, int *e)
{
    unsigned field = (bits >> 23) & 0xffu;
    uint64_t frac = bits & 0x7fffffu;
    *sign = (int)(bits >> 31);
    *m = field ? frac | 0x800000u : frac;
    *e = (field ? (int)field : 1) - 127 - 23;
}

void ref_split64(uint64_t bits, int *sign, uint64_t *m, int *e)
{
    unsigned field = (unsigned)((bits >> 52) & 0x7ffu);
    uint64_t frac = bits & 0xfffffffffffffull;
    *sign = (int)(bits >> 63);
    *m = field ? frac | ((uint64_t)1 << 52) : frac;
    *e = (field ? (int)field : 1) - 1023 - 52;
}

uint16_t ref_divide(const ref_format *f, int sign, uint64_t ma, int ea,
                    uint64_t mb, int eb)
{
    /* Normalise ma to 2^62 scale so the quotient has >= 62 - 11 bits. */
    int k = 62 - ref_bit_length(ma);
    uint64_t num = ma << k;
    uint64_t quo = num / mb;
    uint64_t rem = num % mb;
    return ref_round(f, sign, quo, ea - eb - k, rem != 0);
}
