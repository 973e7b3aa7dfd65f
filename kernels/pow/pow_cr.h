/*
 * pow_cr.h — internal: x^y correctly rounded to a binary format narrower
 * than binary64 (float32, float16, bfloat16), from the binary64 result.
 */
#ifndef SCT_KERNELS_POW_CR_H
#define SCT_KERNELS_POW_CR_H

/* A binary format: significand bits (with the hidden bit) and the IEEE
 * exponent range [emin, emax] of its normal numbers. */
typedef struct sct_pow_fmt {
    int prec, emin, emax;
} sct_pow_fmt;

extern const sct_pow_fmt sct_pow_fmt_f32, sct_pow_fmt_f16, sct_pow_fmt_bf16;

/* d = sct_pow_real(x, y) (error < 1 binary64 ULP) rounded to f, RNE, as
 * the binary64 number holding it; when the exact x^y may lie on the other
 * side of a rounding boundary of f than d (the two binary64 neighbours of
 * d round differently), x^y is recomputed correctly rounded with MPFR
 * (when `recompute` is nonzero and the kernels were built with MPFR). */
double sct_pow_cr_round(double x, double y, double d, const sct_pow_fmt *f, int recompute);

/* The loops' form: recompute on. */
double sct_pow_cr_f32(double x, double y, double d);
double sct_pow_cr_f16(double x, double y, double d);
double sct_pow_cr_bf16(double x, double y, double d);

#endif /* SCT_KERNELS_POW_CR_H */
