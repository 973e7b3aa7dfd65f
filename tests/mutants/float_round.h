/*
 * float_round.h — for mutants that compute in one format and round into
 * another (reciprocal paths, wider or narrower intermediates): RNE
 * rounding of a double to a binary format given by its exponent and
 * fraction widths, and the bit pattern of a value of a float type.
 * Written independently of numeric/ (the code under test).
 */
#ifndef SCT_MUTANT_FLOAT_ROUND_H
#define SCT_MUTANT_FLOAT_ROUND_H

#include "mutant.h"

/* v rounded to nearest-even in the format {exp_bits, mant_bits} with
 * gradual underflow and overflow to inf (IEEE 754 §4.3.1, §7.4), as a
 * double (exact: every such format here is narrower than binary64). */
double sct_mutant_round_to(const sct_mutant_fmt *f, double v);

/* Bits of v in format f; v must be representable (e.g. from round_to). */
uint64_t sct_mutant_to_bits(const sct_mutant_fmt *f, double v);

/* Element i of a float or integer tensor as a double (Pow exponents). */
double sct_mutant_get_number(const sonnx_tensor *t, uint64_t i);

/* The defect of one element: false keeps the built-in result (special
 * operands), true stores *r rounded to the output format (RNE). */
typedef bool (*sct_mutant_pair_fn)(double a, double b, double *r);

/* The whole run of such a mutant: the built-in, then fn applied to every
 * (broadcast) element pair when the op is op_type and the output type
 * out_type. */
sonnx_status sct_mutant_run_mapped(const sonnx_op *op, const char *op_type, int32_t out_type,
                                   const sonnx_tensor *in, size_t n_in, sonnx_tensor *out,
                                   size_t n_out, char *msg, size_t cap, sct_mutant_pair_fn fn);

#endif
