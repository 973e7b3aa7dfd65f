/*
 * tolerance.c — default tolerance per (op, output type), for cases that
 * carry none (directories without manifest) and as the ceiling a manifest
 * may not loosen.  The policy of docs/architecture.md:
 *   Div, Mul, float outputs: 0 ULP — correctly rounded, round-to-nearest-even
 *     (sonnx-div / sonnx-mul float requirements; IEEE 754-2019 §4.3.1, §5.4.1)
 *   Pow, float outputs: 1 ULP — IEEE 754-2019 §9.2 only recommends correct
 *     rounding for pow; goldens are correctly rounded, max ULP is reported.
 *   everything else (integer, bool outputs, Less): exact.
 */
#include <string.h>

#include "sct/model/case.h"
#include "sct/numeric/dtype.h"

uint32_t sct_default_max_ulp(const char *op_type, int32_t out_elem_type)
{
    const sct_dtype_info *info = sct_dtype_by_code(out_elem_type);
    if (op_type == NULL || info == NULL || info->kind != SCT_KIND_FLOAT)
        return 0;
    if (strcmp(op_type, "Pow") == 0)
        return 1;
    return 0;
}
