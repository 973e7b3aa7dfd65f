/*
 * less_i64_split_words.c — defect: Less on int64 lowered to two 32-bit
 * comparisons (as on a 32-bit target): the high words compared signed,
 * and on a tie the low words compared signed too, where they must be
 * unsigned.  Values whose high words agree and whose low words straddle
 * 2^31 (e.g. 2^31 - 1 vs 2^31) compare the wrong way round; sonnx-less R3
 * compares the exact integer values.  Only neighbours at a narrower
 * type's boundary show it (docs/coverage.md, Less neighbour criteria).
 * Expected finding: bool-wrong on Less int64.
 */
#include "mutant.h"

const char sct_mutant_name[] = "less-i64-split-words";

static int split_less(int64_t a, int64_t b)
{
    int32_t ah = (int32_t)(a >> 32), bh = (int32_t)(b >> 32);
    if (ah != bh)
        return ah < bh;
    /* the defect: the low words as signed */
    int32_t al = (int32_t)(uint32_t)((uint64_t)a & 0xffffffffu);
    int32_t bl = (int32_t)(uint32_t)((uint64_t)b & 0xffffffffu);
    return al < bl;
}

sonnx_status sct_mutant_run(const sonnx_op *op, const sonnx_tensor *in,
                            size_t n_in, sonnx_tensor *out, size_t n_out,
                            char *msg, size_t cap)
{
    sonnx_status s = sct_mutant_builtin_run(op, in, n_in, out, n_out, msg, cap);
    if (s != SONNX_STATUS_OK || !sct_mutant_is_op(op, "Less") ||
        in[0].elem_type != SONNX_DT_INT64)
        return s;
    uint64_t n = sct_mutant_nelem(&out[0]);
    for (uint64_t i = 0; i < n; i++) {
        int64_t a = ((const int64_t *)in[0].data)[sct_mutant_in_index(&out[0], &in[0], i)];
        int64_t b = ((const int64_t *)in[1].data)[sct_mutant_in_index(&out[0], &in[1], i)];
        ((unsigned char *)out[0].data)[i] = (unsigned char)split_less(a, b);
    }
    return s;
}
