/*
 * registry.h — internal: which (op, input types) the built-in kernels
 * implement, their output type and element loop.
 */
#ifndef SCT_KERNELS_REGISTRY_H
#define SCT_KERNELS_REGISTRY_H

#include <stdbool.h>
#include <stdint.h>

#include "sct/kernels/kernels.h"

typedef struct sct_kernel_desc {
    const char *op_type;   /* "Div", "Mul", "Pow", "Less", "Add", ... */
    int32_t a_type, b_type, out_type;
    /* The element loop.  For int4/uint4 operands: the int8/uint8 loop that
     * runs on the unpacked values (the caller unpacks and, unless the
     * output is bool, repacks). */
    sct_kernel_loop loop;
} sct_kernel_desc;

/* NULL when (op_type, a_type, b_type) is not implemented. */
const sct_kernel_desc *sct_kernel_find(const char *op_type, int32_t a_type,
                                       int32_t b_type);

/* Is op_type one of Div, Mul, Pow, Less? */
bool sct_kernel_op_known(const char *op_type);

/* The number of inputs of op_type (the registry's arity: 1 for a unary
 * op, whose entries have b_type SONNX_DT_UNDEFINED), 0 when unknown. */
unsigned sct_kernel_op_arity(const char *op_type);

/* Is `type` accepted as input `index` (0 = A, 1 = B) of op_type by some
 * entry?  Used to tell "unsupported type" from "mixed types". */
bool sct_kernel_input_type_known(const char *op_type, int index, int32_t type);

#endif /* SCT_KERNELS_REGISTRY_H */
