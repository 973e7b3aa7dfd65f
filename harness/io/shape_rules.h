/*
 * shape_rules.h — shape text and the ONNX multidirectional (numpy-style)
 * broadcasting rule (onnx Broadcasting.md; sonnx-*: the "onnx" profile),
 * used to check that a case's declared output shape matches its inputs.
 */
#ifndef SCT_IO_SHAPE_RULES_H
#define SCT_IO_SHAPE_RULES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sonnx_cts/plugin.h"

/* "[2, 3]", "[]" for a scalar; truncated to cap. */
void sct_shape_format(int32_t rank, const int64_t *dims, char *buf, size_t cap);

bool sct_shape_equal(int32_t rank_a, const int64_t *a, int32_t rank_b, const int64_t *b);

/* Broadcast shape of a and b into (*rank, dims); false when they are not
 * broadcastable (a dim pair differs and neither is 1). */
bool sct_shape_broadcast(int32_t rank_a, const int64_t *a, int32_t rank_b,
                         const int64_t *b, int32_t *rank, int64_t dims[SONNX_MAX_RANK]);

#endif /* SCT_IO_SHAPE_RULES_H */
