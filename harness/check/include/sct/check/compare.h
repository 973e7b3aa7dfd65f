/*
 * compare.h — element-by-element comparison of an implementation's output
 * with the golden output: ULP distance and the classification of every
 * mismatch into a deviation class (stable kebab-case names, documented in
 * docs/report-format.md).  Library target `sct_check`.
 *
 * The per-element functions (sct_ulp_distance, sct_classify,
 * sct_compare_elem) allocate nothing and are meant for hot loops, including
 * the exhaustive 16-bit sweeps.
 *
 * Element types are ONNX TensorProto codes (SONNX_DT_*); element values are
 * passed as their raw storage bits, zero-extended into a uint64_t (int4 /
 * uint4: the nibble, bool: 0 or 1).
 */
#ifndef SCT_CHECK_COMPARE_H
#define SCT_CHECK_COMPARE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sct/ops/op_registry.h"
#include "sonnx_cts/plugin.h"

/* Distance not measurable in ULP (NaN involved, or an integer/bool type). */
#define SCT_ULP_NONE UINT64_MAX

/* Deviation classes.  The numeric values are internal; reports use the
 * names from sct_deviation_name(), which are stable. */
typedef enum sct_deviation {
    SCT_DEV_NONE = 0,               /* "none": the element matches */
    SCT_DEV_ZERO_SIGN,              /* "zero-sign": +0 vs -0 (IEEE754-2019 §6.3) */
    SCT_DEV_SUBNORMAL_FLUSHED,      /* "subnormal-flushed": expected subnormal got
                                       ±0, or an input subnormal treated as 0 */
    SCT_DEV_NAN_EXPECTED,           /* "nan-expected": expected NaN, got a number */
    SCT_DEV_UNEXPECTED_NAN,         /* "unexpected-nan": expected a number, got NaN */
    SCT_DEV_NAN_PAYLOAD,            /* "nan-payload": both NaN, sign / quiet bit /
                                       payload differ (only with strict NaN) */
    SCT_DEV_INF_EXPECTED_GOT_FINITE,/* "inf-expected-got-finite" */
    SCT_DEV_OVERFLOW,               /* "overflow": finite expected, ±inf got */
    SCT_DEV_SIGN_FLIP,              /* "sign-flip": opposite signs, not zeros */
    SCT_DEV_ROUNDED_TOWARD_ZERO,    /* "rounded-toward-zero": 1 ULP smaller in
                                       magnitude, the exact result lies between
                                       actual and expected (truncation) */
    SCT_DEV_ROUNDED_AWAY_FROM_ZERO, /* "rounded-away-from-zero": 1 ULP larger in
                                       magnitude, exact result in between */
    SCT_DEV_OFF_BY_ULP,             /* "off-by-n-ulp": same sign, finite, N ULP
                                       apart (N is the element's ulp field) */
    SCT_DEV_INT_SATURATED,          /* "int-saturated": got the type's MIN/MAX
                                       where the exact result wraps */
    SCT_DEV_INT_FLOOR,              /* "int-floor": Div got floor(a/b), the golden
                                       truncates (onnx-div) */
    SCT_DEV_INT_TRUNCATED,          /* "int-truncated": Div got trunc(a/b), the
                                       golden floors (sonnx-div int) */
    SCT_DEV_INT_WRONG,              /* "int-wrong": any other integer mismatch */
    SCT_DEV_BOOL_NAN_COMPARE,       /* "bool-nan-compare": Less returned true with
                                       a NaN operand (IEEE754-2019 §5.11) */
    SCT_DEV_BOOL_WRONG,             /* "bool-wrong": any other bool mismatch */
    SCT_DEV_OTHER,                  /* "other": none of the above applies */
    SCT_DEV_COUNT
} sct_deviation;

/* Stable kebab-case name ("zero-sign", ...); "other" for out-of-range. */
const char *sct_deviation_name(sct_deviation d);
/* Inverse of sct_deviation_name; SCT_DEV_COUNT when unknown. */
sct_deviation sct_deviation_from_name(const char *name);

/* The registry's largest arity (ops/operators.json: 1 to 3 inputs). */
#define SCT_CHECK_MAX_INPUTS 3

/* ULP distance between two values of a floating-point type, through the
 * ordered-integer mapping (sign-magnitude -> signed order, +0 and -0 both
 * map to 0, so the distance counts the representable values between them,
 * crossing zero correctly; ±inf is one step beyond the largest finite).
 * Computed as an unsigned 64-bit difference: float64 extremes (-inf to +inf)
 * do not overflow.  Returns 0 when both are NaN, SCT_ULP_NONE when exactly one
 * is NaN or the type is not a floating-point type. */
uint64_t sct_ulp_distance(int32_t type, uint64_t expected_bits,
                          uint64_t actual_bits);

/* Comparison options. */
typedef struct sct_compare_opts {
    uint32_t max_ulp;   /* tolerance for finite, same-sign float values */
    bool strict_nan;    /* NaN must also match sign, quiet bit and payload */
} sct_compare_opts;

/* One element in its context: what the classifier needs to explain a
 * mismatch.  Input values are the broadcast-mapped input elements. */
typedef struct sct_elem_ctx {
    sct_op_id op;
    int32_t out_type;
    size_t n_inputs;              /* 0..3 (0: inputs unknown) */
    int32_t in_types[SCT_CHECK_MAX_INPUTS];
    uint64_t in_bits[SCT_CHECK_MAX_INPUTS];
    uint64_t expected_bits;
    uint64_t actual_bits;
} sct_elem_ctx;

/* Outcome for one element. */
typedef struct sct_elem_result {
    bool match;
    sct_deviation deviation;  /* SCT_DEV_NONE when match */
    uint64_t ulp;             /* ULP distance (floats), SCT_ULP_NONE otherwise */
} sct_elem_result;

/* Does the element match under `opts`?  Rules (docs/report-format.md):
 * NaN matches any NaN (strict: same bits); -0 vs +0 never matches;
 * NaN vs number and ±inf vs finite never match; max_ulp applies only to
 * finite values of the same sign; integers and bools are exact. */
bool sct_elem_matches(const sct_elem_ctx *ctx, const sct_compare_opts *opts);

/* True when the registry's undefined-input rule of ctx->op (ops/operators.json
 * "undefined_rule") covers this element's inputs: its value is undefined,
 * only a crash fails (integer divisor 0, sonnx-div:int:R2; integer base with
 * a negative exponent, sonnx-pow; Abs of a signed integer minimum,
 * sonnx-abs E_ABS_INT_CONSTR_X_020).  No deviation class explains such an
 * element (op_arith.c). */
bool sct_elem_input_undefined(const sct_elem_ctx *ctx);

/* Class of a mismatching element (the caller established the mismatch;
 * on matching elements the result is meaningless but defined). */
sct_deviation sct_classify(const sct_elem_ctx *ctx);

/* sct_elem_matches + sct_ulp_distance + sct_classify. */
sct_elem_result sct_compare_elem(const sct_elem_ctx *ctx,
                                 const sct_compare_opts *opts);

#endif /* SCT_CHECK_COMPARE_H */
