/* repro_line.c — the fixed-format element lines of `repro` (repro_line.h). */
#include "sct/replay/repro_line.h"

#include "sct/numeric/dtype.h"
#include "sct/results/case_result.h"
#include "sct/results/value_format.h"

void sct_repro_legend(FILE *out)
{
    fputs("# op in_types->out_type elem <flat index> a <hex> <dec> [b <hex> <dec> [c <hex> <dec>]] "
          "expected <hex> <dec> got <hex> <dec> ulp <n|n/a> <deviation class|match>\n",
          out);
}

void sct_repro_line(FILE *out, const char *op_type, uint64_t index,
                    const sct_elem_ctx *ctx, const sct_elem_result *r)
{
    char hex[SCT_VALUE_TEXT_MAX], dec[SCT_VALUE_TEXT_MAX];
    fprintf(out, "%s ", op_type);
    for (size_t k = 0; k < ctx->n_inputs; k++)
        fprintf(out, "%s%s", k ? "," : "", sct_dtype_name(ctx->in_types[k]));
    fprintf(out, "->%s elem %llu", sct_dtype_name(ctx->out_type), (unsigned long long)index);
    for (size_t k = 0; k < ctx->n_inputs && k < SCT_CHECK_MAX_INPUTS; k++) {
        sct_format_bits(ctx->in_types[k], ctx->in_bits[k], hex, sizeof hex);
        sct_format_value(ctx->in_types[k], ctx->in_bits[k], dec, sizeof dec);
        fprintf(out, " %s %s %s", sct_input_key(k), hex, dec);
    }
    sct_format_bits(ctx->out_type, ctx->expected_bits, hex, sizeof hex);
    sct_format_value(ctx->out_type, ctx->expected_bits, dec, sizeof dec);
    fprintf(out, " expected %s %s", hex, dec);
    sct_format_bits(ctx->out_type, ctx->actual_bits, hex, sizeof hex);
    sct_format_value(ctx->out_type, ctx->actual_bits, dec, sizeof dec);
    fprintf(out, " got %s %s", hex, dec);
    if (r->ulp == SCT_ULP_NONE)
        fputs(" ulp n/a", out);
    else
        fprintf(out, " ulp %llu", (unsigned long long)r->ulp);
    fprintf(out, " %s\n", r->match ? "match" : sct_deviation_name(r->deviation));
}
