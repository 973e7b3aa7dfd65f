/*
 * onednn_ops.c — case -> oneDNN primitive (mapping and reasons in
 * onednn_ops.h).  The adapter describes shapes and types; every value is
 * computed by oneDNN.
 */
#include "onednn_ops.h"

#include <stdio.h>
#include <string.h>

#include <oneapi/dnnl/dnnl_debug.h>

#include "sct/kernels/broadcast.h"
#include "sct/numeric/dtype.h"
#include "onednn_types.h"
#include "sct/vendor/vendor_call.h"

/* Dense row-major descriptor of `dims` (rank r padded with leading 1s to
 * ndims; rank 0 is one element). */
static dnnl_status_t dense_md(dnnl_memory_desc_t *md, int ndims, int32_t r,
                              const int64_t *dims, dnnl_data_type_t dt)
{
    dnnl_dims_t d, strides;
    for (int i = 0; i < ndims; i++) {
        int src = i - (ndims - r);
        d[i] = src >= 0 ? dims[src] : 1;
    }
    dnnl_dim_t s = 1;
    for (int i = ndims - 1; i >= 0; i--) {
        strides[i] = s;
        s *= d[i] > 0 ? d[i] : 1;
    }
    return dnnl_memory_desc_init_by_strides(md, ndims, d, dt, strides);
}

/* The mapped ops: one row each (no default branch computes an op it does
 * not name), with the registry's arity. */
static const struct {
    const char *name;
    dnnl_alg_kind_t alg;
    int is_eltwise; /* eltwise primitive (Pow, Abs, Sqrt), else binary */
    size_t arity;
} op_table[] = {
    {"Div", dnnl_binary_div, 0, 2},   {"Mul", dnnl_binary_mul, 0, 2},
    {"Less", dnnl_binary_lt, 0, 2},   {"Sub", dnnl_binary_sub, 0, 2},
    {"Add", dnnl_binary_add, 0, 2},   {"Pow", dnnl_eltwise_pow, 1, 2},
    {"Abs", dnnl_eltwise_abs, 1, 1},  {"Sqrt", dnnl_eltwise_sqrt, 1, 1},
};

static int op_alg(const char *op_type, size_t n_inputs, dnnl_alg_kind_t *alg,
                  int *is_eltwise)
{
    for (size_t i = 0; i < sizeof op_table / sizeof op_table[0]; i++)
        if (strcmp(op_type, op_table[i].name) == 0 && n_inputs == op_table[i].arity) {
            *alg = op_table[i].alg;
            *is_eltwise = op_table[i].is_eltwise;
            return 0;
        }
    return -1;
}

/* Pow: the exponent must be one float32 element that does not widen X's
 * shape (sonnx-pow / onnx-pow broadcasting of a scalar leaves X's shape). */
static sonnx_status describe_pow(const sonnx_tensor *x, const sonnx_tensor *y,
                                 sct_onednn_problem *p, char *m, size_t cap)
{
    if (y->elem_type != SONNX_DT_FLOAT)
        return sct_vendor_fail(SONNX_STATUS_UNSUPPORTED, m, cap,
                               "oneDNN eltwise_pow takes its exponent as a "
                               "float scalar; exponent type %s is not passed "
                               "(only float32)",
                               sct_dtype_name(y->elem_type));
    uint64_t ny;
    sonnx_status s = sct_vendor_shape_count("oneDNN", y->rank, y->dims, &ny, m, cap);
    if (s != SONNX_STATUS_OK)
        return s;
    if (ny != 1 || y->rank > x->rank)
        return sct_vendor_fail(SONNX_STATUS_UNSUPPORTED, m, cap,
                               "oneDNN eltwise_pow has one scalar exponent; "
                               "this exponent tensor has rank %d and %llu "
                               "elements (only a single element not "
                               "widening X's shape is expressible)",
                               (int)y->rank, (unsigned long long)ny);
    p->beta = 1.0f;
    if (y->data != NULL && y->nbytes >= sizeof(float))
        memcpy(&p->beta, y->data, sizeof(float));
    p->out_rank = x->rank;
    memcpy(p->out_dims, x->dims, sizeof p->out_dims);
    return SONNX_STATUS_OK;
}

sonnx_status sct_onednn_describe(const sonnx_op *op,
                                 const sonnx_tensor *inputs, size_t n_inputs,
                                 sct_onednn_problem *p, char *m, size_t cap)
{
    memset(p, 0, sizeof *p);
    if (op_alg(op->op_type, n_inputs, &p->alg, &p->is_eltwise) != 0)
        return sct_vendor_fail(SONNX_STATUS_UNSUPPORTED, m, cap,
                               "oneDNN adapter: op %s with %zu inputs is not mapped",
                               op->op_type, n_inputs);
    /* a unary op (Abs, Sqrt) has one input: inputs[1] is never read */
    const sonnx_tensor *a = &inputs[0], *b = n_inputs == 2 ? &inputs[1] : NULL;
    dnnl_data_type_t ta, tb;
    for (int i = 0; i < (p->is_eltwise ? 1 : 2); i++) {
        int32_t t = inputs[i].elem_type;
        if (sct_onednn_dtype(t, i == 0 ? &ta : &tb) != 0)
            return sct_vendor_fail(SONNX_STATUS_UNSUPPORTED, m, cap,
                                   "oneDNN 2.6 has no %s data type (it has "
                                   "f32, f16, bf16, s32, s8, u8)",
                                   sct_dtype_name(t));
    }
    if (p->is_eltwise) {
        /* Pow: alpha * x^beta with alpha 1; Abs, Sqrt: alpha and beta unused
         * (oneDNN's eltwise_abs, eltwise_sqrt). */
        p->alpha = p->alg == dnnl_eltwise_pow ? 1.0f : 0.0f;
        if (b != NULL) {
            sonnx_status s = describe_pow(a, b, p, m, cap);
            if (s != SONNX_STATUS_OK)
                return s;
        } else {
            p->out_rank = a->rank;
            memcpy(p->out_dims, a->dims, sizeof p->out_dims);
        }
        p->out_type = a->elem_type;
        p->ndims = p->out_rank > 0 ? p->out_rank : 1;
        if (dense_md(&p->src0, p->ndims, a->rank, a->dims, ta) !=
            dnnl_success)
            return sct_vendor_fail(SONNX_STATUS_ERROR, m, cap,
                                   "oneDNN rejected the memory descriptor");
        p->dst = p->src0;
        return SONNX_STATUS_OK;
    }
    if (!sct_broadcast_shape(a->rank, a->dims, b->rank, b->dims, &p->out_rank,
                             p->out_dims)) {
        /* Not broadcastable: oneDNN gets the shapes as they are and answers
         * for itself (it refuses mismatched dims). */
        p->out_rank = a->rank > b->rank ? a->rank : b->rank;
        for (int32_t i = 0; i < p->out_rank; i++) {
            int32_t ia = i - (p->out_rank - a->rank);
            p->out_dims[i] = ia >= 0 ? a->dims[ia] : 1;
        }
    }
    for (int32_t i = 0; i < p->out_rank; i++) {
        int32_t ia = i - (p->out_rank - a->rank);
        int64_t da = ia >= 0 ? a->dims[ia] : 1;
        if (da != p->out_dims[i])
            return sct_vendor_fail(
                SONNX_STATUS_UNSUPPORTED, m, cap,
                "oneDNN's binary primitive broadcasts src1 only; A (rank %d) "
                "would have to be stretched to the output's dim %d = %lld",
                (int)a->rank, (int)i, (long long)p->out_dims[i]);
    }
    p->ndims = p->out_rank > 0 ? p->out_rank : 1;
    dnnl_data_type_t tdst = ta;
    p->out_type = a->elem_type;
    if (p->alg == dnnl_binary_lt) {
        tdst = dnnl_u8;
        p->out_type = SONNX_DT_BOOL;
    }
    if (dense_md(&p->src0, p->ndims, p->out_rank, p->out_dims, ta) !=
            dnnl_success ||
        dense_md(&p->src1, p->ndims, b->rank, b->dims, tb) != dnnl_success ||
        dense_md(&p->dst, p->ndims, p->out_rank, p->out_dims, tdst) !=
            dnnl_success)
        return sct_vendor_fail(SONNX_STATUS_ERROR, m, cap,
                               "oneDNN rejected a memory descriptor");
    return SONNX_STATUS_OK;
}

sonnx_status sct_onednn_create(const sct_onednn_problem *p,
                               dnnl_engine_t engine, dnnl_primitive_t *prim,
                               char *m, size_t cap)
{
    *prim = NULL;
    dnnl_status_t st;
    dnnl_primitive_desc_t pd = NULL;
    if (p->is_eltwise) {
        dnnl_eltwise_desc_t d;
        st = dnnl_eltwise_forward_desc_init(&d, dnnl_forward_inference, p->alg,
                                            &p->src0, p->alpha, p->beta);
        if (st == dnnl_success)
            st = dnnl_primitive_desc_create(&pd, &d, NULL, engine, NULL);
    } else {
        dnnl_binary_desc_t d;
        st = dnnl_binary_desc_init(&d, p->alg, &p->src0, &p->src1, &p->dst);
        if (st == dnnl_success)
            st = dnnl_primitive_desc_create(&pd, &d, NULL, engine, NULL);
    }
    if (st == dnnl_success) {
        st = dnnl_primitive_create(prim, pd);
        dnnl_primitive_desc_destroy(pd);
    }
    if (st == dnnl_success)
        return SONNX_STATUS_OK;
    *prim = NULL;
    /* oneDNN 2.6 takes integer sources in eltwise for a few algorithms only
     * (relu, linear, clip...): for eltwise_abs / eltwise_sqrt on s32, s8,
     * u8 its descriptor init answers invalid_arguments.  oneDNN has no such
     * primitive: UNSUPPORTED with its answer, as for dnnl_unimplemented. */
    int int_src = p->src0.data_type == dnnl_s32 || p->src0.data_type == dnnl_s8 ||
                  p->src0.data_type == dnnl_u8;
    if (st == dnnl_invalid_arguments && int_src &&
        (p->alg == dnnl_eltwise_abs || p->alg == dnnl_eltwise_sqrt))
        return sct_vendor_fail(SONNX_STATUS_UNSUPPORTED, m, cap,
                               "oneDNN %s primitive creation on %s: %s (oneDNN's "
                               "eltwise takes integer data for some algorithms only)",
                               dnnl_alg_kind2str(p->alg),
                               dnnl_dt2str(p->src0.data_type), dnnl_status2str(st));
    return sct_vendor_fail(st == dnnl_unimplemented ? SONNX_STATUS_UNSUPPORTED
                                                    : SONNX_STATUS_ERROR,
                           m, cap, "oneDNN %s primitive creation: %s",
                           dnnl_alg_kind2str(p->alg),
                           dnnl_status2str(st));
}
