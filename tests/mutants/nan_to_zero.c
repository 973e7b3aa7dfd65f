/*
 * nan_to_zero.c — defect: NaN results replaced by +0 (a "sanitising"
 * runtime).  IEEE 754 §6.2: invalid operations deliver a quiet NaN.
 * Expected finding: "nan-expected" where the golden is NaN.
 */
#include "float_result_edit.h"

const char sct_mutant_name[] = "nan-to-zero";

static uint64_t zero_nans(const sct_mutant_fmt *f, uint64_t bits)
{
    return sct_mutant_bits_nan(f, bits) ? 0 : bits;
}

sonnx_status sct_mutant_run(const sonnx_op *op, const sonnx_tensor *in,
                            size_t n_in, sonnx_tensor *out, size_t n_out,
                            char *msg, size_t cap)
{
    return sct_mutant_run_and_edit_floats(op, in, n_in, out, n_out, msg, cap, zero_nans);
}
