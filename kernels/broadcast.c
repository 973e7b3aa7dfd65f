/*
 * broadcast.c — index arithmetic of ONNX multidirectional broadcasting
 * (see broadcast.h).
 */
#include "sct/kernels/broadcast.h"

#include <string.h>

bool sct_broadcast_same_shape(int32_t ra, const int64_t *da, int32_t rb,
                     const int64_t *db)
{
    if (ra != rb)
        return false;
    for (int32_t i = 0; i < ra; i++)
        if (da[i] != db[i])
            return false;
    return true;
}

bool sct_broadcast_shape(int32_t ra, const int64_t *da, int32_t rb,
                         const int64_t *db, int32_t *rc,
                         int64_t dc[SONNX_MAX_RANK])
{
    int32_t r = ra > rb ? ra : rb;
    for (int32_t k = 0; k < r; k++) {
        /* k-th dim counted from the right. */
        int64_t x = k < ra ? da[ra - 1 - k] : 1;
        int64_t y = k < rb ? db[rb - 1 - k] : 1;
        int64_t out;
        if (x == y)
            out = x;
        else if (x == 1)
            out = y; /* includes y == 0: a 1 stretches to 0 */
        else if (y == 1)
            out = x;
        else
            return false;
        dc[r - 1 - k] = out;
    }
    *rc = r;
    return true;
}

void sct_broadcast_strides(int32_t r_in, const int64_t *d_in, int32_t r_out,
                           const int64_t *d_out,
                           uint64_t strides[SONNX_MAX_RANK])
{
    uint64_t step = 1;
    for (int32_t k = 0; k < r_out; k++) {
        int32_t o = r_out - 1 - k;
        if (k < r_in) {
            int64_t d = d_in[r_in - 1 - k];
            strides[o] = (d == 1 && d_out[o] != 1) ? 0u : step;
            step *= (uint64_t)d;
        } else {
            strides[o] = 0u;
        }
    }
}

uint64_t sct_broadcast_index(uint64_t out_index, int32_t r_out,
                             const int64_t *d_out, const uint64_t *strides)
{
    uint64_t in = 0;
    for (int32_t o = r_out - 1; o >= 0; o--) {
        uint64_t d = (uint64_t)d_out[o];
        if (d == 0)
            return 0; /* empty output: no element is ever read */
        in += (out_index % d) * strides[o];
        out_index /= d;
    }
    return in;
}

static void sct_copy_strided(unsigned char *dst, const unsigned char *src,
                             size_t elem_size, uint64_t count,
                             uint64_t stride)
{
    if (stride == 1) {
        memcpy(dst, src, (size_t)count * elem_size);
        return;
    }
    for (uint64_t i = 0; i < count; i++)
        memcpy(dst + i * elem_size, src + i * stride * elem_size, elem_size);
}

void sct_broadcast_expand(const void *src, size_t elem_size, int32_t r_out,
                          const int64_t *d_out, const uint64_t *strides,
                          void *dst)
{
    const unsigned char *s = src;
    unsigned char *out = dst;
    if (r_out == 0) {
        memcpy(out, s, elem_size);
        return;
    }
    for (int32_t o = 0; o < r_out; o++)
        if (d_out[o] == 0)
            return;
    /* Odometer over the outer dims; the innermost dim is one strided copy. */
    uint64_t coord[SONNX_MAX_RANK] = {0};
    uint64_t inner = (uint64_t)d_out[r_out - 1];
    uint64_t inner_stride = strides[r_out - 1];
    uint64_t in_offset = 0;
    for (;;) {
        sct_copy_strided(out, s + in_offset * elem_size, elem_size, inner,
                         inner_stride);
        out += inner * elem_size;
        int32_t o = r_out - 2;
        while (o >= 0) {
            coord[o]++;
            in_offset += strides[o];
            if (coord[o] < (uint64_t)d_out[o])
                break;
            in_offset -= coord[o] * strides[o];
            coord[o] = 0;
            o--;
        }
        if (o < 0)
            return;
    }
}
