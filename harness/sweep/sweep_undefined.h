/*
 * sweep_undefined.h — internal: pairs whose result the specification
 * leaves undefined; a sweep runs them (a trap is still a finding: the batch
 * fails) but never compares or counts them as passed.
 */
#ifndef SCT_SWEEP_UNDEFINED_H
#define SCT_SWEEP_UNDEFINED_H

#include <stdbool.h>
#include <stdint.h>

#include "sct/check/compare.h"

/* Integer Div: b == 0 (sonnx-div:int B:C1, "only defined for a denominator
 * tensor containing non null values") and, for signed types, INT_MIN / -1
 * (the quotient 2^(n-1) is not representable; C11 6.5.5p6).  Float Div by
 * zero is defined (IEEE754-2019 §7.3: ±inf, or NaN for 0/0). */
/* Abs: the signed minimum, whose |x| is not representable
 * (sonnx-abs E_ABS_INT_CONSTR_X_020: no crash, any value). */
bool sct_sweep_pair_undefined(sct_op_id op, int32_t type, uint64_t a_bits,
                              uint64_t b_bits);

/* Does the (op, input type) have any undefined pair at all (fast path)? */
bool sct_sweep_has_undefined(sct_op_id op, int32_t type);

/* The same rule with its constants resolved once, for hot loops. */
typedef struct sct_sweep_undef_rule {
    bool any;            /* false: no pair is undefined */
    bool unary_min;      /* unary: only a == int_min is undefined (Abs,
                            "int-min-abs": sonnx-abs E_ABS_INT_CONSTR_X_020) */
    bool has_min_case;   /* signed: INT_MIN / -1 */
    uint64_t int_min, minus_one; /* encodings of INT_MIN and -1 */
} sct_sweep_undef_rule;

sct_sweep_undef_rule sct_sweep_undef_rule_of(sct_op_id op, int32_t type);

static inline bool sct_sweep_undef_test(const sct_sweep_undef_rule *r,
                                        uint64_t a_bits, uint64_t b_bits)
{
    if (r->unary_min)
        return a_bits == r->int_min;
    return r->any && (b_bits == 0 || (r->has_min_case && a_bits == r->int_min &&
                                      b_bits == r->minus_one));
}

#endif /* SCT_SWEEP_UNDEFINED_H */
