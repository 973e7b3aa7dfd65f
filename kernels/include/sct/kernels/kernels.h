/*
 * kernels.h — the built-in reference kernels of sonnx-cts.
 *
 * Two ways in:
 * - sct_builtin_plugin(): the whole implementation (Div, Mul, Pow, Less,
 *   Add, Sub, Abs, Sqrt, every supported type, ONNX broadcasting, SONNX
 *   profile checks) as a
 *   plugin table, called in-process by the harness.  The module
 *   sonnx_builtin_plugin.so exports the same table as sonnx_plugin_entry_v1.
 * - sct_kernel_contiguous(): the element loops themselves, for equal-shape
 *   contiguous data (the exhaustive sweeps).
 *
 * Accuracy (each loop's file states its own guarantee and argument):
 *   Div, Mul float16/bfloat16/float32/float64: correctly rounded, RNE.
 *   Pow float16/bfloat16: one rounding of glibc's pow in binary64
 *     (correctly rounded except within 2^-53 relative of a midpoint; to be
 *     confirmed exhaustively against MPFR); float32: <= 1 ULP (typically
 *     correctly rounded); float64: glibc's pow bound (< 1 ULP).
 *   Add, Sub, Sqrt float16/bfloat16/float32/float64: correctly rounded, RNE.
 *   Abs floats: exact (the sign bit cleared).
 *   Integers: exact, with wraparound modulo 2^n where the result overflows.
 *   Less: exact (IEEE 754 compareQuietLess for floats).
 */
#ifndef SCT_KERNELS_KERNELS_H
#define SCT_KERNELS_KERNELS_H

#include <stddef.h>
#include <stdint.h>

#include "sonnx_cts/plugin.h"

/* The built-in implementation as a plugin table (static storage). */
const sonnx_plugin_entry *sct_builtin_plugin(void);

/* c[i] = op(a[i], b[i]) for i < n; a, b, c dense arrays of the operand and
 * result types (Less: one byte 0/1 per element).  c must not overlap a or
 * b.  A unary op (Abs, Sqrt) computes c[i] = op(a[i]) and is passed b NULL. */
typedef void (*sct_kernel_loop)(const void *a, const void *b, void *c,
                                size_t n);

/* The same-shape contiguous loop for op_type ("Div", "Mul", "Pow", "Less",
 * "Add", "Sub", "Abs", "Sqrt") and the input types (SONNX_DT_*; a unary
 * op's b_type is SONNX_DT_UNDEFINED), or NULL when there is none: unknown op,
 * unsupported type pair, or a packed 4-bit type (those go through the
 * plugin table, which unpacks them). */
sct_kernel_loop sct_kernel_contiguous(const char *op_type, int32_t a_type,
                                      int32_t b_type);

/* Element type of the result of op_type on (a_type, b_type), or
 * SONNX_DT_UNDEFINED when the combination is not supported.  Includes the
 * 4-bit types. */
int32_t sct_kernel_output_type(const char *op_type, int32_t a_type,
                               int32_t b_type);

#endif /* SCT_KERNELS_KERNELS_H */
