/*
 * op_arith.c — check's mapping table from a registry op to the arithmetic
 * its classifiers recompute in double (classify_float.c: which special
 * result a flushed input gives, which way a 1-ULP miss rounded).  Which
 * classifier applies to which op is the registry's `classifiers` facet
 * (ops/operators.json); this table only says how to compute.
 */
#include <math.h>
#include <string.h>

#include "classify_internal.h"
#include "sct/check/elem_access.h"

bool sct_classifier_applies(const sct_elem_ctx *ctx, const char *name)
{
    return sct_op_has_classifier(sct_op_by_id(ctx->op), name);
}

bool sct_op_arith_double(sct_op_id op, double x, double y, double *r)
{
    switch (op) {
    case SCT_OP_ID_DIV: *r = x / y; return true;
    case SCT_OP_ID_MUL: *r = x * y; return true;
    case SCT_OP_ID_POW: *r = pow(x, y); return true;
    case SCT_OP_ID_SUB: *r = x - y; return true;
    case SCT_OP_ID_ADD: *r = x + y; return true;
    /* Unary: y is not read.  fabs is exact, sqrt correctly rounded in
     * double (IEEE754-2019 §5.4.1, §5.5.1); both monotonic, which
     * rounding_direction's argument needs. */
    case SCT_OP_ID_ABS: *r = fabs(x); return true;
    case SCT_OP_ID_SQRT: *r = sqrt(x); return true;
    default: return false;
    }
}

bool sct_elem_input_undefined(const sct_elem_ctx *ctx)
{
    const sct_op_entry *e = sct_op_by_id(ctx->op);
    if (e == NULL || e->undefined_rule == NULL || ctx->n_inputs == 0)
        return false;
    int32_t tx = ctx->in_types[0], ty = ctx->n_inputs > 1 ? ctx->in_types[1] : 0;
    bool x_int = sct_type_is_signed_int(tx) || sct_type_is_unsigned_int(tx);
    bool y_signed = ctx->n_inputs > 1 && sct_type_is_signed_int(ty);
    bool y_int = y_signed || (ctx->n_inputs > 1 && sct_type_is_unsigned_int(ty));
    const char *rule = e->undefined_rule;
    if (strcmp(rule, "int-zero-divisor") == 0) /* sonnx-div:int:R2 */
        return x_int && y_int && (ctx->in_bits[1] & sct_int_width_mask(sct_elem_width(ty))) == 0;
    if (strcmp(rule, "int-negative-exponent") == 0) /* sonnx-pow, integer base */
        return x_int && y_signed && sct_bits_to_int64(ty, ctx->in_bits[1]) < 0;
    if (strcmp(rule, "int-min-abs") == 0) { /* sonnx-abs E_ABS_INT_CONSTR_X_020 */
        unsigned w = sct_elem_width(tx);
        return sct_type_is_signed_int(tx) && w > 0 &&
               sct_bits_to_int64(tx, ctx->in_bits[0]) == sct_int_signed_min(w);
    }
    return false;
}

/* The integer range of a w-bit output. */
uint64_t sct_int_width_mask(unsigned w)
{
    return w >= 64 ? UINT64_MAX : (UINT64_C(1) << w) - 1u;
}

int64_t sct_int_signed_max(unsigned w)
{
    return (int64_t)((UINT64_C(1) << (w - 1u)) - 1u);
}

int64_t sct_int_signed_min(unsigned w)
{
    return -sct_int_signed_max(w) - 1;
}

/* Is the exact mathematical result out of the output type's range, and
 * on which side?  `*positive` is set when out of range. */
bool sct_op_int_out_of_range(const sct_elem_ctx *ctx, unsigned w, bool is_signed,
                             bool *positive)
{
    int32_t tx = ctx->in_types[0], ty = ctx->in_types[1];
    bool x_int = sct_type_is_signed_int(tx) || sct_type_is_unsigned_int(tx);
    if (ctx->n_inputs == 1 && x_int && ctx->op == SCT_OP_ID_ABS) {
        /* |MIN| is the one signed result out of range, and undefined
         * (sonnx-abs E_ABS_INT_CONSTR_X_020): no saturation story. */
        return false;
    }
    bool y_int = sct_type_is_signed_int(ty) || sct_type_is_unsigned_int(ty);
    if (ctx->n_inputs != 2 || !x_int || !y_int)
        return false;
    bool x_uns = sct_type_is_unsigned_int(tx), y_uns = sct_type_is_unsigned_int(ty);
    int64_t x = sct_bits_to_int64(tx, ctx->in_bits[0]);
    int64_t y = sct_bits_to_int64(ty, ctx->in_bits[1]);
    uint64_t ux = ctx->in_bits[0], uy = ctx->in_bits[1];

    switch (ctx->op) {
    case SCT_OP_ID_MUL:
        if (!is_signed && x_uns && y_uns) {
            uint64_t r;
            *positive = true;
            return __builtin_mul_overflow(ux, uy, &r) || r > sct_int_width_mask(w);
        }
        if (is_signed && !x_uns && !y_uns) {
            int64_t r;
            if (__builtin_mul_overflow(x, y, &r)) {
                *positive = (x < 0) == (y < 0);
                return true;
            }
            *positive = r > 0;
            return r < sct_int_signed_min(w) || r > sct_int_signed_max(w);
        }
        return false;
    case SCT_OP_ID_SUB:
    case SCT_OP_ID_ADD: {
        /* Integers wrap modulo 2^n (sonnx-sub E_SUB_INT_FUNC_0010,
         * sonnx-add E_ADD_INT_FUNC_0010); the exact result fits 65 bits. */
        bool sub = ctx->op == SCT_OP_ID_SUB;
        if (!is_signed && x_uns && y_uns) {
            *positive = !sub || ux >= uy;
            return sub ? ux < uy : ux + uy > sct_int_width_mask(w) || ux + uy < ux;
        }
        if (is_signed && !x_uns && !y_uns) {
            int64_t r;
            bool ovf = sub ? __builtin_sub_overflow(x, y, &r) : __builtin_add_overflow(x, y, &r);
            if (ovf) {
                *positive = x >= 0; /* 64-bit wrap: the side is x's */
                return true;
            }
            *positive = r > 0;
            return r < sct_int_signed_min(w) || r > sct_int_signed_max(w);
        }
        return false;
    }
    case SCT_OP_ID_DIV:
        /* MIN / -1 is the only signed quotient out of range. */
        *positive = true;
        return is_signed && !x_uns && !y_uns && x == sct_int_signed_min(w) && y == -1;
    case SCT_OP_ID_POW: {
        if (!y_uns && y < 0)
            return false;
        uint64_t n = y_uns ? uy : (uint64_t)y;
        bool neg_base = !x_uns && x < 0;
        uint64_t base = x_uns ? ux : (neg_base ? (uint64_t)0 - (uint64_t)x
                                               : (uint64_t)x);
        *positive = !(neg_base && (n & 1u));
        if (base <= 1)
            return false;
        uint64_t mag = 1;
        for (uint64_t i = 0; i < n; i++) {
            if (__builtin_mul_overflow(mag, base, &mag))
                return true;
        }
        if (!is_signed)
            return !*positive || mag > sct_int_width_mask(w);
        uint64_t limit = *positive ? (uint64_t)sct_int_signed_max(w)
                                   : (uint64_t)sct_int_signed_max(w) + 1u;
        return mag > limit;
    }
    default:
        return false;
    }
}
