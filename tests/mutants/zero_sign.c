/*
 * zero_sign.c — defect: every zero result comes out as +0 (sign of zero
 * lost, e.g. by an abs() or a "x == 0 ? 0 : x" clean-up).  IEEE 754 §6.3
 * fixes the sign of a zero product or quotient.  Expected finding:
 * "zero-sign" where the golden is -0.
 */
#include "float_result_edit.h"

const char sct_mutant_name[] = "zero-sign";

static uint64_t positive_zero(const sct_mutant_fmt *f, uint64_t bits)
{
    return sct_mutant_bits_zero(f, bits) ? 0 : bits;
}

sonnx_status sct_mutant_run(const sonnx_op *op, const sonnx_tensor *in,
                            size_t n_in, sonnx_tensor *out, size_t n_out,
                            char *msg, size_t cap)
{
    return sct_mutant_run_and_edit_floats(op, in, n_in, out, n_out, msg, cap,
                                          positive_zero);
}
