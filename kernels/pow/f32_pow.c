/*
 * f32_pow.c — Pow with a float32 base, all 12 exponent types (onnx Pow;
 * sonnx-pow R5/R6).
 *
 * Accuracy: <= 1 ULP, typically correctly rounded: binary64 sct_pow_real
 * (Annex F.9.4.4 special cases exact, glibc pow < 1 binary64 ULP) rounded
 * once to binary32 by the C conversion (RNE, C11 F.3 / 6.3.1.5).  An
 * incorrectly rounded result needs x^y within ~2^-53 relative of a binary32
 * midpoint; even then the error is < 0.5 + 2^-29 ULP.
 *
 * Special cases: Annex F.9.4.4, see pow/pow_real.c.
 */
#include "pow/pow_float_base.h"

#define SCT_F32_WIDEN(v) ((double)(v))
#define SCT_F32_ROUND(d) ((float)(d))

SCT_DEFINE_POW_FLOAT_BASE(f32, float, SCT_F32_WIDEN, SCT_F32_ROUND)
