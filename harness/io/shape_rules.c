/* shape_rules.c — shape formatting and ONNX broadcasting (see header). */
#include "shape_rules.h"

#include <stdio.h>

void sct_shape_format(int32_t rank, const int64_t *dims, char *buf, size_t cap)
{
    if (cap == 0)
        return;
    size_t pos = 0;
    int n = snprintf(buf, cap, "[");
    pos = (n > 0) ? (size_t)n : 0;
    for (int32_t i = 0; i < rank && pos < cap; i++) {
        n = snprintf(buf + pos, cap - pos, "%s%lld", i ? ", " : "", (long long)dims[i]);
        if (n < 0)
            break;
        pos += (size_t)n;
    }
    if (pos < cap)
        snprintf(buf + pos, cap - pos, "]");
}

bool sct_shape_equal(int32_t rank_a, const int64_t *a, int32_t rank_b, const int64_t *b)
{
    if (rank_a != rank_b)
        return false;
    for (int32_t i = 0; i < rank_a; i++)
        if (a[i] != b[i])
            return false;
    return true;
}

bool sct_shape_broadcast(int32_t rank_a, const int64_t *a, int32_t rank_b,
                         const int64_t *b, int32_t *rank, int64_t dims[SONNX_MAX_RANK])
{
    if (rank_a < 0 || rank_b < 0 || rank_a > SONNX_MAX_RANK || rank_b > SONNX_MAX_RANK)
        return false;
    int32_t r = rank_a > rank_b ? rank_a : rank_b;
    /* Align from the trailing dimension; a missing leading dim counts as 1. */
    for (int32_t i = 0; i < r; i++) {
        int32_t ia = rank_a - r + i, ib = rank_b - r + i;
        int64_t da = ia >= 0 ? a[ia] : 1, db = ib >= 0 ? b[ib] : 1;
        if (da == db || db == 1)
            dims[i] = da;
        else if (da == 1)
            dims[i] = db;
        else
            return false;
    }
    *rank = r;
    return true;
}
