/*
 * classify_internal.h — the per-kind classifiers behind sct_classify()
 * (classify.c dispatches on the output type).  Internal to sct_check.
 */
#ifndef SCT_CHECK_CLASSIFY_INTERNAL_H
#define SCT_CHECK_CLASSIFY_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "sct/check/compare.h"

sct_deviation sct_classify_float(const sct_elem_ctx *ctx);
sct_deviation sct_classify_int(const sct_elem_ctx *ctx);
sct_deviation sct_classify_bool(const sct_elem_ctx *ctx);

/* Value of input k as a double: float inputs exactly, integer inputs
 * converted (exact up to 2^53).  `flush`: subnormal float inputs become a
 * zero of the same sign, as a flush-to-zero/denormals-are-zero
 * implementation would see them. */
double sct_input_as_double(const sct_elem_ctx *ctx, size_t k, bool flush);

/* True when the registry entry of ctx->op lists classifier `name`
 * (ops/operators.json, "classifiers"): an op without an entry, or without
 * that classifier, is never explained by it. */
bool sct_classifier_applies(const sct_elem_ctx *ctx, const char *name);

/* The op's result on two doubles, for the classifiers that recompute it
 * (op_arith.c, check's id -> arithmetic table); false when check has no
 * double arithmetic for the op. */
bool sct_op_arith_double(sct_op_id op, double x, double y, double *r);

/* classify_int.c's range question for the ops it has integer arithmetic
 * for (op_arith.c): is the exact result out of a w-bit output's range, and
 * on which side (`*positive`)?  False for any other op. */
bool sct_op_int_out_of_range(const sct_elem_ctx *ctx, unsigned w, bool is_signed,
                             bool *positive);
uint64_t sct_int_width_mask(unsigned w);
int64_t sct_int_signed_max(unsigned w);
int64_t sct_int_signed_min(unsigned w);

/* True when at least one input is a float subnormal. */
bool sct_has_subnormal_input(const sct_elem_ctx *ctx);

#endif /* SCT_CHECK_CLASSIFY_INTERNAL_H */
