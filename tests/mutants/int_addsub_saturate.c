/*
 * int_addsub_saturate.c — defect: integer Add and Sub saturate at the
 * type's MIN/MAX (the saturating add of DSP/NPU and SIMD instructions such
 * as PADDSW) instead of wrapping modulo 2^n as sonnx-add E_ADD_INT_FUNC_0010
 * and sonnx-sub E_SUB_INT_FUNC_0010 require.  Expected finding:
 * "int-saturated" on the overflowing cases.
 */
#include "mutant.h"

const char sct_mutant_name[] = "int-addsub-saturate";

__extension__ typedef __int128 i128; /* exact sums of 64-bit operands */

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
    bool add = sct_mutant_is_op(op, "Add"), sub = sct_mutant_is_op(op, "Sub");
    if (s != SONNX_STATUS_OK || !(add || sub) || !(sgn || uns) || n_in != 2)
        return s;
    unsigned w = sct_mutant_width(t);
    i128 max = sgn ? ((i128)1 << (w - 1)) - 1 : ((i128)1 << w) - 1;
    i128 min = sgn ? -((i128)1 << (w - 1)) : 0;
    uint64_t n = sct_mutant_nelem(&out[0]);
    for (uint64_t i = 0; i < n; i++) {
        uint64_t ia = sct_mutant_in_index(&out[0], &in[0], i);
        uint64_t ib = sct_mutant_in_index(&out[0], &in[1], i);
        i128 x = sgn ? (i128)sct_mutant_get_signed(&in[0], ia) : (i128)sct_mutant_get(&in[0], ia);
        i128 y = sgn ? (i128)sct_mutant_get_signed(&in[1], ib) : (i128)sct_mutant_get(&in[1], ib);
        i128 v = add ? x + y : x - y;
        if (v > max)
            sct_mutant_set(&out[0], i, (uint64_t)max);
        else if (v < min)
            sct_mutant_set(&out[0], i, (uint64_t)(int64_t)min);
    }
    return s;
}
