/*
 * pocl_runtime.h — the one OpenCL context of the PoCL adapter: the PoCL
 * platform's first CPU device, one in-order queue, and the program of
 * pocl_kernels.h built once at init (PoCL compiles it with LLVM for the
 * host CPU).  Kernel objects are created once per (op, type) at init.
 */
#ifndef SCT_POCL_RUNTIME_H
#define SCT_POCL_RUNTIME_H

#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stddef.h>

#include "pocl_kernels.h"

typedef struct sct_pocl_runtime {
    cl_platform_id platform;
    cl_device_id device;
    cl_context context;
    cl_command_queue queue;
    cl_program program;
    cl_kernel kernels[SCT_POCL_N_OPS][SCT_POCL_N_TYPES];
    int has_fp64;
} sct_pocl_runtime;

/* Finds the platform whose name contains "Portable Computing Language",
 * builds the program, creates the kernels and writes the identity items
 * (pocl version, device, LLVM, target, library sha256) after `version`
 * (capacity `version_cap`).  Returns 0, or -1 with `err` (OpenCL's error
 * code and, for a failed build, PoCL's build log) and nothing held. */
int sct_pocl_runtime_open(sct_pocl_runtime *rt, char *version,
                          size_t version_cap, char *err, size_t err_cap);

void sct_pocl_runtime_close(sct_pocl_runtime *rt);

#endif /* SCT_POCL_RUNTIME_H */
