/* float_result_edit.c — see float_result_edit.h. */
#include "float_result_edit.h"

sonnx_status sct_mutant_run_and_edit_floats(const sonnx_op *op,
                                            const sonnx_tensor *in, size_t n_in,
                                            sonnx_tensor *out, size_t n_out,
                                            char *msg, size_t cap,
                                            sct_float_edit edit)
{
    sonnx_status s = sct_mutant_builtin_run(op, in, n_in, out, n_out, msg, cap);
    sct_mutant_fmt f;
    if (s != SONNX_STATUS_OK || !sct_mutant_float_fmt(out[0].elem_type, &f))
        return s;
    uint64_t n = sct_mutant_nelem(&out[0]);
    for (uint64_t i = 0; i < n; i++)
        sct_mutant_set(&out[0], i, edit(&f, sct_mutant_get(&out[0], i)));
    return s;
}
