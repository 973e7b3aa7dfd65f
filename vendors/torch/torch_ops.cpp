/* torch_ops.cpp — see torch_ops.h. */
#include "torch_ops.h"

#include <cstring>
#include <string>

#include <ATen/ATen.h>
#include <ATen/Version.h>

extern "C" {
#include "sct/vendor/vendor_call.h"
}

namespace sct_torch {
namespace {

/* The dtypes torch 1.13 has for ONNX's types.  uint16/32/64 and int4/uint4
 * have none (torch.uint16 etc. arrived in 2.3): UNSUPPORTED, never
 * widened by the adapter. */
bool dtype_of(int32_t t, at::ScalarType *s)
{
    switch (t) {
    case SONNX_DT_FLOAT: *s = at::kFloat; return true;
    case SONNX_DT_DOUBLE: *s = at::kDouble; return true;
    case SONNX_DT_FLOAT16: *s = at::kHalf; return true;
    case SONNX_DT_BFLOAT16: *s = at::kBFloat16; return true;
    case SONNX_DT_INT8: *s = at::kChar; return true;
    case SONNX_DT_UINT8: *s = at::kByte; return true;
    case SONNX_DT_INT16: *s = at::kShort; return true;
    case SONNX_DT_INT32: *s = at::kInt; return true;
    case SONNX_DT_INT64: *s = at::kLong; return true;
    case SONNX_DT_BOOL: *s = at::kBool; return true;
    default: return false;
    }
}

bool onnx_of(at::ScalarType s, int32_t *t)
{
    static const struct { at::ScalarType s; int32_t t; } map[] = {
        {at::kFloat, SONNX_DT_FLOAT}, {at::kDouble, SONNX_DT_DOUBLE},
        {at::kHalf, SONNX_DT_FLOAT16}, {at::kBFloat16, SONNX_DT_BFLOAT16},
        {at::kChar, SONNX_DT_INT8}, {at::kByte, SONNX_DT_UINT8},
        {at::kShort, SONNX_DT_INT16}, {at::kInt, SONNX_DT_INT32},
        {at::kLong, SONNX_DT_INT64}, {at::kBool, SONNX_DT_BOOL}};
    for (const auto &m : map)
        if (m.s == s) {
            *t = m.t;
            return true;
        }
    return false;
}

at::Tensor wrap(const sonnx_tensor &t, at::ScalarType s)
{
    std::vector<int64_t> sizes(t.dims, t.dims + t.rank);
    /* from_blob does not copy and torch's binary ops only read their
     * inputs; the harness's read-only mapping catches any write. */
    return at::from_blob(t.data, sizes, at::TensorOptions().dtype(s));
}

std::string first_line(const char *what)
{
    std::string s(what);
    size_t nl = s.find('\n');
    return nl == std::string::npos ? s : s.substr(0, nl);
}

enum class Op { div, mul, pow, less, sub, add, abs, sqrt };

/* The mapped ops, with the registry's arity: one row per op, so an op
 * without a row is refused by name (no default branch computes it). */
const struct {
    const char *name;
    Op op;
    size_t arity;
} ops[] = {{"Div", Op::div, 2}, {"Mul", Op::mul, 2}, {"Pow", Op::pow, 2},
           {"Less", Op::less, 2}, {"Sub", Op::sub, 2}, {"Add", Op::add, 2},
           {"Abs", Op::abs, 1}, {"Sqrt", Op::sqrt, 1}};

bool op_of(const char *op_type, size_t n, Op *op)
{
    for (const auto &o : ops)
        if (std::strcmp(o.name, op_type) == 0 && o.arity == n) {
            *op = o.op;
            return true;
        }
    return false;
}

/* The op on ATen tensors (b undefined for a unary op). */
at::Tensor apply(Op op, const at::Tensor &a, const at::Tensor &b)
{
    switch (op) {
    case Op::div:
        /* ONNX integer Div truncates (onnx-div:truncation): torch's
         * rounding_mode='trunc'; floats: true division. */
        return at::isIntegralType(a.scalar_type(), true)
                   ? at::div(a, b, c10::string_view("trunc"))
                   : at::div(a, b);
    case Op::mul: return at::mul(a, b);
    case Op::pow: return at::pow(a, b); /* torch's promotion, nothing cast here */
    case Op::less: return at::lt(a, b);
    case Op::sub: return at::sub(a, b); /* torch.sub, alpha 1 */
    case Op::add: return at::add(a, b); /* torch.add, alpha 1 */
    case Op::abs: return at::abs(a);
    case Op::sqrt: return at::sqrt(a);
    }
    return at::Tensor();
}

} // namespace

sonnx_status check(const char *op_type, const int32_t *types, size_t n,
                   char *msg, size_t msg_cap)
{
    Op op;
    if (!op_of(op_type, n, &op))
        return sct_vendor_fail(SONNX_STATUS_UNSUPPORTED, msg, msg_cap,
                               "PyTorch adapter: %s with %zu inputs is not "
                               "mapped", op_type, n);
    if (op == Op::sqrt && types[0] != SONNX_DT_FLOAT && types[0] != SONNX_DT_DOUBLE &&
        types[0] != SONNX_DT_FLOAT16 && types[0] != SONNX_DT_BFLOAT16)
        /* torch.sqrt promotes an integer tensor to float32: there is no
         * Sqrt with an integer result to certify. */
        return sct_vendor_fail(SONNX_STATUS_UNSUPPORTED, msg, msg_cap,
                               "PyTorch adapter: Sqrt of element type %d (torch.sqrt "
                               "has no integer result)", (int)types[0]);
    for (size_t i = 0; i < n; i++) {
        at::ScalarType s;
        if (!dtype_of(types[i], &s))
            return sct_vendor_fail(SONNX_STATUS_UNSUPPORTED, msg, msg_cap,
                                   "PyTorch 1.13 has no dtype for ONNX "
                                   "element type %d (input %zu)",
                                   (int)types[i], i);
    }
    return SONNX_STATUS_OK;
}

sonnx_status query(const char *op_type, const int32_t *types, size_t n, char *msg,
                   size_t msg_cap)
{
    sonnx_status s = check(op_type, types, n, msg, msg_cap);
    if (s != SONNX_STATUS_OK)
        return s;
    /* torch decides whether it has a CPU kernel for these dtypes: the op on
     * a few elements of each type.  ATen's type dispatch refusing the dtype
     * (AT_DISPATCH's `"<kernel>" not implemented for '<dtype>'`, e.g.
     * "sqrt_vml_cpu" not implemented for 'Half') is UNSUPPORTED with
     * torch's text; any other failure is left for run to report. */
    Op op = Op::div;
    at::ScalarType sa = at::ScalarType::Undefined, sb = at::ScalarType::Undefined;
    if (!op_of(op_type, n, &op) || !dtype_of(types[0], &sa) ||
        !dtype_of(n == 2 ? types[1] : types[0], &sb))
        return SONNX_STATUS_OK;
    try {
        at::Tensor a = at::zeros({64}, at::TensorOptions().dtype(sa));
        at::Tensor b = n == 2 ? at::ones({64}, at::TensorOptions().dtype(sb)) : at::Tensor();
        (void)apply(op, a, b);
    } catch (const c10::Error &e) {
        std::string what = first_line(e.what_without_backtrace());
        if (what.find("not implemented for '") != std::string::npos)
            return sct_vendor_fail(SONNX_STATUS_UNSUPPORTED, msg, msg_cap, "PyTorch: %s",
                                   what.c_str());
    } catch (const std::exception &) {
        /* not a missing kernel: run reports it on the case */
    }
    return SONNX_STATUS_OK;
}

sonnx_status compute(const char *op_type, const sonnx_tensor *in, size_t n_in,
                     sonnx_tensor *out, char *msg, size_t msg_cap)
{
    /* a unary op (Abs, Sqrt) has exactly one input: in[1] is never read */
    int32_t types[2] = {in[0].elem_type, n_in == 2 ? in[1].elem_type : in[0].elem_type};
    sonnx_status s = check(op_type, types, n_in, msg, msg_cap);
    if (s != SONNX_STATUS_OK)
        return s;
    /* check() has accepted the op and the types, so op_of and dtype_of
     * find them; the compiler cannot know that (-Wmaybe-uninitialized) */
    Op op = Op::div;
    at::ScalarType sa = at::ScalarType::Undefined, sb = at::ScalarType::Undefined;
    if (!op_of(op_type, n_in, &op) || !dtype_of(types[0], &sa) || !dtype_of(types[1], &sb))
        return sct_vendor_fail(SONNX_STATUS_ERROR, msg, msg_cap,
                               "PyTorch adapter: no dtype for an accepted type");
    at::Tensor r;
    try {
        at::Tensor a = wrap(in[0], sa);
        at::Tensor b = n_in == 2 ? wrap(in[1], sb) : at::Tensor();
        r = apply(op, a, b);
        r = r.contiguous();
    } catch (const c10::Error &e) {
        return sct_vendor_fail(SONNX_STATUS_ERROR, msg, msg_cap,
                               "PyTorch: %s",
                               first_line(e.what_without_backtrace()).c_str());
    } catch (const std::exception &e) {
        return sct_vendor_fail(SONNX_STATUS_ERROR, msg, msg_cap, "PyTorch: %s",
                               first_line(e.what()).c_str());
    }
    int32_t ot;
    if (!onnx_of(r.scalar_type(), &ot))
        return sct_vendor_fail(SONNX_STATUS_ERROR, msg, msg_cap,
                               "PyTorch returned dtype %s, which has no ONNX "
                               "type", c10::toString(r.scalar_type()));
    size_t need = r.numel() * r.element_size();
    if (r.dim() > SONNX_MAX_RANK || need > out->nbytes)
        return sct_vendor_fail(SONNX_STATUS_ERROR, msg, msg_cap,
                               "PyTorch's result (%s, %zu bytes) does not fit "
                               "the output (%llu bytes)",
                               c10::toString(r.scalar_type()), need,
                               (unsigned long long)out->nbytes);
    if (need > 0)
        std::memcpy(out->data, r.data_ptr(), need);
    /* The type torch produced, even when ONNX wants another: the harness
     * reports the difference (mixed-type Pow promotes). */
    out->elem_type = ot;
    out->rank = (int32_t)r.dim();
    for (int64_t i = 0; i < r.dim(); i++)
        out->dims[i] = r.size(i);
    return SONNX_STATUS_OK;
}

const char *cpu_capability()
{
    static std::string cap;
    if (cap.empty()) {
        std::string cfg = at::show_config();
        const std::string key = "CPU capability usage: ";
        size_t p = cfg.find(key);
        cap = p == std::string::npos
                  ? "unknown"
                  : cfg.substr(p + key.size(),
                               cfg.find('\n', p) - p - key.size());
    }
    return cap.c_str();
}

} // namespace sct_torch
