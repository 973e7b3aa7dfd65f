/*
 * eigen_plugin.cpp — the sonnx-cts plugin entry for Eigen 3.4's Tensor
 * module, evaluating the element-wise expressions TensorFlow's CPU kernels
 * evaluate (eigen_ops.h), on Eigen's default device (one thread: the
 * element-wise results do not depend on the thread count).
 *
 * Eigen is header-only: what is certified is this compiled plugin, so its
 * identity (docs/plugin-abi.md §3.1) records Eigen's version, the compiler
 * and the code-generation flags it was built with, the SIMD instruction
 * sets Eigen vectorised with and the float packet width, and the plugin
 * file's sha256.  Always compiled as a default user build (-O2 -DNDEBUG,
 * no sanitizers, no -march: vendors/eigen/CMakeLists.txt): SSE2 on every
 * x86-64 CPU, no runtime dispatch, so no ISA class.
 *
 * Profiles: Eigen has no SONNX profile; under "sonnx" inputs are passed
 * unchanged and the adapter never rejects on its own.
 */
#include <cstdio>
#include <cstring>

#include <Eigen/Core>

#include "eigen_ops.h"

extern "C" {
#include "sct/vendor/vendor_call.h"
#include "sct/vendor/vendor_identity.h"
#include "sct/vendor/vendor_options.h"
}

#ifndef SCT_EIGEN_CXX
#define SCT_EIGEN_CXX __VERSION__
#endif
#ifndef SCT_EIGEN_FLAGS
#define SCT_EIGEN_FLAGS "unknown"
#endif

namespace {

const char adapter[] = "Eigen";
int g_open;
char g_version[SCT_VENDOR_IDENTITY_CAP] = "3.4 (not initialised)";

int write_identity(char *err, size_t err_cap)
{
    std::snprintf(g_version, sizeof g_version, "%d.%d.%d", EIGEN_WORLD_VERSION,
                  EIGEN_MAJOR_VERSION, EIGEN_MINOR_VERSION);
    char packet[16];
    std::snprintf(packet, sizeof packet, "%d", sct_eigen::float_packet_size());
    if (sct_vendor_identity_add(g_version, sizeof g_version, "cxx",
                                SCT_EIGEN_CXX) != 0 ||
        sct_vendor_identity_add(g_version, sizeof g_version, "flags",
                                SCT_EIGEN_FLAGS) != 0 ||
        sct_vendor_identity_add(g_version, sizeof g_version, "simd",
                                sct_eigen::simd_sets()) != 0 ||
        sct_vendor_identity_add(g_version, sizeof g_version, "float_packet",
                                packet) != 0 ||
        sct_vendor_identity_add(g_version, sizeof g_version, "threads",
                                "1") != 0)
        return std::snprintf(err, err_cap, "Eigen adapter: identity too long"), -1;
    return sct_vendor_identity_add_lib(g_version, sizeof g_version,
                                       "sonnx_eigen_plugin", err, err_cap);
}

int no_option(void *, const char *, size_t, const char *, size_t, char *,
              size_t)
{
    return SCT_VOPT_UNKNOWN_KEY;
}

sonnx_status eigen_init(const char *, const char *options, char *message,
                        size_t message_cap)
{
    if (g_open)
        return sct_vendor_fail(SONNX_STATUS_ERROR, message, message_cap,
                               "Eigen adapter: init called twice");
    if (sct_vopt_parse(options, adapter, "(none)", no_option, nullptr, message,
                       message_cap) != 0)
        return SONNX_STATUS_ERROR;
    if (write_identity(message, message_cap) != 0)
        return SONNX_STATUS_ERROR;
    g_open = 1;
    return SONNX_STATUS_OK;
}

void eigen_shutdown() { g_open = 0; }

sonnx_status eigen_query(const sonnx_op *op, const int32_t *types, size_t n,
                         char *message, size_t message_cap)
{
    if (sct_vendor_check_open(adapter, g_open, message, message_cap) !=
        SONNX_STATUS_OK)
        return SONNX_STATUS_ERROR;
    sct_eigen::Op o;
    if (!sct_eigen::op_from_name(op->op_type, &o) || n != sct_eigen::arity(o))
        return sct_vendor_fail(SONNX_STATUS_UNSUPPORTED, message, message_cap,
                               "Eigen adapter: %s with %zu inputs is not "
                               "mapped", op->op_type, n);
    return sct_eigen::check_types(o, types[0], n == 2 ? types[1] : types[0], message,
                                  message_cap);
}

sonnx_status eigen_run(const sonnx_op *op, const sonnx_tensor *inputs,
                       size_t n_inputs, sonnx_tensor *outputs,
                       size_t n_outputs, char *message, size_t message_cap)
{
    sonnx_status s = sct_vendor_check_call(adapter, g_open, n_inputs,
                                           n_outputs, message, message_cap);
    if (s != SONNX_STATUS_OK)
        return s;
    sct_eigen::Op o;
    if (!sct_eigen::op_from_name(op->op_type, &o) || n_inputs != sct_eigen::arity(o))
        return sct_vendor_fail(SONNX_STATUS_UNSUPPORTED, message, message_cap,
                               "Eigen adapter: %s with %zu inputs is not "
                               "mapped", op->op_type, n_inputs);
    if (n_inputs == 1)
        return sct_eigen::compute_unary(o, inputs[0], &outputs[0], message, message_cap);
    return sct_eigen::compute(o, inputs[0], inputs[1], &outputs[0], message,
                              message_cap);
}

} // namespace

SONNX_PLUGIN_DEFINE_ENTRY = {
    SONNX_PLUGIN_ABI_MAJOR,
    /* 1.0: reads no attribute; the harness declines attributed ops (plugin.h) */
    SONNX_PLUGIN_ABI_MINOR_1_0,
    (uint32_t)sizeof(sonnx_plugin_entry),
    0,
    "Eigen (TuxFamily)",
    "Eigen Tensor (the cwise expressions of TensorFlow's CPU kernels; "
    "default device)",
    g_version,
    eigen_init,
    eigen_shutdown,
    eigen_query,
    eigen_run,
};
