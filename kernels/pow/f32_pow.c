/*
 * f32_pow.c — Pow with a float32 base, all 12 exponent types (onnx Pow;
 * sonnx-pow R5/R6).
 *
 * Accuracy: correctly rounded, every exponent type.  binary64 sct_pow_real
 * (Annex F.9.4.4 special cases exact, glibc pow < 1 binary64 ULP, ~0.52)
 * rounded to binary32 is right unless x^y lies within ~2^-29 ULP of a
 * binary32 rounding boundary: the published hardest-to-round inputs do
 * (CORE-MATH's binary32 pow worst cases, 2^-44 .. 2^-51 ULP), and a
 * float64 exponent reaches them too (91 double roundings in 10^6 samples
 * next to 2^-150).  sct_pow_cr_f32 detects every such result and
 * recomputes it with MPFR (pow/pow_cr.c); kernels.pow_correctly_rounded
 * checks the worst-case list.
 *
 * Special cases: Annex F.9.4.4, see pow/pow_real.c.
 */
#include "pow/pow_float_base.h"

#define SCT_F32_WIDEN(v) ((double)(v))
#define SCT_F32_ROUND(d) ((float)(d))

SCT_DEFINE_POW_FLOAT_BASE(f32, float, SCT_F32_WIDEN, SCT_F32_ROUND, sct_pow_cr_f32)
