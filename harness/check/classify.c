/*
 * classify.c — sct_classify(): dispatch on the output element type.
 */
#include "sct/check/compare.h"

#include "classify_internal.h"
#include "sct/check/elem_access.h"
#include "sct/check/fp_format.h"

sct_deviation sct_classify(const sct_elem_ctx *ctx)
{
    if (sct_fp_format_of(ctx->out_type) != NULL)
        return sct_classify_float(ctx);
    if (ctx->out_type == SONNX_DT_BOOL)
        return sct_classify_bool(ctx);
    if (sct_type_is_signed_int(ctx->out_type) ||
        sct_type_is_unsigned_int(ctx->out_type))
        return sct_classify_int(ctx);
    return SCT_DEV_OTHER;
}
