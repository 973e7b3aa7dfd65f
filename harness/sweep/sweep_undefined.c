/*
 * sweep_undefined.c — see sweep_undefined.h.
 */
#include "sweep_undefined.h"

#include <string.h>

#include "sct/numeric/dtype.h"

/* The registry's "int-min-abs" rule on a signed type. */
static bool int_min_rule(sct_op_id op, int32_t type)
{
    const sct_op_entry *e = sct_op_by_id(op);
    const sct_dtype_info *d = sct_dtype_by_code(type);
    return e != NULL && e->undefined_rule != NULL &&
           strcmp(e->undefined_rule, "int-min-abs") == 0 && d != NULL &&
           d->kind == SCT_KIND_SIGNED;
}

bool sct_sweep_has_undefined(sct_op_id op, int32_t type)
{
    /* The registry's undefined-input rule (ops/operators.json
     * "undefined_rule"): "int-zero-divisor" is sonnx-div:int:R2. */
    const sct_op_entry *e = sct_op_by_id(op);
    const sct_dtype_info *d = sct_dtype_by_code(type);
    return (e != NULL && e->undefined_rule != NULL &&
            strcmp(e->undefined_rule, "int-zero-divisor") == 0 && d != NULL &&
            (d->kind == SCT_KIND_SIGNED || d->kind == SCT_KIND_UNSIGNED)) ||
           int_min_rule(op, type);
}

sct_sweep_undef_rule sct_sweep_undef_rule_of(sct_op_id op, int32_t type)
{
    sct_sweep_undef_rule r = {false, false, false, 0, 0};
    if (int_min_rule(op, type)) {
        r.any = r.unary_min = true;
        r.int_min = UINT64_C(1) << (sct_dtype_by_code(type)->bits - 1);
        return r;
    }
    if (!sct_sweep_has_undefined(op, type))
        return r;
    const sct_dtype_info *d = sct_dtype_by_code(type);
    r.any = true;
    r.has_min_case = d->kind == SCT_KIND_SIGNED;
    if (r.has_min_case) {
        r.int_min = UINT64_C(1) << (d->bits - 1);      /* 0x80.., INT_MIN */
        r.minus_one = d->bits == 64 ? UINT64_MAX       /* 0xff.., -1 */
                                    : (UINT64_C(1) << d->bits) - 1u;
    }
    return r;
}

bool sct_sweep_pair_undefined(sct_op_id op, int32_t type, uint64_t a_bits,
                              uint64_t b_bits)
{
    sct_sweep_undef_rule r = sct_sweep_undef_rule_of(op, type);
    return sct_sweep_undef_test(&r, a_bits, b_bits);
}
