/*
 * bf16_pow.c — Pow with a bfloat16 base, all 12 exponent types (onnx Pow
 * opset 15: T = bfloat16; sonnx-pow R5/R6).
 *
 * Accuracy: as f16_pow.c — binary64 sct_pow_real (Annex F.9.4.4 special
 * cases exact, glibc pow < 1 binary64 ULP), rounded ONCE to bfloat16 with
 * RNE (sct_pow_cr_bf16, stored exactly by sct_f64_to_bf16).  Correctly
 * rounded on every input: a result within ~2^-53 (relative) of a bfloat16
 * rounding boundary is recomputed with MPFR (pow/pow_cr.c); for bfloat16
 * exponents MPFR agreed on all 2^32 pairs even without it (docs/sweeps.md).  binary64
 * results never lose bits
 * that matter: any result below binary64's normal range (2^-1022) rounds
 * to ±0 in bfloat16 anyway (smallest subnormal 2^-133), and binary64
 * overflow implies bfloat16 overflow.
 *
 * Special cases: Annex F.9.4.4, see pow/pow_real.c.
 */
#include "pow/pow_float_base.h"

SCT_DEFINE_POW_FLOAT_BASE(bf16, uint16_t, sct_bf16_to_f64, sct_f64_to_bf16, sct_pow_cr_bf16)
