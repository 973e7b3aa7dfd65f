/*
 * f32_pow.c — Pow with a float32 base, all 12 exponent types (onnx Pow;
 * sonnx-pow R5/R6).
 *
 * Accuracy: binary64 sct_pow_real (Annex F.9.4.4 special cases exact,
 * glibc pow < 1 binary64 ULP, ~0.52) rounded once to binary32 by the C
 * conversion (RNE, C11 F.3 / 6.3.1.5): < 0.5 + 2^-29 ULP, correctly rounded
 * unless x^y lies within ~2^-29 ULP of a binary32 rounding boundary.  MPFR:
 * 0 disagreements on 1.1e8 float32^float32 and 1e7 float32^int32 samples
 * (docs/sweeps.md).  A float64 exponent reaches such boundaries (91 double
 * roundings in 10^6 samples, next to 2^-150): that loop uses
 * sct_pow_real_f32, which detects them and recomputes with powl
 * (pow/pow_real_f32.c): MPFR then finds 0 of 10^6 float32^float64 samples
 * off (generators v4 and v5; docs/sweeps.md).
 *
 * Special cases: Annex F.9.4.4, see pow/pow_real.c.
 */
#include "pow/pow_float_base.h"

#define SCT_F32_WIDEN(v) ((double)(v))
#define SCT_F32_ROUND(d) ((float)(d))

SCT_DEFINE_POW_FLOAT_BASE(f32, float, SCT_F32_WIDEN, SCT_F32_ROUND, sct_pow_real_f32)
