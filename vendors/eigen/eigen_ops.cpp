/* eigen_ops.cpp — see eigen_ops.h. */
#include "eigen_ops.h"

#include <cstdint>
#include <cstdio>
#include <cstring>

#include <unsupported/Eigen/CXX11/Tensor>

extern "C" {
#include "sct/vendor/vendor_call.h"
}

namespace sct_eigen {
namespace {

constexpr int R = SONNX_MAX_RANK;
using Dims = Eigen::array<Eigen::Index, R>;

template <typename T>
using Flat = Eigen::TensorMap<Eigen::Tensor<T, 1, Eigen::RowMajor>>;
template <typename T>
using CFlat = Eigen::TensorMap<const Eigen::Tensor<const T, 1, Eigen::RowMajor>>;
template <typename T>
using Full = Eigen::TensorMap<Eigen::Tensor<T, R, Eigen::RowMajor>>;
template <typename T>
using CFull = Eigen::TensorMap<const Eigen::Tensor<const T, R, Eigen::RowMajor>>;

/* The functor TensorFlow's cwise kernel instantiates for each op
 * (cwise_ops.h: div -> scalar_quotient_op, mul -> scalar_product_op,
 * pow -> scalar_pow_op, less -> std::less via scalar_cmp_op cmp_LT). */
template <typename T, Op O> struct Functor;
template <typename T> struct Functor<T, Op::div> {
    using type = Eigen::internal::scalar_quotient_op<T, T>;
    using out = T;
};
template <typename T> struct Functor<T, Op::mul> {
    using type = Eigen::internal::scalar_product_op<T, T>;
    using out = T;
};
template <typename T> struct Functor<T, Op::pow> {
    using type = Eigen::internal::scalar_pow_op<T, T>;
    using out = T;
};
template <typename T> struct Functor<T, Op::less> {
    using type = Eigen::internal::scalar_cmp_op<T, T, Eigen::internal::cmp_LT>;
    using out = bool;
};

template <typename T> struct Functor<T, Op::sub> {
    using type = Eigen::internal::scalar_difference_op<T, T>;
    using out = T;
};
template <typename T> struct Functor<T, Op::add> {
    using type = Eigen::internal::scalar_sum_op<T, T>;
    using out = T;
};

/* Unary ops: TensorFlow's cwise_op_abs.cc / cwise_op_sqrt.cc evaluate
 * Eigen's scalar_abs_op / scalar_sqrt_op (functor::abs, functor::sqrt). */
template <typename T, Op O> struct UnaryFunctor;
template <typename T> struct UnaryFunctor<T, Op::abs> {
    using type = Eigen::internal::scalar_abs_op<T>;
};
template <typename T> struct UnaryFunctor<T, Op::sqrt> {
    using type = Eigen::internal::scalar_sqrt_op<T>;
};

template <typename T, Op O>
void eval_unary(const sonnx_tensor &a, Eigen::Index n, void *out)
{
    CFlat<T> x(static_cast<const T *>(a.data), n);
    Flat<T> z(static_cast<T *>(out), n);
    z = x.unaryExpr(typename UnaryFunctor<T, O>::type());
}

template <typename T>
void eval_unary_op(Op op, const sonnx_tensor &a, Eigen::Index n, void *out)
{
    if (op == Op::abs)
        eval_unary<T, Op::abs>(a, n, out);
    else
        eval_unary<T, Op::sqrt>(a, n, out);
}

/* Right-aligned (ONNX) padding of a tensor's dims to rank R. */
Dims padded(const sonnx_tensor &t)
{
    Dims d;
    for (int i = 0; i < R; i++)
        d[i] = 1;
    for (int i = 0; i < t.rank; i++)
        d[R - t.rank + i] = t.dims[i];
    return d;
}

template <typename T, Op O>
void eval(const sonnx_tensor &a, const sonnx_tensor &b, const Dims &od,
          bool same_shape, void *out)
{
    using F = typename Functor<T, O>::type;
    using U = typename Functor<T, O>::out;
    Eigen::Index n = 1;
    for (int i = 0; i < R; i++)
        n *= od[i];
    if (same_shape) {
        CFlat<T> x(static_cast<const T *>(a.data), n);
        CFlat<T> y(static_cast<const T *>(b.data), n);
        Flat<U> z(static_cast<U *>(out), n);
        z = x.binaryExpr(y, F());
        return;
    }
    Dims da = padded(a), db = padded(b), fa, fb;
    for (int i = 0; i < R; i++) {
        fa[i] = da[i] == od[i] ? 1 : od[i];
        fb[i] = db[i] == od[i] ? 1 : od[i];
    }
    CFull<T> x(static_cast<const T *>(a.data), da);
    CFull<T> y(static_cast<const T *>(b.data), db);
    Full<U> z(static_cast<U *>(out), od);
    z = x.broadcast(fa).binaryExpr(y.broadcast(fb), F());
}

template <typename T>
void eval_op(Op op, const sonnx_tensor &a, const sonnx_tensor &b,
             const Dims &od, bool same, void *out)
{
    switch (op) {
    case Op::div: eval<T, Op::div>(a, b, od, same, out); break;
    case Op::mul: eval<T, Op::mul>(a, b, od, same, out); break;
    case Op::pow: eval<T, Op::pow>(a, b, od, same, out); break;
    case Op::less: eval<T, Op::less>(a, b, od, same, out); break;
    case Op::sub: eval<T, Op::sub>(a, b, od, same, out); break;
    case Op::add: eval<T, Op::add>(a, b, od, same, out); break;
    case Op::abs: case Op::sqrt: break; /* unary: compute_unary */
    }
}

size_t elem_size(int32_t t)
{
    switch (t) {
    case SONNX_DT_INT8: case SONNX_DT_UINT8: case SONNX_DT_BOOL: return 1;
    case SONNX_DT_INT16: case SONNX_DT_UINT16: case SONNX_DT_FLOAT16:
    case SONNX_DT_BFLOAT16: return 2;
    case SONNX_DT_INT32: case SONNX_DT_UINT32: case SONNX_DT_FLOAT: return 4;
    case SONNX_DT_INT64: case SONNX_DT_UINT64: case SONNX_DT_DOUBLE: return 8;
    default: return 0;
    }
}

} // namespace

bool op_from_name(const char *name, Op *op)
{
    static const struct { const char *name; Op op; } ops[] = {
        {"Div", Op::div}, {"Mul", Op::mul}, {"Pow", Op::pow}, {"Less", Op::less},
        {"Sub", Op::sub}, {"Add", Op::add}, {"Abs", Op::abs}, {"Sqrt", Op::sqrt}};
    for (const auto &o : ops)
        if (std::strcmp(name, o.name) == 0) {
            *op = o.op;
            return true;
        }
    return false;
}

size_t arity(Op op) { return op == Op::abs || op == Op::sqrt ? 1 : 2; }

static bool is_float(int32_t t)
{
    return t == SONNX_DT_FLOAT16 || t == SONNX_DT_BFLOAT16 || t == SONNX_DT_FLOAT ||
           t == SONNX_DT_DOUBLE;
}

sonnx_status check_types(Op op, int32_t ta, int32_t tb, char *msg,
                         size_t msg_cap)
{
    /* int4/uint4 have no Eigen scalar type; bool is no operand type of
     * these ops.  TensorFlow's binary kernels take one type T for both
     * operands (Pow included): mixed types are no expression it evaluates. */
    if (elem_size(ta) == 0 || ta == SONNX_DT_BOOL)
        return sct_vendor_fail(SONNX_STATUS_UNSUPPORTED, msg, msg_cap,
                               "Eigen adapter: element type %d has no Eigen "
                               "scalar type in TensorFlow's kernels",
                               (int)ta);
    if (op == Op::sqrt && !is_float(ta))
        return sct_vendor_fail(SONNX_STATUS_UNSUPPORTED, msg, msg_cap,
                               "Eigen adapter: Sqrt of element type %d: "
                               "TensorFlow's Sqrt kernel exists for float types "
                               "only (an integer square root would be emulated)",
                               (int)ta);
    if (arity(op) == 1)
        return SONNX_STATUS_OK;
    if (ta != tb)
        return sct_vendor_fail(SONNX_STATUS_UNSUPPORTED, msg, msg_cap,
                               "Eigen adapter: operand types %d and %d "
                               "differ; TensorFlow's cwise kernels take one "
                               "type T for both operands",
                               (int)ta, (int)tb);
    return SONNX_STATUS_OK;
}

sonnx_status compute_unary(Op op, const sonnx_tensor &a, sonnx_tensor *out,
                           char *msg, size_t msg_cap)
{
    sonnx_status s = check_types(op, a.elem_type, a.elem_type, msg, msg_cap);
    if (s != SONNX_STATUS_OK)
        return s;
    unsigned long long n = 1;
    for (int i = 0; i < a.rank; i++)
        n *= (unsigned long long)a.dims[i];
    if (n * elem_size(a.elem_type) > out->nbytes)
        return sct_vendor_fail(SONNX_STATUS_ERROR, msg, msg_cap,
                               "Eigen adapter: result needs %llu bytes, the "
                               "output buffer has %llu",
                               n * elem_size(a.elem_type),
                               (unsigned long long)out->nbytes);
    Eigen::Index k = (Eigen::Index)n;
    if (n > 0) {
        switch (a.elem_type) {
        case SONNX_DT_FLOAT16: eval_unary_op<Eigen::half>(op, a, k, out->data); break;
        case SONNX_DT_BFLOAT16: eval_unary_op<Eigen::bfloat16>(op, a, k, out->data); break;
        case SONNX_DT_FLOAT: eval_unary_op<float>(op, a, k, out->data); break;
        case SONNX_DT_DOUBLE: eval_unary_op<double>(op, a, k, out->data); break;
        /* integers: Abs only (check_types refuses Sqrt) */
        case SONNX_DT_INT8: eval_unary<int8_t, Op::abs>(a, k, out->data); break;
        case SONNX_DT_INT16: eval_unary<int16_t, Op::abs>(a, k, out->data); break;
        case SONNX_DT_INT32: eval_unary<int32_t, Op::abs>(a, k, out->data); break;
        case SONNX_DT_INT64: eval_unary<int64_t, Op::abs>(a, k, out->data); break;
        case SONNX_DT_UINT8: eval_unary<uint8_t, Op::abs>(a, k, out->data); break;
        case SONNX_DT_UINT16: eval_unary<uint16_t, Op::abs>(a, k, out->data); break;
        case SONNX_DT_UINT32: eval_unary<uint32_t, Op::abs>(a, k, out->data); break;
        case SONNX_DT_UINT64: eval_unary<uint64_t, Op::abs>(a, k, out->data); break;
        default: break; /* refused by check_types */
        }
    }
    out->elem_type = a.elem_type;
    out->rank = a.rank;
    for (int i = 0; i < a.rank; i++)
        out->dims[i] = a.dims[i];
    return SONNX_STATUS_OK;
}

sonnx_status compute(Op op, const sonnx_tensor &a, const sonnx_tensor &b,
                     sonnx_tensor *out, char *msg, size_t msg_cap)
{
    sonnx_status s = check_types(op, a.elem_type, b.elem_type, msg, msg_cap);
    if (s != SONNX_STATUS_OK)
        return s;
    Dims da = padded(a), db = padded(b), od;
    int orank = a.rank > b.rank ? a.rank : b.rank;
    for (int i = 0; i < R; i++) {
        if (da[i] != db[i] && da[i] != 1 && db[i] != 1)
            /* Eigen's Tensor module checks no shapes: the adapter refuses
             * for it, as plugin.h's run() contract asks of an invalid
             * input (onnx-div broadcasting) */
            return sct_vendor_fail(SONNX_STATUS_INVALID_ARGUMENT, msg, msg_cap,
                                   "Eigen adapter: shapes do not broadcast "
                                   "(dim %d: %lld vs %lld)",
                                   i - (R - orank), (long long)da[i],
                                   (long long)db[i]);
        od[i] = da[i] == 1 ? db[i] : da[i];
    }
    int32_t otype = op == Op::less ? SONNX_DT_BOOL : a.elem_type;
    unsigned long long n = 1;
    for (int i = 0; i < R; i++)
        n *= (unsigned long long)od[i];
    if (n * elem_size(otype) > out->nbytes)
        return sct_vendor_fail(SONNX_STATUS_ERROR, msg, msg_cap,
                               "Eigen adapter: result needs %llu bytes, the "
                               "output buffer has %llu",
                               n * elem_size(otype),
                               (unsigned long long)out->nbytes);
    bool same = a.rank == b.rank &&
                std::memcmp(a.dims, b.dims, sizeof(int64_t) * (size_t)a.rank) == 0;
    if (n > 0) {
        switch (a.elem_type) {
        case SONNX_DT_FLOAT16: eval_op<Eigen::half>(op, a, b, od, same, out->data); break;
        case SONNX_DT_BFLOAT16: eval_op<Eigen::bfloat16>(op, a, b, od, same, out->data); break;
        case SONNX_DT_FLOAT: eval_op<float>(op, a, b, od, same, out->data); break;
        case SONNX_DT_DOUBLE: eval_op<double>(op, a, b, od, same, out->data); break;
        case SONNX_DT_INT8: eval_op<int8_t>(op, a, b, od, same, out->data); break;
        case SONNX_DT_INT16: eval_op<int16_t>(op, a, b, od, same, out->data); break;
        case SONNX_DT_INT32: eval_op<int32_t>(op, a, b, od, same, out->data); break;
        case SONNX_DT_INT64: eval_op<int64_t>(op, a, b, od, same, out->data); break;
        case SONNX_DT_UINT8: eval_op<uint8_t>(op, a, b, od, same, out->data); break;
        case SONNX_DT_UINT16: eval_op<uint16_t>(op, a, b, od, same, out->data); break;
        case SONNX_DT_UINT32: eval_op<uint32_t>(op, a, b, od, same, out->data); break;
        case SONNX_DT_UINT64: eval_op<uint64_t>(op, a, b, od, same, out->data); break;
        default: break; /* refused by check_types */
        }
    }
    out->elem_type = otype;
    out->rank = orank;
    for (int i = 0; i < orank; i++)
        out->dims[i] = od[R - orank + i];
    return SONNX_STATUS_OK;
}

const char *simd_sets() { return Eigen::SimdInstructionSetsInUse(); }

int float_packet_size() { return Eigen::internal::packet_traits<float>::size; }

} // namespace sct_eigen
