/*
 * float_result_edit.h — for mutants that corrupt float results bit by bit
 * (flush subnormals, NaN to zero, sign of zero): runs the built-in, then
 * applies `edit` to every element of a float output.
 */
#ifndef SCT_MUTANT_FLOAT_RESULT_EDIT_H
#define SCT_MUTANT_FLOAT_RESULT_EDIT_H

#include "mutant.h"

typedef uint64_t (*sct_float_edit)(const sct_mutant_fmt *f, uint64_t bits);

sonnx_status sct_mutant_run_and_edit_floats(const sonnx_op *op,
                                            const sonnx_tensor *in, size_t n_in,
                                            sonnx_tensor *out, size_t n_out,
                                            char *msg, size_t cap,
                                            sct_float_edit edit);

#endif
