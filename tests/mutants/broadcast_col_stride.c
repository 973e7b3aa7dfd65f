/*
 * broadcast_col_stride.c — defect: a broadcasting kernel that treats a
 * column operand of shape (..., N, 1) against a full (..., N, M) operand
 * as a length-N vector along the last axis (the fast path for a (N,)
 * operand): output element (r, c) reads the operand's element c mod N
 * instead of r.  ONNX multidirectional broadcasting (onnx-div:broadcast,
 * numpy rules) repeats element r along the row.  Right whenever the
 * operand's N elements are equal or N = 1, so only a (N,1) x (N,M) case
 * with distinct values and N, M > 1 shows it (docs/coverage.md,
 * "broadcast patterns").  Profile onnx only (SONNX has no broadcasting).
 * Expected finding: any value deviation on broadcast cases.
 */
#include <stdlib.h>
#include <string.h>

#include "mutant.h"

const char sct_mutant_name[] = "broadcast-col-stride";

static bool same_shape(const sonnx_tensor *x, const sonnx_tensor *y)
{
    if (x->rank != y->rank)
        return false;
    for (int32_t d = 0; d < x->rank; d++)
        if (x->dims[d] != y->dims[d])
            return false;
    return true;
}

/* in[k] is (..., N, 1), the other input and the output (..., N, M), N, M > 1. */
static bool column_case(const sonnx_tensor *in, int k, const sonnx_tensor *out)
{
    const sonnx_tensor *c = &in[k], *o = &in[1 - k];
    int32_t r = out->rank;
    if (r < 2 || c->rank != r || !same_shape(o, out) || sct_mutant_width(c->elem_type) == 0)
        return false;
    for (int32_t d = 0; d < r - 1; d++)
        if (c->dims[d] != out->dims[d])
            return false;
    return c->dims[r - 1] == 1 && out->dims[r - 1] > 1 && out->dims[r - 2] > 1;
}

sonnx_status sct_mutant_run(const sonnx_op *op, const sonnx_tensor *in,
                            size_t n_in, sonnx_tensor *out, size_t n_out,
                            char *msg, size_t cap)
{
    if (n_in != 2 || n_out < 1)
        return sct_mutant_builtin_run(op, in, n_in, out, n_out, msg, cap);
    for (int k = 0; k < 2; k++) {
        if (!column_case(in, k, &out[0]))
            continue;
        /* Expand the column the wrong way and run the built-in on equal shapes. */
        sonnx_tensor wide[2] = {in[0], in[1]};
        wide[k] = in[1 - k];
        wide[k].elem_type = in[k].elem_type;
        unsigned bytes = sct_mutant_width(in[k].elem_type) / 8;
        uint64_t n = sct_mutant_nelem(&out[0]);
        uint64_t nr = (uint64_t)out[0].dims[out[0].rank - 2];
        uint64_t m = (uint64_t)out[0].dims[out[0].rank - 1];
        wide[k].nbytes = n * bytes;
        wide[k].data = malloc(n * bytes + 1);
        if (!wide[k].data)
            return sct_mutant_builtin_run(op, in, n_in, out, n_out, msg, cap);
        for (uint64_t i = 0; i < n; i++) {
            uint64_t src = (i / (nr * m)) * nr + (i % m) % nr; /* the defect */
            memcpy((char *)wide[k].data + i * bytes, (const char *)in[k].data + src * bytes,
                   bytes);
        }
        sonnx_status s = sct_mutant_builtin_run(op, wide, n_in, out, n_out, msg, cap);
        free(wide[k].data);
        return s;
    }
    return sct_mutant_builtin_run(op, in, n_in, out, n_out, msg, cap);
}
