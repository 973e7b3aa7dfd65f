/*
 * onednn_ops.h — one sonnx case as one oneDNN primitive.
 *
 *   Div, Mul, Less, Sub, Add → binary primitive (dnnl_binary_div / _mul /
 *                     _lt / _sub / _add); Less writes u8 0/1 (ONNX bool is
 *                     one byte 0/1).
 *   Abs, Sqrt       → eltwise primitive dnnl_eltwise_abs / _sqrt on the one
 *                     input (the registry's arity; no second input read).
 *   Pow             → eltwise primitive dnnl_eltwise_pow, which computes
 *                     alpha * x^beta with a SCALAR float beta: only cases
 *                     whose exponent Y is a float32 tensor holding exactly
 *                     one element (shape all 1s, rank <= rank of X) are
 *                     expressible; beta = that element, alpha = 1.  Any
 *                     other exponent is UNSUPPORTED (a per-element loop
 *                     over the exponents would be the adapter's emulation).
 *
 * Broadcasting: oneDNN's binary primitive broadcasts src1 only (each src1
 * dim equals dst's or is 1); src0 has dst's shape.  Shapes are padded with
 * leading 1s to the output rank (ONNX right-alignment); a case where A
 * itself would have to be stretched is UNSUPPORTED, naming the shapes.
 */
#ifndef SCT_ONEDNN_OPS_H
#define SCT_ONEDNN_OPS_H

#include <stddef.h>

#include <oneapi/dnnl/dnnl.h>

#include "sonnx_cts/plugin.h"

typedef struct sct_onednn_problem {
    int is_eltwise;              /* eltwise (Pow, Abs, Sqrt), else binary */
    dnnl_alg_kind_t alg;
    int ndims;
    dnnl_memory_desc_t src0, src1, dst;
    float alpha, beta;           /* eltwise: Pow's 1 and exponent; else 0 */
    int32_t out_type;            /* ONNX type of the output */
    int32_t out_rank;
    int64_t out_dims[SONNX_MAX_RANK];
} sct_onednn_problem;

/* Describes the case (types and shapes, Pow's exponent value read from
 * inputs[1].data when `inputs` carry data; query passes rank-1 shapes and
 * no data, then beta = 1).  Returns OK, or UNSUPPORTED / ERROR with the
 * reason in `message`. */
sonnx_status sct_onednn_describe(const sonnx_op *op,
                                 const sonnx_tensor *inputs, size_t n_inputs,
                                 sct_onednn_problem *p, char *message,
                                 size_t message_cap);

/* Creates the primitive for `p` on `engine`: OK; UNSUPPORTED when oneDNN
 * answers dnnl_unimplemented (its status text kept); ERROR otherwise. */
sonnx_status sct_onednn_create(const sct_onednn_problem *p,
                               dnnl_engine_t engine, dnnl_primitive_t *prim,
                               char *message, size_t message_cap);

#endif /* SCT_ONEDNN_OPS_H */
