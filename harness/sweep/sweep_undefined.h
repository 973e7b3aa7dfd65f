/*
 * sweep_undefined.h — internal: pairs whose result the specification
 * leaves undefined; a sweep runs them (a trap is still a finding: the batch
 * fails) but never compares or counts them as passed.
 */
#ifndef SCT_SWEEP_UNDEFINED_H
#define SCT_SWEEP_UNDEFINED_H

#include <stdbool.h>
#include <stdint.h>

#include "compare.h"

/* Integer Div: b == 0 (sonnx-div:int B:C1, "only defined for a denominator
 * tensor containing non null values") and, for signed types, INT_MIN / -1
 * (the quotient 2^(n-1) is not representable; C11 6.5.5p6).  Float Div by
 * zero is defined (IEEE754-2019 §7.3: ±inf, or NaN for 0/0). */
bool sct_sweep_pair_undefined(sct_op_kind op, int32_t type, uint64_t a_bits,
                              uint64_t b_bits);

/* Does the (op, input type) have any undefined pair at all (fast path)? */
bool sct_sweep_has_undefined(sct_op_kind op, int32_t type);

#endif /* SCT_SWEEP_UNDEFINED_H */
