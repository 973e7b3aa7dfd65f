/* pocl_runtime.c — platform, device, program (see pocl_runtime.h). */
#include "pocl_runtime.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sct/vendor/vendor_identity.h"

static int find_platform(sct_pocl_runtime *rt, char *err, size_t err_cap)
{
    cl_platform_id ids[16];
    cl_uint n = 0;
    cl_int e = clGetPlatformIDs(16, ids, &n);
    if (e != CL_SUCCESS || n == 0) {
        snprintf(err, err_cap, "PoCL adapter: no OpenCL platform (clGetPlatformIDs "
                               "%d; is pocl-opencl-icd installed?)", (int)e);
        return -1;
    }
    for (cl_uint i = 0; i < n && i < 16; i++) {
        char name[256] = "";
        clGetPlatformInfo(ids[i], CL_PLATFORM_NAME, sizeof name, name, NULL);
        if (strstr(name, "Portable Computing Language") == NULL)
            continue;
        if (clGetDeviceIDs(ids[i], CL_DEVICE_TYPE_CPU, 1, &rt->device, NULL) ==
            CL_SUCCESS) {
            rt->platform = ids[i];
            return 0;
        }
    }
    snprintf(err, err_cap, "PoCL adapter: no PoCL platform with a CPU device "
                           "among %u OpenCL platform(s)", (unsigned)n);
    return -1;
}

/* Identity items (vendor_identity.h): PoCL's version from the platform
 * version ("OpenCL 3.0 PoCL 3.1+debian  Linux, ..., LLVM 15.0.6, ..."), the
 * device name (the CPU), the LLVM version and the target it compiles for
 * (device version "... HSTR: pthread-x86_64-pc-linux-gnu-skylake-avx512"). */
static int identity(sct_pocl_runtime *rt, char *v, size_t cap, char *err,
                    size_t err_cap)
{
    char pv[512] = "", dn[256] = "", dv[256] = "";
    clGetPlatformInfo(rt->platform, CL_PLATFORM_VERSION, sizeof pv, pv, NULL);
    clGetDeviceInfo(rt->device, CL_DEVICE_NAME, sizeof dn, dn, NULL);
    clGetDeviceInfo(rt->device, CL_DEVICE_VERSION, sizeof dv, dv, NULL);
    const char *p = strstr(pv, "PoCL ");
    char ver[64] = "unknown";
    if (p != NULL)
        sscanf(p + 5, "%63s", ver);
    char llvm[32] = "unknown";
    const char *l = strstr(pv, "LLVM ");
    if (l != NULL)
        sscanf(l + 5, "%31[0-9.]", llvm);
    const char *h = strstr(dv, "HSTR: ");
    snprintf(v, cap, "%s", ver);
    if (sct_vendor_identity_add(v, cap, "device", dn) != 0 ||
        sct_vendor_identity_add(v, cap, "llvm", llvm) != 0 ||
        sct_vendor_identity_add(v, cap, "target", h ? h + 6 : dv) != 0 ||
        sct_vendor_identity_add(v, cap, "fp64", rt->has_fp64 ? "yes" : "no") !=
            0) {
        snprintf(err, err_cap, "PoCL adapter: identity does not fit");
        return -1;
    }
    return sct_vendor_identity_add_lib(v, cap, "libpocl.so", err, err_cap);
}

static int build(sct_pocl_runtime *rt, char *err, size_t err_cap)
{
    char *src = sct_pocl_program_source(rt->has_fp64);
    if (src == NULL) {
        snprintf(err, err_cap, "PoCL adapter: out of memory for the source");
        return -1;
    }
    cl_int e;
    const char *srcs[1] = {src};
    rt->program = clCreateProgramWithSource(rt->context, 1, srcs, NULL, &e);
    free(src);
    if (e != CL_SUCCESS) {
        snprintf(err, err_cap, "clCreateProgramWithSource: %d", (int)e);
        return -1;
    }
    /* No build options: OpenCL C's defaults are what is certified (no
     * -cl-fast-relaxed-math, no -cl-denorms-are-zero). */
    e = clBuildProgram(rt->program, 1, &rt->device, "", NULL, NULL);
    if (e != CL_SUCCESS) {
        char log[2048] = "";
        clGetProgramBuildInfo(rt->program, rt->device, CL_PROGRAM_BUILD_LOG,
                              sizeof log, log, NULL);
        snprintf(err, err_cap, "PoCL could not build the kernels (%d): %s",
                 (int)e, log);
        return -1;
    }
    for (int op = 0; op < SCT_POCL_N_OPS; op++)
        for (int t = 0; t < SCT_POCL_N_TYPES; t++) {
            if (!sct_pocl_kernel_exists(op, t) ||
                (sct_pocl_type_onnx(t) == 11 && !rt->has_fp64))
                continue;
            char name[32];
            sct_pocl_kernel_name(op, t, name, sizeof name);
            rt->kernels[op][t] = clCreateKernel(rt->program, name, &e);
            if (e != CL_SUCCESS) {
                snprintf(err, err_cap, "clCreateKernel(%s): %d", name, (int)e);
                return -1;
            }
        }
    return 0;
}

int sct_pocl_runtime_open(sct_pocl_runtime *rt, char *version,
                          size_t version_cap, char *err, size_t err_cap)
{
    memset(rt, 0, sizeof *rt);
    if (find_platform(rt, err, err_cap) != 0)
        return -1;
    cl_device_fp_config fp64 = 0;
    clGetDeviceInfo(rt->device, CL_DEVICE_DOUBLE_FP_CONFIG, sizeof fp64, &fp64,
                    NULL);
    rt->has_fp64 = fp64 != 0;
    cl_int e;
    rt->context = clCreateContext(NULL, 1, &rt->device, NULL, NULL, &e);
    if (e == CL_SUCCESS)
        rt->queue = clCreateCommandQueueWithProperties(rt->context, rt->device,
                                                       NULL, &e);
    if (e != CL_SUCCESS) {
        snprintf(err, err_cap, "PoCL adapter: context/queue creation: %d",
                 (int)e);
        sct_pocl_runtime_close(rt);
        return -1;
    }
    if (build(rt, err, err_cap) != 0 ||
        identity(rt, version, version_cap, err, err_cap) != 0) {
        sct_pocl_runtime_close(rt);
        return -1;
    }
    return 0;
}

void sct_pocl_runtime_close(sct_pocl_runtime *rt)
{
    for (int op = 0; op < SCT_POCL_N_OPS; op++)
        for (int t = 0; t < SCT_POCL_N_TYPES; t++)
            if (rt->kernels[op][t])
                clReleaseKernel(rt->kernels[op][t]);
    if (rt->program)
        clReleaseProgram(rt->program);
    if (rt->queue)
        clReleaseCommandQueue(rt->queue);
    if (rt->context)
        clReleaseContext(rt->context);
    memset(rt, 0, sizeof *rt);
}
