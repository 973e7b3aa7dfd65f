/*
 * f64_pow.c — Pow with a float64 base, all 12 exponent types (onnx Pow;
 * sonnx-pow R5/R6).
 *
 * Accuracy: glibc's pow bound, < 1 ULP (documented ~0.52 ULP; exact when
 * the result is representable), after the Annex F.9.4.4 special cases of
 * pow/pow_real.c — NOT always correctly rounded: MPFR finds 0.12-0.21 % of
 * the sampled float64 pairs off, every one by exactly 1 ULP (10^6 samples
 * per space, generators v4 and v5; docs/sweeps.md), which is why the
 * sampled sweep judges every pair where an implementation differs from
 * this reference against MPFR.  int64/uint64 exponents of magnitude > 2^53
 * with a base close to 1: one powl on the exact operands, < 0.51 ULP
 * (pow_real_int64.c; <= 2.5 ULP where long double has < 64 bits); all
 * other such cases are exact overflows/underflows or Annex F values.
 */
#include "pow/pow_float_base.h"

#define SCT_F64_SAME(v) (v)

SCT_DEFINE_POW_FLOAT_BASE(f64, double, SCT_F64_SAME, SCT_F64_SAME, SCT_POW_NO_FIX)
