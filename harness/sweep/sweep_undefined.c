/*
 * sweep_undefined.c — see sweep_undefined.h.
 */
#include "sweep_undefined.h"

#include "numeric/dtype.h"

bool sct_sweep_has_undefined(sct_op_kind op, int32_t type)
{
    const sct_dtype_info *d = sct_dtype_by_code(type);
    return op == SCT_OP_DIV && d != NULL &&
           (d->kind == SCT_KIND_SIGNED || d->kind == SCT_KIND_UNSIGNED);
}

bool sct_sweep_pair_undefined(sct_op_kind op, int32_t type, uint64_t a_bits,
                              uint64_t b_bits)
{
    if (!sct_sweep_has_undefined(op, type))
        return false;
    if (b_bits == 0)
        return true;
    const sct_dtype_info *d = sct_dtype_by_code(type);
    if (d->kind != SCT_KIND_SIGNED)
        return false;
    uint64_t mask = (UINT64_C(1) << d->bits) - 1u;
    uint64_t int_min = UINT64_C(1) << (d->bits - 1);
    return a_bits == int_min && b_bits == mask; /* INT_MIN / -1 */
}
