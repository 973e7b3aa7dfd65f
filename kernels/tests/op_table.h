/*
 * op_table.h — test-only: runs a kernel loop over a table of hand-written
 * cases (operands and expected result as hex encodings) and checks every
 * result bit for bit (or only NaN-ness where IEEE 754 leaves the NaN's sign
 * and payload open).
 */
#ifndef SCT_TEST_OP_TABLE_H
#define SCT_TEST_OP_TABLE_H

#include <stddef.h>
#include <stdint.h>

#include "sct/kernels/kernels.h"

typedef struct op_case {
    uint64_t a, b;   /* operand encodings */
    uint64_t c;      /* expected result encoding (ignored when nan) */
    int nan;         /* 1: the result must be a NaN */
    const char *why; /* the rule, e.g. "IEEE754 §7.3 x/0" */
} op_case;

/* op/a_type/b_type select the loop via sct_kernel_contiguous. */
void op_table_run(const char *op, int32_t a_type, int32_t b_type,
                  const op_case *cases, size_t n);

#endif /* SCT_TEST_OP_TABLE_H */
