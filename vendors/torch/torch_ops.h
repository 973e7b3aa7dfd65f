/*
 * torch_ops.h — Div, Mul, Pow, Less, Sub, Add, Abs, Sqrt as PyTorch 1.13's
 * ATen computes them (the C++ API behind torch.div / mul / pow / lt / sub /
 * add / abs / sqrt):
 * inputs wrapped in place with at::from_blob, torch's own type promotion
 * and broadcasting, the result copied into the harness's buffer with the
 * type and shape torch gave it.
 */
#ifndef SCT_TORCH_OPS_H
#define SCT_TORCH_OPS_H

#include <cstddef>

extern "C" {
#include "sonnx_cts/plugin.h"
}

namespace sct_torch {

/* UNSUPPORTED (reason in msg) when torch has no dtype for an input type
 * or the op is not mapped; else OK. */
sonnx_status check(const char *op_type, const int32_t *types, size_t n,
                   char *msg, size_t msg_cap);

/* check(), then asks torch: the op on a few elements of each type; ATen's
 * dispatch refusing the dtype ("... not implemented for 'Half'": no CPU
 * kernel) is UNSUPPORTED with torch's text.  What query() answers. */
sonnx_status query(const char *op_type, const int32_t *types, size_t n,
                   char *msg, size_t msg_cap);

/* outputs[0] = op(inputs) as torch computes it, on n_in inputs (the op's
 * arity: 1 or 2); a c10::Error (e.g. ZeroDivisionError) is ERROR with
 * torch's message (first line). */
sonnx_status compute(const char *op_type, const sonnx_tensor *in, size_t n_in,
                     sonnx_tensor *out, char *msg, size_t msg_cap);

/* "AVX2", "AVX512" or "DEFAULT": the CPU kernels ATen dispatched to
 * (at::show_config(), "CPU capability usage"). */
const char *cpu_capability();

} // namespace sct_torch

#endif /* SCT_TORCH_OPS_H */
