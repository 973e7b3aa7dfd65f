/* pocl_kernels.c — OpenCL C source of the kernels (see pocl_kernels.h). */
#include "pocl_kernels.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sonnx_cts/plugin.h"

/* One row per operator: every fact the kernels need about it, so that an
 * operator has a kernel only where it has a row (no default expression). */
static const struct {
    const char *name;  /* ONNX op_type */
    const char *expr;  /* OpenCL C expression of x (and y, binary ops) */
    const char *int_expr; /* for integer types, when it differs */
    int arity;         /* inputs: 1 (x) or 2 (x, y), as the registry's */
    int out_bool;      /* output is ONNX bool (uchar 0/1) */
    int float_only;    /* no integer kernel: OpenCL C has no integer pow or
                        * sqrt built-in */
} ops[SCT_POCL_N_OPS] = {
    {"Div", "x / y", NULL, 2, 0, 0},
    {"Mul", "x * y", NULL, 2, 0, 0},
    {"Pow", "pow(x, y)", NULL, 2, 0, 1},
    {"Less", "x < y", NULL, 2, 1, 0},
    {"Sub", "x - y", NULL, 2, 0, 0},
    {"Add", "x + y", NULL, 2, 0, 0},
    /* OpenCL C 1.2 §6.12.2 fabs, §6.12.3 abs (its result is the unsigned
     * type: converted back to the element type as C converts). */
    {"Abs", "fabs(x)", "abs(x)", 1, 0, 0},
    /* OpenCL C 1.2 §6.12.2 sqrt: float within 3 ULP unless the program is
     * built with -cl-fp32-correctly-rounded-divide-sqrt; the adapter builds
     * with OpenCL's defaults (pocl_runtime.c), which is what is certified. */
    {"Sqrt", "sqrt(x)", NULL, 1, 0, 1},
};

static const struct {
    int32_t onnx;
    const char *cl;  /* OpenCL C storage type */
    int is_float;    /* 1 float, 2 double, 3 half (storage only) */
} types[SCT_POCL_N_TYPES] = {
    {SONNX_DT_FLOAT, "float", 1},    {SONNX_DT_DOUBLE, "double", 2},
    {SONNX_DT_FLOAT16, "half", 3},   {SONNX_DT_INT8, "char", 0},
    {SONNX_DT_UINT8, "uchar", 0},    {SONNX_DT_INT16, "short", 0},
    {SONNX_DT_UINT16, "ushort", 0},  {SONNX_DT_INT32, "int", 0},
    {SONNX_DT_UINT32, "uint", 0},    {SONNX_DT_INT64, "long", 0},
    {SONNX_DT_UINT64, "ulong", 0},
};

int sct_pocl_op_index(const char *op_type)
{
    for (int i = 0; i < SCT_POCL_N_OPS; i++)
        if (strcmp(op_type, ops[i].name) == 0)
            return i;
    return -1;
}

int sct_pocl_type_index(int32_t onnx_type)
{
    for (int i = 0; i < SCT_POCL_N_TYPES; i++)
        if (types[i].onnx == onnx_type)
            return i;
    return -1;
}

int sct_pocl_op_arity(int op) { return ops[op].arity; }

int32_t sct_pocl_output_type(int op, int32_t in_type)
{
    return ops[op].out_bool ? SONNX_DT_BOOL : in_type;
}

int32_t sct_pocl_type_onnx(int t) { return types[t].onnx; }

int sct_pocl_kernel_exists(int op, int t)
{
    return !(ops[op].float_only && types[t].is_float == 0);
}

void sct_pocl_kernel_name(int op, int t, char *out, size_t cap)
{
    snprintf(out, cap, "%s_%s", ops[op].name, types[t].cl);
}

/* Index computation shared by every kernel: output flat index i ->
 * flat indices of A and B through the broadcast table. */
static const char prologue[] =
    "#define SCT_INDEX \\\n"
    "    size_t i = get_global_id(0); \\\n"
    "    int r = (int)m[0]; \\\n"
    "    ulong rem = i, ia = 0, ib = 0; \\\n"
    "    for (int d = r - 1; d >= 0; d--) { \\\n"
    "        ulong dim = (ulong)m[1 + d]; \\\n"
    "        ulong x = rem % dim; rem /= dim; \\\n"
    "        ia += x * (ulong)m[9 + d]; ib += x * (ulong)m[17 + d]; \\\n"
    "    }\n";

/* Appends one kernel to `buf` (at *len, capacity cap). */
static int append_kernel(char *buf, size_t cap, size_t *len, int op, int t)
{
    char name[32];
    sct_pocl_kernel_name(op, t, name, sizeof name);
    const char *ty = types[t].cl;
    const char *out_ty = ops[op].out_bool ? "uchar" : ty;
    const char *expr = types[t].is_float == 0 && ops[op].int_expr ? ops[op].int_expr
                                                                  : ops[op].expr;
    int n;
    if (ops[op].arity == 1 && types[t].is_float == 3)
        n = snprintf(buf + *len, cap - *len,
                     "__kernel void %s(__global const half *a, __global half *c, "
                     "__constant long *m) { SCT_INDEX float x = vload_half(ia, a); "
                     "vstore_half_rte(%s, i, c); }\n",
                     name, expr);
    else if (ops[op].arity == 1)
        n = snprintf(buf + *len, cap - *len,
                     "__kernel void %s(__global const %s *a, __global %s *c, "
                     "__constant long *m) { SCT_INDEX (void)ib; %s x = a[ia]; "
                     "c[i] = (%s)(%s); }\n",
                     name, ty, out_ty, ty, out_ty, expr);
    else if (types[t].is_float == 3) {
        if (ops[op].out_bool)
            n = snprintf(buf + *len, cap - *len,
                         "__kernel void %s(__global const half *a, __global "
                         "const half *b, __global uchar *c, __constant long "
                         "*m) { SCT_INDEX float x = vload_half(ia, a); float "
                         "y = vload_half(ib, b); c[i] = (uchar)(%s); }\n",
                         name, ops[op].expr);
        else
            n = snprintf(buf + *len, cap - *len,
                         "__kernel void %s(__global const half *a, __global "
                         "const half *b, __global half *c, __constant long "
                         "*m) { SCT_INDEX float x = vload_half(ia, a); float "
                         "y = vload_half(ib, b); vstore_half_rte(%s, i, c); "
                         "}\n",
                         name, ops[op].expr);
    } else {
        n = snprintf(buf + *len, cap - *len,
                     "__kernel void %s(__global const %s *a, __global const "
                     "%s *b, __global %s *c, __constant long *m) { SCT_INDEX "
                     "%s x = a[ia]; %s y = b[ib]; c[i] = (%s)(%s); }\n",
                     name, ty, ty, out_ty, ty, ty, out_ty, ops[op].expr);
    }
    if (n < 0 || (size_t)n >= cap - *len)
        return -1;
    *len += (size_t)n;
    return 0;
}

char *sct_pocl_program_source(int with_fp64)
{
    size_t cap = 64 * 1024, len = 0;
    char *buf = malloc(cap);
    if (buf == NULL)
        return NULL;
    int n = snprintf(buf, cap, "%s%s", with_fp64 ?
                     "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n" : "",
                     prologue);
    len = (size_t)n;
    for (int op = 0; op < SCT_POCL_N_OPS; op++)
        for (int t = 0; t < SCT_POCL_N_TYPES; t++) {
            if (!sct_pocl_kernel_exists(op, t) ||
                (types[t].is_float == 2 && !with_fp64))
                continue;
            if (append_kernel(buf, cap, &len, op, t) != 0) {
                free(buf);
                return NULL;
            }
        }
    return buf;
}
