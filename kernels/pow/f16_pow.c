/*
 * f16_pow.c — Pow with a float16 base, all 12 exponent types (onnx Pow
 * opset 15: T = float16, T1 = any numeric; sonnx-pow R5/R6).
 *
 * Accuracy: x^y is computed in binary64 (sct_pow_real: Annex F.9.4.4
 * special cases exact, else glibc pow, error < 1 binary64 ULP), then
 * rounded ONCE to float16 with RNE (sct_pow_cr_f16, stored exactly by
 * sct_f64_to_f16, never via binary32).  Correctly rounded on every input:
 * where the exact x^y could lie within the binary64 error (about 2^-53
 * relative) of a float16 rounding boundary, pow/pow_cr.c recomputes it
 * with MPFR.  With a float16 exponent no pair even needs that (MPFR on
 * all 2^32 pairs, docs/sweeps.md "Results", Debian glibc 2.36's pow).
 *
 * Special cases: Annex F.9.4.4 (see pow/pow_real.c) — pow(x, ±0) = 1 and
 * pow(1, y) = 1 even for NaN, signed zeros/infinities for odd integer
 * exponents, NaN for negative base and non-integer exponent.  Overflow
 * beyond 65520 gives inf; tiny results round into the float16 subnormals.
 * int64/uint64 exponents above 2^53 keep their parity (pow_real_int64.c).
 */
#include "pow/pow_float_base.h"

SCT_DEFINE_POW_FLOAT_BASE(f16, uint16_t, sct_f16_to_f64, sct_f64_to_f16, sct_pow_cr_f16)
