/*
 * flush_subnormals.c — defect: subnormal results flushed to (signed) zero,
 * as with FTZ hardware modes; IEEE 754 §3.4 requires gradual underflow.
 * Expected finding: "subnormal-flushed" on cases whose golden is subnormal.
 */
#include "float_result_edit.h"

const char sct_mutant_name[] = "flush-subnormals";

static uint64_t flush(const sct_mutant_fmt *f, uint64_t bits)
{
    return sct_mutant_bits_subnormal(f, bits) ? bits & sct_mutant_sign_bit(f) : bits;
}

sonnx_status sct_mutant_run(const sonnx_op *op, const sonnx_tensor *in,
                            size_t n_in, sonnx_tensor *out, size_t n_out,
                            char *msg, size_t cap)
{
    return sct_mutant_run_and_edit_floats(op, in, n_in, out, n_out, msg, cap, flush);
}
