/*
 * pocl_kernels.h — the OpenCL C kernels the PoCL adapter builds at init:
 * one kernel per (op, element type), named "<Op>_<type>" (e.g. Div_float,
 * Less_ulong, Pow_half).
 *
 * Every kernel reads A and B through broadcast strides (a small __constant
 * table: rank, output dims, element strides of A and B, 0 on stretched
 * dims) and writes one output element per work item.  The arithmetic is
 * OpenCL C's own operator or built-in, compiled by PoCL (LLVM):
 *   Div  a / b        Mul  a * b        Less  a < b  (uchar 0/1 = ONNX bool)
 *   Pow  pow(a, b)    float types only: OpenCL C has no integer pow
 *
 * float16: OpenCL C without cl_khr_fp16 (PoCL's CPU device has none) stores
 * half but cannot compute in it; the kernels load with vload_half (exact
 * widening), compute in float, and store with vstore_half_rte
 * (round-to-nearest-even).  That conversion is the adapter's choice, named
 * in the runtime name and the README.  bfloat16, int4/uint4 and bool have no
 * OpenCL C type: UNSUPPORTED.  Mixed input types: UNSUPPORTED (OpenCL C
 * would apply its usual arithmetic conversions, which would be the
 * adapter's choice of kernel, not the runtime's answer).
 */
#ifndef SCT_POCL_KERNELS_H
#define SCT_POCL_KERNELS_H

#include <stddef.h>
#include <stdint.h>

/* Layout of the __constant broadcast table (cl_long each). */
#define SCT_POCL_META_RANK 0
#define SCT_POCL_META_DIMS 1
#define SCT_POCL_META_ASTR 9
#define SCT_POCL_META_BSTR 17
#define SCT_POCL_META_LEN 25

#define SCT_POCL_N_OPS 8
#define SCT_POCL_N_TYPES 11

/* Index of the op ("Div", "Mul", "Pow", "Less") or -1. */
int sct_pocl_op_index(const char *op_type);

/* Index of the ONNX type among the kernel types, or -1 (no OpenCL C type).
 * *is_double is set for float64 (built only when the device has fp64). */
int sct_pocl_type_index(int32_t onnx_type);

/* Inputs of op index `op`: 1 (Abs, Sqrt) or 2, as the registry's arity. */
int sct_pocl_op_arity(int op);

/* ONNX type of the output of op index `op` on inputs of ONNX type
 * `in_type`: bool for a comparison, else the input type. */
int32_t sct_pocl_output_type(int op, int32_t in_type);

/* ONNX type of kernel type index t. */
int32_t sct_pocl_type_onnx(int t);

/* 1 when the kernel (op, type) exists (integer Pow does not). */
int sct_pocl_kernel_exists(int op, int t);

/* "Div_float" etc. into `out`. */
void sct_pocl_kernel_name(int op, int t, char *out, size_t cap);

/* The whole program's source; with_fp64 adds the double kernels.
 * Returns a malloc'ed string (caller frees) or NULL. */
char *sct_pocl_program_source(int with_fp64);

#endif /* SCT_POCL_KERNELS_H */
