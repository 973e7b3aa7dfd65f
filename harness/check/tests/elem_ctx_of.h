/*
 * elem_ctx_of.h — one element in its context, from a test row's fields
 * (two inputs; one when t1 is SONNX_DT_UNDEFINED, the unary ops'
 * convention), for the table-driven tests of the match rule and the
 * classifier.
 */
#ifndef SCT_CHECK_TESTS_ELEM_CTX_OF_H
#define SCT_CHECK_TESTS_ELEM_CTX_OF_H

#include "sct/check/compare.h"

static inline sct_elem_ctx sct_elem_ctx_of(sct_op_id op, int32_t out_type, int32_t t0,
                                           uint64_t b0, int32_t t1, uint64_t b1,
                                           uint64_t expected, uint64_t actual)
{
    sct_elem_ctx ctx = {0};
    ctx.op = op;
    ctx.out_type = out_type;
    ctx.n_inputs = t1 == SONNX_DT_UNDEFINED ? 1 : 2;
    ctx.in_types[0] = t0;
    ctx.in_bits[0] = b0;
    ctx.in_types[1] = t1;
    ctx.in_bits[1] = b1;
    ctx.expected_bits = expected;
    ctx.actual_bits = actual;
    return ctx;
}

#endif /* SCT_CHECK_TESTS_ELEM_CTX_OF_H */
