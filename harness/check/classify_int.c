/*
 * classify_int.c — why an integer element mismatches.
 *
 * - int-floor / int-truncated: Div rounds the other way.  onnx-div says
 *   integer division truncates toward zero; the SONNX draft
 *   (sonnx-div, int section) writes floor(A/B).  The golden decides which
 *   is expected; the class names what the implementation did.
 * - int-saturated: the exact result is out of the type's range (the golden
 *   wraps, two's complement: sonnx-mul int "Error conditions", onnx
 *   integer semantics) and the implementation clamped to MIN or MAX.
 * - int-wrong: anything else.
 */
#include "classify_internal.h"
#include "sct/check/elem_access.h"

static uint64_t width_mask(unsigned w)
{
    return w >= 64 ? UINT64_MAX : (UINT64_C(1) << w) - 1u;
}

static int64_t signed_max(unsigned w)
{
    return (int64_t)((UINT64_C(1) << (w - 1u)) - 1u);
}

static int64_t signed_min(unsigned w)
{
    return -signed_max(w) - 1;
}

static uint64_t to_bits(int64_t v, unsigned w)
{
    return (uint64_t)v & width_mask(w);
}

/* Is the exact mathematical result out of the output type's range, and
 * on which side?  `*positive` is set when out of range. */
static bool exact_out_of_range(const sct_elem_ctx *ctx, unsigned w,
                               bool is_signed, bool *positive)
{
    int32_t tx = ctx->in_types[0], ty = ctx->in_types[1];
    bool x_int = sct_type_is_signed_int(tx) || sct_type_is_unsigned_int(tx);
    bool y_int = sct_type_is_signed_int(ty) || sct_type_is_unsigned_int(ty);
    if (ctx->n_inputs != 2 || !x_int || !y_int)
        return false;
    bool x_uns = sct_type_is_unsigned_int(tx), y_uns = sct_type_is_unsigned_int(ty);
    int64_t x = sct_bits_to_int64(tx, ctx->in_bits[0]);
    int64_t y = sct_bits_to_int64(ty, ctx->in_bits[1]);
    uint64_t ux = ctx->in_bits[0], uy = ctx->in_bits[1];

    switch (ctx->op) {
    case SCT_OP_MUL:
        if (!is_signed && x_uns && y_uns) {
            uint64_t r;
            *positive = true;
            return __builtin_mul_overflow(ux, uy, &r) || r > width_mask(w);
        }
        if (is_signed && !x_uns && !y_uns) {
            int64_t r;
            if (__builtin_mul_overflow(x, y, &r)) {
                *positive = (x < 0) == (y < 0);
                return true;
            }
            *positive = r > 0;
            return r < signed_min(w) || r > signed_max(w);
        }
        return false;
    case SCT_OP_DIV:
        /* MIN / -1 is the only signed quotient out of range. */
        *positive = true;
        return is_signed && !x_uns && !y_uns && x == signed_min(w) && y == -1;
    case SCT_OP_POW: {
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
            return !*positive || mag > width_mask(w);
        uint64_t limit = *positive ? (uint64_t)signed_max(w)
                                   : (uint64_t)signed_max(w) + 1u;
        return mag > limit;
    }
    default:
        return false;
    }
}

/* Did the implementation round a signed quotient the other way? */
static sct_deviation div_rounding(const sct_elem_ctx *ctx, unsigned w,
                                  uint64_t e, uint64_t a)
{
    int32_t tx = ctx->in_types[0], ty = ctx->in_types[1];
    if (!sct_classifier_applies(ctx, "int-trunc") || ctx->n_inputs != 2 ||
        !sct_type_is_signed_int(tx) || !sct_type_is_signed_int(ty))
        return SCT_DEV_NONE;
    int64_t x = sct_bits_to_int64(tx, ctx->in_bits[0]);
    int64_t y = sct_bits_to_int64(ty, ctx->in_bits[1]);
    if (y == 0 || (x == INT64_MIN && y == -1))
        return SCT_DEV_NONE; /* undefined (sonnx-div B:C1) / out of range */
    int64_t trunc = x / y; /* C11 6.5.5: truncation toward zero */
    int64_t floor = trunc - ((x % y != 0 && ((x < 0) != (y < 0))) ? 1 : 0);
    if (floor == trunc)
        return SCT_DEV_NONE;
    if (a == to_bits(floor, w) && e == to_bits(trunc, w))
        return SCT_DEV_INT_FLOOR;
    if (a == to_bits(trunc, w) && e == to_bits(floor, w))
        return SCT_DEV_INT_TRUNCATED;
    return SCT_DEV_NONE;
}

sct_deviation sct_classify_int(const sct_elem_ctx *ctx)
{
    unsigned w = sct_elem_width(ctx->out_type);
    bool is_signed = sct_type_is_signed_int(ctx->out_type);
    uint64_t mask = width_mask(w);
    uint64_t e = ctx->expected_bits & mask, a = ctx->actual_bits & mask;

    sct_deviation d = div_rounding(ctx, w, e, a);
    if (d != SCT_DEV_NONE)
        return d;
    bool positive = true;
    if (exact_out_of_range(ctx, w, is_signed, &positive)) {
        uint64_t sat;
        if (is_signed)
            sat = to_bits(positive ? signed_max(w) : signed_min(w), w);
        else
            sat = positive ? mask : 0u;
        if (a == sat && e != sat)
            return SCT_DEV_INT_SATURATED;
    }
    return SCT_DEV_INT_WRONG;
}
