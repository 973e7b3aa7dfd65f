/*
 * hang_on_input.c — defect: the runtime loops forever on one particular
 * input: Mul int32 when operand A contains INT32_MIN (think of a
 * normalisation loop that negates until positive).  Expected finding:
 * TIMEOUT on exactly those cases, every other case as the built-in.
 */
#include <unistd.h>

#include "mutant.h"

const char sct_mutant_name[] = "hang-on-input";

sonnx_status sct_mutant_run(const sonnx_op *op, const sonnx_tensor *in,
                            size_t n_in, sonnx_tensor *out, size_t n_out,
                            char *msg, size_t cap)
{
    if (sct_mutant_is_op(op, "Mul") && n_in == 2 && in[0].elem_type == SONNX_DT_INT32) {
        uint64_t n = sct_mutant_nelem(&in[0]);
        for (uint64_t i = 0; i < n; i++)
            if (sct_mutant_get(&in[0], i) == UINT32_C(0x80000000))
                for (;;)
                    pause();
    }
    return sct_mutant_builtin_run(op, in, n_in, out, n_out, msg, cap);
}
