/*
 * bcast_index.h — walking an output tensor in row-major order while
 * tracking the flat index of the corresponding element of each input under
 * ONNX/numpy multidirectional broadcasting (onnx Broadcasting.md: shapes
 * aligned on the right, a dim of 1 repeats).  With equal shapes (the
 * SONNX profile, sonnx-div R1) the input index is the output index.
 */
#ifndef SCT_CHECK_BCAST_INDEX_H
#define SCT_CHECK_BCAST_INDEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sonnx_cts/plugin.h"

typedef struct sct_bcast_iter {
    int32_t rank;
    int64_t dims[SONNX_MAX_RANK];
    int64_t coord[SONNX_MAX_RANK];
    size_t n_inputs;
    uint64_t stride[3][SONNX_MAX_RANK]; /* 0 on broadcast dims; 1 to 3 inputs */
    uint64_t offset[3];                 /* current input flat indices */
} sct_bcast_iter;

/* False when an input does not broadcast to the output shape. */
bool sct_bcast_init(sct_bcast_iter *it, int32_t out_rank,
                    const int64_t *out_dims, size_t n_inputs,
                    const sonnx_tensor *inputs);

/* Advance to the next output element (row-major). */
void sct_bcast_next(sct_bcast_iter *it);

/* Coordinates of flat row-major index `index` in `dims`. */
void sct_unflatten(uint64_t index, int32_t rank, const int64_t *dims,
                   int64_t *coords);

#endif /* SCT_CHECK_BCAST_INDEX_H */
