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

static uint64_t to_bits(int64_t v, unsigned w)
{
    return (uint64_t)v & sct_int_width_mask(w);
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
    uint64_t mask = sct_int_width_mask(w);
    uint64_t e = ctx->expected_bits & mask, a = ctx->actual_bits & mask;
    if (sct_elem_input_undefined(ctx))
        return SCT_DEV_INT_WRONG; /* any value is allowed: no story to tell */

    sct_deviation d = div_rounding(ctx, w, e, a);
    if (d != SCT_DEV_NONE)
        return d;
    bool positive = true;
    if (sct_classifier_applies(ctx, "int-range") &&
        sct_op_int_out_of_range(ctx, w, is_signed, &positive)) {
        uint64_t sat;
        if (is_signed)
            sat = to_bits(positive ? sct_int_signed_max(w) : sct_int_signed_min(w), w);
        else
            sat = positive ? mask : 0u;
        if (a == sat && e != sat)
            return SCT_DEV_INT_SATURATED;
    }
    return SCT_DEV_INT_WRONG;
}
