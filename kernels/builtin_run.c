/*
 * builtin_run.c — run() of the built-in plugin (plugin.h): validates the
 * request, applies the profile rules, broadcasts, handles packed 4-bit
 * types, and calls the element loop of registry.c.
 *
 * Order of the answers:
 *   1. UNSUPPORTED: unknown op/domain, opset < 7, input type not
 *      implemented for the op.
 *   2. INVALID_ARGUMENT: unknown profile; input count other than the
 *      registry's arity of the op (1: X; 2: A, B), output count not 1;
 *      malformed tensors (rank, negative dims, data smaller than the
 *      shape); mixed input types for Div/Mul/Less (sonnx-div R2,
 *      sonnx-mul R2, sonnx-less R3 under "sonnx"; the onnx type constraint
 *      T under "onnx"); under "sonnx" any two unequal shapes (sonnx-div R1,
 *      sonnx-mul R1, sonnx-pow R1/R4, sonnx-less R1/R4); under "onnx" shapes
 *      that do not broadcast; an output declared with another type or shape
 *      than the result.
 *   3. ERROR: the output buffer is smaller than the result (plugin.h output
 *      contract: never write past outputs[0].nbytes), out of memory.
 *   4. OK: the result is written, outputs[0].elem_type/rank/dims set.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "sct/kernels/broadcast.h"
#include "builtin_check.h"
#include "builtin_entry.h"
#include "message.h"
#include "sct/numeric/dtype.h"
#include "sct/numeric/int4.h"
#include "registry.h"

typedef struct sct_operand {
    const void *data;  /* elements in output order, unpacked */
    void *owned;       /* temporary to free, or NULL */
} sct_operand;

static bool sct_is_packed4(int32_t t)
{
    return t == SONNX_DT_INT4 || t == SONNX_DT_UINT4;
}

/* Element size after unpacking (4-bit types become one byte each). */
static size_t sct_unpacked_size(int32_t t)
{
    return sct_is_packed4(t) ? 1u : sct_dtype_elem_size(t);
}

static sonnx_status sct_check_tensor(const char *op_type, const char *name,
                                     const sonnx_tensor *t, uint64_t *nelem,
                                     char *message, size_t cap)
{
    uint64_t need = 0;
    if (t->rank < 0 || t->rank > SONNX_MAX_RANK)
        return sct_fail(SONNX_STATUS_INVALID_ARGUMENT, message, cap,
                        "%s: %s has rank %d (0..%d allowed)", op_type, name,
                        (int)t->rank, SONNX_MAX_RANK);
    if (!sct_shape_nelem(t->rank, t->dims, nelem))
        return sct_fail(SONNX_STATUS_INVALID_ARGUMENT, message, cap,
                        "%s: %s has a negative dim or too many elements",
                        op_type, name);
    if (!sct_dtype_storage_bytes(t->elem_type, *nelem, &need) ||
        *nelem > SIZE_MAX / 8u)
        return sct_fail(SONNX_STATUS_INVALID_ARGUMENT, message, cap,
                        "%s: %s is too large", op_type, name);
    if (t->nbytes < need || (need > 0 && t->data == NULL))
        return sct_fail(SONNX_STATUS_INVALID_ARGUMENT, message, cap,
                        "%s: %s holds %llu bytes but its shape needs %llu",
                        op_type, name, (unsigned long long)t->nbytes,
                        (unsigned long long)need);
    return SONNX_STATUS_OK;
}

/* Brings one input into output order, unpacked: no copy when it already is
 * (same shape, not packed). */
static bool sct_prepare_operand(const sonnx_tensor *t, uint64_t n_in,
                                int32_t out_rank, const int64_t *out_dims,
                                uint64_t n_out, sct_operand *op)
{
    const void *src = t->data;
    void *unpacked = NULL;
    op->owned = NULL;
    if (sct_is_packed4(t->elem_type)) {
        unpacked = malloc(n_in ? (size_t)n_in : 1u);
        if (unpacked == NULL)
            return false;
        if (t->elem_type == SONNX_DT_INT4)
            sct_int4_unpack(t->data, unpacked, (size_t)n_in);
        else
            sct_uint4_unpack(t->data, unpacked, (size_t)n_in);
        src = unpacked;
    }
    if (sct_broadcast_same_shape(t->rank, t->dims, out_rank, out_dims)) {
        op->data = src;
        op->owned = unpacked;
        return true;
    }
    size_t esize = sct_unpacked_size(t->elem_type);
    void *expanded = malloc(n_out ? (size_t)n_out * esize : 1u);
    if (expanded == NULL) {
        free(unpacked);
        return false;
    }
    uint64_t strides[SONNX_MAX_RANK];
    sct_broadcast_strides(t->rank, t->dims, out_rank, out_dims, strides);
    sct_broadcast_expand(src, esize, out_rank, out_dims, strides, expanded);
    free(unpacked);
    op->data = expanded;
    op->owned = expanded;
    return true;
}

static sonnx_status sct_check_profile(const sonnx_op *op, bool *sonnx,
                                      char *message, size_t cap)
{
    if (op->profile != NULL && strcmp(op->profile, "onnx") == 0) {
        *sonnx = false;
        return SONNX_STATUS_OK;
    }
    if (op->profile != NULL && strcmp(op->profile, "sonnx") == 0) {
        *sonnx = true;
        return SONNX_STATUS_OK;
    }
    return sct_fail(SONNX_STATUS_INVALID_ARGUMENT, message, cap,
                    "unknown profile '%s' (expected \"onnx\" or \"sonnx\")",
                    op->profile ? op->profile : "(null)");
}

sonnx_status sct_builtin_run(const sonnx_op *op, const sonnx_tensor *inputs,
                             size_t n_inputs, sonnx_tensor *outputs,
                             size_t n_outputs, char *message,
                             size_t message_cap)
{
    char *m = message;
    size_t cap = message_cap;
    char s1[160], s2[160], s3[160];
    bool sonnx = false;

    sonnx_status st = sct_check_op(op, m, cap);
    if (st != SONNX_STATUS_OK)
        return st;
    const char *ot = op->op_type;
    /* The registry's arity (1: unary, X -> Y; 2: A, B -> C) decides how
     * many inputs are taken; a unary op's second type is UNDEFINED and its
     * loop gets b = NULL (registry.c). */
    unsigned arity = sct_kernel_op_arity(ot);
    if (arity < 1 || arity > 2 || inputs == NULL || n_inputs != arity)
        return sct_fail(SONNX_STATUS_INVALID_ARGUMENT, m, cap,
                        "%s takes exactly %u input%s (%s), %zu given", ot,
                        arity, arity == 1 ? "" : "s",
                        arity == 1 ? "X" : "A, B",
                        inputs ? n_inputs : (size_t)0);
    const sonnx_tensor *a = &inputs[0];
    const sonnx_tensor *b = arity > 1 ? &inputs[1] : NULL;
    int32_t b_type = b != NULL ? b->elem_type : SONNX_DT_UNDEFINED;
    st = sct_check_input_types(ot, a->elem_type, b_type, m, cap);
    if (st != SONNX_STATUS_OK)
        return st;
    st = sct_check_profile(op, &sonnx, m, cap);
    if (st != SONNX_STATUS_OK)
        return st;
    if (outputs == NULL || n_outputs != 1)
        return sct_fail(SONNX_STATUS_INVALID_ARGUMENT, m, cap,
                        "%s has exactly 1 output (%s), %zu given", ot,
                        b != NULL ? "C" : "Y",
                        outputs ? n_outputs : (size_t)0);

    const sct_kernel_desc *kd = sct_kernel_find(ot, a->elem_type, b_type);
    if (kd == NULL) /* both types known for the op: they differ */
        return sct_fail(SONNX_STATUS_INVALID_ARGUMENT, m, cap,
                        sonnx ? "%s: A is %s and B is %s: %s requires one "
                                "type for A, B and C"
                              : "%s: A is %s and B is %s: the ONNX type "
                                "constraint T requires one type%.0s",
                        ot, sct_dtype_name(a->elem_type),
                        sct_dtype_name(b_type), sct_type_rule(ot));
    if (b == NULL) /* unary: the result has X's shape */
        b = a;

    uint64_t na = 0, nb = 0, nc = 0;
    st = sct_check_tensor(ot, arity > 1 ? "input A" : "input X", a, &na, m, cap);
    if (st == SONNX_STATUS_OK && arity > 1)
        st = sct_check_tensor(ot, "input B", b, &nb, m, cap);
    if (st != SONNX_STATUS_OK)
        return st;

    int32_t rc = 0;
    int64_t dc[SONNX_MAX_RANK] = {0};
    if (sonnx && !sct_broadcast_same_shape(a->rank, a->dims, b->rank, b->dims))
        return sct_fail(SONNX_STATUS_INVALID_ARGUMENT, m, cap,
                        "%s: A has shape %s and B has shape %s: %s requires "
                        "equal shapes (no broadcasting in the SONNX profile)",
                        ot, sct_shape_text(s1, sizeof s1, a->rank, a->dims),
                        sct_shape_text(s2, sizeof s2, b->rank, b->dims),
                        sct_shape_rule(ot));
    if (!sct_broadcast_shape(a->rank, a->dims, b->rank, b->dims, &rc, dc))
        return sct_fail(SONNX_STATUS_INVALID_ARGUMENT, m, cap,
                        "%s: shapes %s and %s are not broadcastable (ONNX "
                        "multidirectional broadcasting)", ot,
                        sct_shape_text(s1, sizeof s1, a->rank, a->dims),
                        sct_shape_text(s2, sizeof s2, b->rank, b->dims));
    if (!sct_shape_nelem(rc, dc, &nc))
        return sct_fail(SONNX_STATUS_INVALID_ARGUMENT, m, cap,
                        "%s: result has too many elements", ot);

    sonnx_tensor *c = &outputs[0];
    if (c->elem_type != kd->out_type && arity > 1)
        return sct_fail(SONNX_STATUS_INVALID_ARGUMENT, m, cap,
                        "%s(%s, %s) produces %s but output C is declared %s",
                        ot, sct_dtype_name(a->elem_type),
                        sct_dtype_name(b->elem_type),
                        sct_dtype_name(kd->out_type),
                        sct_dtype_name(c->elem_type));
    if (c->elem_type != kd->out_type)
        return sct_fail(SONNX_STATUS_INVALID_ARGUMENT, m, cap,
                        "%s(%s) produces %s but output Y is declared %s",
                        ot, sct_dtype_name(a->elem_type),
                        sct_dtype_name(kd->out_type),
                        sct_dtype_name(c->elem_type));
    if (c->rank < 0 || c->rank > SONNX_MAX_RANK ||
        !sct_broadcast_same_shape(c->rank, c->dims, rc, dc))
        return sct_fail(SONNX_STATUS_INVALID_ARGUMENT, m, cap,
                        "%s: the result has shape %s but output %s is "
                        "declared %s", ot, sct_shape_text(s1, sizeof s1, rc, dc),
                        arity > 1 ? "C" : "Y",
                        sct_shape_text(s3, sizeof s3,
                                       c->rank < 0 ? 0 : c->rank, c->dims));
    uint64_t need = 0;
    if (!sct_dtype_storage_bytes(kd->out_type, nc, &need) ||
        nc > SIZE_MAX / 8u)
        return sct_fail(SONNX_STATUS_ERROR, m, cap, "%s: result too large", ot);
    if (c->nbytes < need || (need > 0 && c->data == NULL))
        return sct_fail(SONNX_STATUS_ERROR, m, cap,
                        "%s: the result needs %llu bytes but the output "
                        "buffer has %llu", ot, (unsigned long long)need,
                        (unsigned long long)c->nbytes);

    if (nc > 0) {
        sct_operand pa, pb = {NULL, NULL};
        if (!sct_prepare_operand(a, na, rc, dc, nc, &pa))
            return sct_fail(SONNX_STATUS_ERROR, m, cap, "out of memory");
        if (arity > 1 && !sct_prepare_operand(b, nb, rc, dc, nc, &pb)) {
            free(pa.owned);
            return sct_fail(SONNX_STATUS_ERROR, m, cap, "out of memory");
        }
        if (sct_is_packed4(kd->out_type)) {
            uint8_t *tmp = malloc((size_t)nc);
            if (tmp == NULL) {
                free(pa.owned);
                free(pb.owned);
                return sct_fail(SONNX_STATUS_ERROR, m, cap, "out of memory");
            }
            kd->loop(pa.data, pb.data, tmp, (size_t)nc);
            sct_int4_pack(tmp, c->data, (size_t)nc); /* writes `need` bytes */
            free(tmp);
        } else {
            kd->loop(pa.data, pb.data, c->data, (size_t)nc);
        }
        free(pa.owned);
        free(pb.owned);
    }
    c->elem_type = kd->out_type;
    c->rank = rc;
    for (int32_t i = 0; i < SONNX_MAX_RANK; i++)
        c->dims[i] = i < rc ? dc[i] : 0;
    if (m != NULL && cap > 0)
        m[0] = '\0';
    return SONNX_STATUS_OK;
}
