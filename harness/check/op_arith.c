/*
 * op_arith.c — check's mapping table from a registry op to the arithmetic
 * its classifiers recompute in double (classify_float.c: which special
 * result a flushed input gives, which way a 1-ULP miss rounded).  Which
 * classifier applies to which op is the registry's `classifiers` facet
 * (ops/operators.json); this table only says how to compute.
 */
#include <math.h>

#include "classify_internal.h"

bool sct_classifier_applies(const sct_elem_ctx *ctx, const char *name)
{
    return sct_op_has_classifier(sct_op_by_id((sct_op_id)ctx->op), name);
}

bool sct_op_arith_double(sct_op_kind op, double x, double y, double *r)
{
    switch (op) {
    case SCT_OP_DIV: *r = x / y; return true;
    case SCT_OP_MUL: *r = x * y; return true;
    case SCT_OP_POW: *r = pow(x, y); return true;
    default: return false;
    }
}
