/*
 * int_mul_saturate.c — defect: integer Mul saturates at the type's MIN/MAX
 * (as DSP/NPU instructions often do) instead of wrapping modulo 2^n as
 * sonnx-mul's int section requires (spec-notes SN-9).  Expected finding:
 * "int-saturated" on overflowing cases.
 */
#include "mutant.h"

const char sct_mutant_name[] = "int-mul-saturate";

__extension__ typedef __int128 i128;           /* exact products of int64 */
__extension__ typedef unsigned __int128 u128;  /* exact products of uint64 */

sonnx_status sct_mutant_run(const sonnx_op *op, const sonnx_tensor *in,
                            size_t n_in, sonnx_tensor *out, size_t n_out,
                            char *msg, size_t cap)
{
    sonnx_status s = sct_mutant_builtin_run(op, in, n_in, out, n_out, msg, cap);
    int32_t t = out[0].elem_type;
    bool sgn = t == SONNX_DT_INT8 || t == SONNX_DT_INT16 || t == SONNX_DT_INT32 ||
               t == SONNX_DT_INT64;
    bool uns = t == SONNX_DT_UINT8 || t == SONNX_DT_UINT16 || t == SONNX_DT_UINT32 ||
               t == SONNX_DT_UINT64;
    if (s != SONNX_STATUS_OK || !sct_mutant_is_op(op, "Mul") || !(sgn || uns))
        return s;
    unsigned w = sct_mutant_width(t);
    uint64_t n = sct_mutant_nelem(&out[0]);
    for (uint64_t i = 0; i < n; i++) {
        uint64_t ia = sct_mutant_in_index(&out[0], &in[0], i);
        uint64_t ib = sct_mutant_in_index(&out[0], &in[1], i);
        if (sgn) {
            i128 max = ((i128)1 << (w - 1)) - 1, min = -((i128)1 << (w - 1));
            i128 p = (i128)sct_mutant_get_signed(&in[0], ia) *
                     (i128)sct_mutant_get_signed(&in[1], ib);
            if (p > max)
                sct_mutant_set(&out[0], i, (uint64_t)max);
            else if (p < min)
                sct_mutant_set(&out[0], i, (uint64_t)(int64_t)min);
        } else {
            u128 max = ((u128)1 << w) - 1;
            u128 p = (u128)sct_mutant_get(&in[0], ia) * (u128)sct_mutant_get(&in[1], ib);
            if (p > max)
                sct_mutant_set(&out[0], i, (uint64_t)max);
        }
    }
    return s;
}
