/*
 * loops.h — internal: every element loop of the built-in kernels (the
 * sct_kernel_loop signature of kernels.h).  One file per operation and
 * format defines each group; registry.c maps (op, types) to them.
 * Names: sct_<op>_<type>, Pow: sct_pow_<base>_<exponent>.
 * For Mul, signed and unsigned integers of one width share a loop: the
 * product modulo 2^n has the same bits (sonnx-mul:int wraparound).
 */
#ifndef SCT_KERNELS_LOOPS_H
#define SCT_KERNELS_LOOPS_H

#include <stddef.h>

#define SCT_LOOP(name) void name(const void *a, const void *b, void *c, size_t n)

/* Div */
SCT_LOOP(sct_div_f16); SCT_LOOP(sct_div_bf16);
SCT_LOOP(sct_div_f32); SCT_LOOP(sct_div_f64);
SCT_LOOP(sct_div_i8);  SCT_LOOP(sct_div_i16);
SCT_LOOP(sct_div_i32); SCT_LOOP(sct_div_i64);
SCT_LOOP(sct_div_u8);  SCT_LOOP(sct_div_u16);
SCT_LOOP(sct_div_u32); SCT_LOOP(sct_div_u64);

/* Mul */
SCT_LOOP(sct_mul_f16); SCT_LOOP(sct_mul_bf16);
SCT_LOOP(sct_mul_f32); SCT_LOOP(sct_mul_f64);
SCT_LOOP(sct_mul_w8);  SCT_LOOP(sct_mul_w16);
SCT_LOOP(sct_mul_w32); SCT_LOOP(sct_mul_w64);

/* The float16 Div/Mul loops without the F16C fast path (tests compare). */
SCT_LOOP(sct_div_f16_portable); SCT_LOOP(sct_mul_f16_portable);

/* Less */
SCT_LOOP(sct_less_f16); SCT_LOOP(sct_less_bf16);
SCT_LOOP(sct_less_f32); SCT_LOOP(sct_less_f64);
SCT_LOOP(sct_less_i8);  SCT_LOOP(sct_less_i16);
SCT_LOOP(sct_less_i32); SCT_LOOP(sct_less_i64);
SCT_LOOP(sct_less_u8);  SCT_LOOP(sct_less_u16);
SCT_LOOP(sct_less_u32); SCT_LOOP(sct_less_u64);

/* Add, Sub (sign-agnostic integer loops, as Mul) */
SCT_LOOP(sct_add_f16); SCT_LOOP(sct_add_bf16);
SCT_LOOP(sct_add_f32); SCT_LOOP(sct_add_f64);
SCT_LOOP(sct_add_w8);  SCT_LOOP(sct_add_w16);
SCT_LOOP(sct_add_w32); SCT_LOOP(sct_add_w64);
SCT_LOOP(sct_sub_f16); SCT_LOOP(sct_sub_bf16);
SCT_LOOP(sct_sub_f32); SCT_LOOP(sct_sub_f64);
SCT_LOOP(sct_sub_w8);  SCT_LOOP(sct_sub_w16);
SCT_LOOP(sct_sub_w32); SCT_LOOP(sct_sub_w64);

/* Abs (unary): floats by encoding width (sign bit cleared), signed and
 * unsigned integers. */
SCT_LOOP(sct_abs_fw16); SCT_LOOP(sct_abs_fw32); SCT_LOOP(sct_abs_fw64);
SCT_LOOP(sct_abs_i8);  SCT_LOOP(sct_abs_i16);
SCT_LOOP(sct_abs_i32); SCT_LOOP(sct_abs_i64);
SCT_LOOP(sct_abs_u8);  SCT_LOOP(sct_abs_u16);
SCT_LOOP(sct_abs_u32); SCT_LOOP(sct_abs_u64);

/* Sqrt (unary) */
SCT_LOOP(sct_sqrt_f16); SCT_LOOP(sct_sqrt_bf16);
SCT_LOOP(sct_sqrt_f32); SCT_LOOP(sct_sqrt_f64);

/* Pow: base x exponent.  The X-macro lists the exponent types once. */
#define SCT_POW_EXPONENTS(X, base) \
    X(base, f16) X(base, bf16) X(base, f32) X(base, f64) \
    X(base, i8) X(base, i16) X(base, i32) X(base, i64) \
    X(base, u8) X(base, u16) X(base, u32) X(base, u64)
#define SCT_POW_DECLARE(base, exp) SCT_LOOP(sct_pow_##base##_##exp);
SCT_POW_EXPONENTS(SCT_POW_DECLARE, f16)
SCT_POW_EXPONENTS(SCT_POW_DECLARE, bf16)
SCT_POW_EXPONENTS(SCT_POW_DECLARE, f32)
SCT_POW_EXPONENTS(SCT_POW_DECLARE, f64)
SCT_POW_EXPONENTS(SCT_POW_DECLARE, i32)
SCT_POW_EXPONENTS(SCT_POW_DECLARE, i64)

#endif /* SCT_KERNELS_LOOPS_H */
