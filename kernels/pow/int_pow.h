/*
 * int_pow.h — internal: exact integer power with wraparound, shared by the
 * integer-base Pow loops (int_pow.c, int_pow_float_exp.c).
 */
#ifndef SCT_KERNELS_INT_POW_H
#define SCT_KERNELS_INT_POW_H

#include <stdint.h>

/* base^e for an exponent given as sign and magnitude, as the low 64 bits
 * of the two's-complement result (callers keep the low 32 bits for int32).
 * e >= 0: exact modulo 2^64 by repeated squaring in unsigned arithmetic.
 * e < 0: 1 for base 1, ±1 for base -1 (parity), 0 otherwise — the integer
 * 1/base^|e| truncated toward zero; base 0 (1/0, undefined) also gives 0. */
uint64_t sct_ipow_wrap(int64_t base, int exp_negative, uint64_t exp_magnitude);

#endif /* SCT_KERNELS_INT_POW_H */
