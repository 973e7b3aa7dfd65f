/*
 * broadcast.h — numpy-style multidirectional broadcasting (ONNX
 * docs/Broadcasting.md, used by Div-7+, Mul-7+, Pow-7+, Less-7+ under the
 * "onnx" profile).  Shapes are right-aligned; each output dim is the common
 * dim of the inputs, where a dim of 1 (or a missing leading dim) stretches.
 * An input is read through element strides with stride 0 on stretched dims.
 */
#ifndef SCT_KERNELS_BROADCAST_H
#define SCT_KERNELS_BROADCAST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sonnx_cts/plugin.h"

/* Output shape of broadcasting A and B; false when some aligned pair of
 * dims differs and neither is 1 (the ONNX "not broadcastable" case).
 * rc = max(ra, rb). Ranks must be 0..SONNX_MAX_RANK, dims >= 0. */
bool sct_broadcast_shape(int32_t ra, const int64_t *da, int32_t rb,
                         const int64_t *db, int32_t *rc,
                         int64_t dc[SONNX_MAX_RANK]);

/* Element strides (in elements, row-major) of an input of shape
 * (r_in, d_in) read at each output coordinate of shape (r_out, d_out),
 * r_in <= r_out: 0 on the missing leading dims and on dims of size 1. */
void sct_broadcast_strides(int32_t r_in, const int64_t *d_in, int32_t r_out,
                           const int64_t *d_out,
                           uint64_t strides[SONNX_MAX_RANK]);

/* The input flat index read for output flat index `out_index`. */
uint64_t sct_broadcast_index(uint64_t out_index, int32_t r_out,
                             const int64_t *d_out, const uint64_t *strides);

/* Writes the input elements (elem_size bytes each) into dst in output
 * order, so that a contiguous loop can run on it.  dst holds
 * nelem(d_out) * elem_size bytes. */
void sct_broadcast_expand(const void *src, size_t elem_size, int32_t r_out,
                          const int64_t *d_out, const uint64_t *strides,
                          void *dst);

/* Equal rank and dims. */
bool sct_broadcast_same_shape(int32_t ra, const int64_t *da, int32_t rb,
                     const int64_t *db);

#endif /* SCT_KERNELS_BROADCAST_H */
