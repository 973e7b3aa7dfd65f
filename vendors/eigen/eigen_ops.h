/*
 * eigen_ops.h — the element-wise expressions TensorFlow's CPU kernels
 * evaluate (tensorflow/core/kernels/cwise_ops*.h), written with Eigen 3.4's
 * Tensor module: Div = scalar_quotient_op (operator/), Mul =
 * scalar_product_op (operator*), Pow = scalar_pow_op, Less = operator<
 * (scalar_cmp_op cmp_LT, bool result), Sub = scalar_difference_op
 * (operator-), Add = scalar_sum_op (operator+), and the unary Abs =
 * scalar_abs_op (.abs()), Sqrt = scalar_sqrt_op (.sqrt()).  Shapes as TensorFlow's
 * BinaryOpShared does: equal shapes flat, one single-element side as a
 * scalar, anything else with Eigen's broadcast() (ONNX right alignment).
 */
#ifndef SCT_EIGEN_OPS_H
#define SCT_EIGEN_OPS_H

#include <cstddef>

extern "C" {
#include "sonnx_cts/plugin.h"
}

namespace sct_eigen {

enum class Op { div, mul, pow, less, sub, add, abs, sqrt };

/* Op from ONNX op_type; false for an op this adapter does not map. */
bool op_from_name(const char *name, Op *op);

/* Inputs of `op`: 1 (Abs, Sqrt) or 2, as the registry's arity. */
size_t arity(Op op);

/* UNSUPPORTED (with the reason in msg) when Eigen as TensorFlow uses it
 * has no expression for (op, input types); else OK.  `tb` is ignored for a
 * unary op. */
sonnx_status check_types(Op op, int32_t ta, int32_t tb, char *msg,
                         size_t msg_cap);

/* out = op(a) for a unary op, out's shape a's; out's meta set. */
sonnx_status compute_unary(Op op, const sonnx_tensor &a, sonnx_tensor *out,
                           char *msg, size_t msg_cap);

/* out = a op b with ONNX multidirectional broadcasting; out's elem_type,
 * rank and dims are set.  ERROR when the result does not fit out->nbytes. */
sonnx_status compute(Op op, const sonnx_tensor &a, const sonnx_tensor &b,
                     sonnx_tensor *out, char *msg, size_t msg_cap);

/* What Eigen vectorised with: SimdInstructionSetsInUse() and the float
 * packet size (elements per SIMD operation). */
const char *simd_sets();
int float_packet_size();

} // namespace sct_eigen

#endif /* SCT_EIGEN_OPS_H */
