/*
 * pow_real.h — internal: x^y in binary64, the core shared by every Pow
 * loop with a floating-point base (and by integer bases with a
 * non-integral exponent).
 */
#ifndef SCT_KERNELS_POW_REAL_H
#define SCT_KERNELS_POW_REAL_H

#include <stdint.h>

/* x^y: every special case of C99/C11 Annex F.9.4.4 first, then glibc pow
 * (error < 1 ULP of binary64, exact when the result is representable). */
double sct_pow_real(double x, double y);

/* x^n for 64-bit integer exponents.  |n| <= 2^53 converts exactly and uses
 * sct_pow_real; larger |n| keep their parity (which decides the sign of a
 * negative base, Annex F: "y an odd integer") instead of losing it in a
 * conversion to binary64. */
double sct_pow_real_i64(double x, int64_t n);
double sct_pow_real_u64(double x, uint64_t n);

/* True when y is a finite odd integer (Annex F.9.4.4 wording).  Every
 * binary64 number of magnitude >= 2^53 is an even integer. */
int sct_is_odd_integer(double y);

#endif /* SCT_KERNELS_POW_REAL_H */
