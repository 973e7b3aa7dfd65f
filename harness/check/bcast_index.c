/*
 * bcast_index.c — incremental broadcast index mapping (see bcast_index.h).
 * O(1) amortised per element, no division in the loop.
 */
#include "sct/check/bcast_index.h"

#include <string.h>

bool sct_bcast_init(sct_bcast_iter *it, int32_t out_rank,
                    const int64_t *out_dims, size_t n_inputs,
                    const sonnx_tensor *inputs)
{
    memset(it, 0, sizeof *it);
    if (out_rank < 0 || out_rank > SONNX_MAX_RANK || n_inputs > 3)
        return false;
    it->rank = out_rank;
    it->n_inputs = n_inputs;
    for (int32_t d = 0; d < out_rank; d++)
        it->dims[d] = out_dims[d];
    for (size_t k = 0; k < n_inputs; k++) {
        const sonnx_tensor *t = &inputs[k];
        if (t->rank < 0 || t->rank > out_rank)
            return false;
        uint64_t stride = 1;
        /* Right-align the input shape with the output shape. */
        for (int32_t d = out_rank - 1; d >= 0; d--) {
            int32_t di = d - (out_rank - t->rank);
            if (di < 0) {
                it->stride[k][d] = 0;
                continue;
            }
            int64_t n = t->dims[di];
            if (n == out_dims[d]) {
                it->stride[k][d] = stride;
            } else if (n == 1) {
                it->stride[k][d] = 0;
            } else {
                return false;
            }
            stride *= (uint64_t)(n > 0 ? n : 1);
        }
    }
    return true;
}

void sct_bcast_next(sct_bcast_iter *it)
{
    for (int32_t d = it->rank - 1; d >= 0; d--) {
        it->coord[d]++;
        for (size_t k = 0; k < it->n_inputs; k++)
            it->offset[k] += it->stride[k][d];
        if (it->coord[d] < it->dims[d])
            return;
        /* Wrap this dim and carry into the next one to the left. */
        for (size_t k = 0; k < it->n_inputs; k++)
            it->offset[k] -= it->stride[k][d] * (uint64_t)it->dims[d];
        it->coord[d] = 0;
    }
}

void sct_unflatten(uint64_t index, int32_t rank, const int64_t *dims,
                   int64_t *coords)
{
    for (int32_t d = rank - 1; d >= 0; d--) {
        uint64_t n = dims[d] > 0 ? (uint64_t)dims[d] : 1u;
        coords[d] = (int64_t)(index % n);
        index /= n;
    }
}
