/*
 * sweep_mpfr.h — MPFR helpers shared by the sweep's arbiter
 * (sweep_arbiter_mpfr.c) and tools/mpfr-verify/sampled.c: the exact value
 * of an operand encoding, and a p-bit MPFR result brought into a binary
 * format's range (overflow, subnormals) and encoded.  MPFR builds only.
 */
#ifndef SCT_SWEEP_SWEEP_MPFR_H
#define SCT_SWEEP_SWEEP_MPFR_H

#include <stdint.h>

#include <mpfr.h>

/* x = the exact value of `bits` of `type` (float32, float64, int32, int64;
 * x needs >= 53 bits for float64, >= 64 for int64). */
void sct_sweep_mpfr_set(mpfr_t x, int32_t type, uint64_t bits);

/* r (already rounded to the format's p bits, with ternary value `inex`,
 * computed in a range wide enough for any value) in the range of `type`
 * (float32: MPFR emin -148, emax 128; float64: -1073, 1024; MPFR writes
 * x = 0.1f * 2^E): mpfr_check_range gives overflow to inf and underflow,
 * mpfr_subnormalize re-rounds onto the subnormal grid from the ternary
 * value without double rounding (MPFR manual); returns its encoding (exact:
 * r is then a value of the format).  The caller's exponent range is kept. */
uint64_t sct_sweep_mpfr_to_format(int32_t type, mpfr_t r, int inex);

#endif /* SCT_SWEEP_SWEEP_MPFR_H */
