/*
 * tolerance.c — default tolerance per (op, output type), for cases that
 * carry none (directories without manifest) and as the ceiling a manifest
 * may not loosen: the registry entry's tolerance_ulp (ops/operators.json),
 * which records the policy of docs/architecture.md:
 *   Div, Mul, float outputs: 0 ULP — correctly rounded, round-to-nearest-even
 *     (sonnx-div / sonnx-mul float requirements; IEEE 754-2019 §4.3.1, §5.4.1)
 *   Pow, float outputs: 1 ULP — IEEE 754-2019 §9.2 only recommends correct
 *     rounding for pow; goldens are correctly rounded, max ULP is reported.
 *   everything else (integer, bool outputs, Less): exact.
 */
#include "sct/model/case.h"
#include "sct/numeric/dtype.h"
#include "sct/ops/op_registry.h"

uint32_t sct_default_max_ulp(const char *op_type, int32_t out_elem_type)
{
    const sct_dtype_info *info = sct_dtype_by_code(out_elem_type);
    const sct_op_entry *op = sct_op_find(op_type);
    /* An op without an entry gets no tolerance (exact): io refuses it by
     * name before any case is compared (case_rules.c). */
    if (op == NULL || info == NULL)
        return 0;
    return info->kind == SCT_KIND_FLOAT ? op->tol_ulp_float : op->tol_ulp_int;
}
