/*
 * sample_any.h — fresh input pairs for any (op, types) of the profile: the
 * sampled sweeps' generator (sweep_sample.h: uniform bits, special-value
 * crosses, near-midpoint and other hard cases) where it applies (float32,
 * float64 first operand), and for every other type a small generator of
 * its own (sample_any.c): uniform bit patterns, the type's edge values
 * (zero, +-1, min, max and their neighbours; for floats +-0, +-inf, NaN,
 * the smallest subnormal and the largest finite) and small values.  Used by
 * `run --fresh-sample` (docs/cli.md, "Fresh sample"): inputs nobody saw in
 * advance, drawn from a seed chosen at run time.
 *
 * Reproducible: element i is a pure function of (seed, i, op, a_type,
 * b_type).  Data is dense and little-endian, 4-bit types packed two per
 * byte (low nibble first), as plugin.h has it.
 */
#ifndef SCT_SWEEP_SAMPLE_ANY_H
#define SCT_SWEEP_SAMPLE_ANY_H

#include <stddef.h>
#include <stdint.h>

/* Fills `a` and `b` (sct_dtype_storage_bytes(type, n) bytes each) with n
 * pairs whose result the specification defines (undefined pairs — integer
 * Div by zero, INT_MIN / -1, integer Pow out of range or with a negative
 * exponent, docs/spec-notes.md SN-16, SN-17 — are never drawn).  Returns
 * the generator used ("sweep" or "edges"), or NULL with `*why_not` saying
 * why this (op, types) has no generator.  A unary op has b_type
 * SONNX_DT_UNDEFINED and `b` NULL: only `a` is filled (Abs of the signed
 * minimum, undefined, is never drawn). */
const char *sct_sample_any_fill(const char *op_type, int32_t a_type, int32_t b_type,
                                uint64_t seed, size_t n, void *a, void *b,
                                const char **why_not);

#endif /* SCT_SWEEP_SAMPLE_ANY_H */
