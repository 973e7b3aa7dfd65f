/*
 * opencv_plugin.cpp — the sonnx-cts plugin entry for OpenCV DNN 4.6 (Debian
 * libopencv-dnn406), through its ONNX importer: each case's single-node
 * model (the ModelProto ONNX Runtime's adapter builds, vendors/onnxruntime/
 * ort_model.h: symbolic dims, so one model serves every shape of the same
 * ranks) is read from memory with cv::dnn::readNetFromONNX and run on
 * OpenCV's own backend, CPU target, one thread.
 *
 * Ops: Div, Mul, Pow, Less, Sub, Add and the unary Abs, Sqrt (one input);
 * any other is UNSUPPORTED naming it.
 * Types: OpenCV DNN 4.6 computes float32 blobs on the CPU target; every
 * other element type is UNSUPPORTED without asking OpenCV (converting would
 * certify the adapter).  A model the importer refuses (no layer for the
 * node) is UNSUPPORTED with OpenCV's message; a failure of forward() is
 * ERROR.  The output is reported with the shape OpenCV produced.
 *
 * Identity (docs/plugin-abi.md §3.1): OpenCV's version, the CPU features
 * its dispatcher uses (baseline and dispatched), threads, libopencv_dnn's
 * file and sha256.  OpenCV has no SONNX profile: inputs pass unchanged.
 */
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <opencv2/core.hpp>
#include <opencv2/core/utility.hpp>
#include <opencv2/core/utils/logger.hpp>
#include <opencv2/dnn.hpp>

extern "C" {
#include "ort_model.h"
#include "sct/vendor/vendor_call.h"
#include "sct/vendor/vendor_identity.h"
#include "sct/vendor/vendor_options.h"
}

namespace {

const char adapter[] = "OpenCV DNN";
int g_open;
char g_version[SCT_VENDOR_IDENTITY_CAP] = CV_VERSION " (not initialised)";

/* The widest x86 level OpenCV's dispatcher may use on this CPU (its
 * element-wise layers are compiled per level). */
const char *cpu_level()
{
    if (cv::checkHardwareSupport(CV_CPU_AVX_512F))
        return "avx512";
    if (cv::checkHardwareSupport(CV_CPU_AVX2))
        return "avx2";
    return "sse";
}

int no_option(void *, const char *, size_t, const char *, size_t, char *,
              size_t)
{
    return SCT_VOPT_UNKNOWN_KEY;
}

sonnx_status cv_init(const char *, const char *options, char *message,
                     size_t message_cap)
{
    if (g_open)
        return sct_vendor_fail(SONNX_STATUS_ERROR, message, message_cap,
                               "OpenCV adapter: init called twice");
    if (sct_vopt_parse(options, adapter, "(none)", no_option, nullptr, message,
                       message_cap) != 0)
        return SONNX_STATUS_ERROR;
    cv::setNumThreads(1);
    /* The importer logs every refused node on stderr; the refusal is
     * reported as the case's UNSUPPORTED message instead. */
    cv::utils::logging::setLogLevel(cv::utils::logging::LOG_LEVEL_SILENT);
    std::snprintf(g_version, sizeof g_version, "%s", CV_VERSION);
    if (sct_vendor_identity_add(g_version, sizeof g_version, "cpu",
                                cpu_level()) != 0 ||
        sct_vendor_identity_add(g_version, sizeof g_version, "backend",
                                "opencv/cpu") != 0 ||
        sct_vendor_identity_add(g_version, sizeof g_version, "threads",
                                "1") != 0 ||
        sct_vendor_identity_add_lib(g_version, sizeof g_version,
                                    "libopencv_dnn.so", message,
                                    message_cap) != 0)
        return SONNX_STATUS_ERROR;
    g_open = 1;
    return SONNX_STATUS_OK;
}

void cv_shutdown() { g_open = 0; }

sonnx_status check_types(const char *op, const int32_t *types, size_t n,
                         char *message, size_t message_cap)
{
    /* The ops whose one-node model the adapter builds (the ORT adapter's
     * table, with their arity): any other is refused by name, never handed
     * to the importer under a guessed output type. */
    if (!sct_ort_model_op_known(op, n))
        return sct_vendor_fail(SONNX_STATUS_UNSUPPORTED, message, message_cap,
                               "OpenCV adapter: %s with %zu inputs is not mapped", op, n);
    for (size_t i = 0; i < n; i++)
        if (types[i] != SONNX_DT_FLOAT)
            return sct_vendor_fail(SONNX_STATUS_UNSUPPORTED, message,
                                   message_cap,
                                   "OpenCV DNN 4.6 computes float32 blobs "
                                   "on the CPU target; %s input %zu has "
                                   "element type %d",
                                   op, i, (int)types[i]);
    return SONNX_STATUS_OK;
}

sonnx_status cv_query(const sonnx_op *op, const int32_t *types, size_t n,
                      char *message, size_t message_cap)
{
    if (sct_vendor_check_open(adapter, g_open, message, message_cap) !=
        SONNX_STATUS_OK)
        return SONNX_STATUS_ERROR;
    return check_types(op->op_type, types, n, message, message_cap);
}

std::string first_line(const char *what)
{
    std::string s(what);
    size_t nl = s.find('\n');
    return nl == std::string::npos ? s : s.substr(0, nl);
}

sonnx_status cv_run(const sonnx_op *op, const sonnx_tensor *in,
                    size_t n_inputs, sonnx_tensor *outputs, size_t n_outputs,
                    char *message, size_t message_cap)
{
    sonnx_status s = sct_vendor_check_call(adapter, g_open, n_inputs,
                                           n_outputs, message, message_cap);
    if (s != SONNX_STATUS_OK)
        return s;
    int32_t types[2] = {in[0].elem_type,
                        n_inputs > 1 ? in[1].elem_type : SONNX_DT_FLOAT};
    s = check_types(op->op_type, types, n_inputs, message, message_cap);
    if (s != SONNX_STATUS_OK)
        return s;
    sct_ort_model_key key;
    if (sct_ort_model_key_from_tensors(op, in, n_inputs, &key, message,
                                       message_cap) != 0)
        return SONNX_STATUS_UNSUPPORTED;
    uint8_t *bytes = nullptr;
    size_t len = 0;
    int32_t out_rank = in[0].rank;
    for (size_t i = 1; i < n_inputs; i++)
        out_rank = in[i].rank > out_rank ? in[i].rank : out_rank;
    if (sct_ort_model_build_shaped(&key, out_rank, &bytes, &len, message,
                                   message_cap) != 0)
        return SONNX_STATUS_ERROR;
    cv::dnn::Net net;
    try {
        net = cv::dnn::readNetFromONNX(reinterpret_cast<const char *>(bytes),
                                       len);
    } catch (const cv::Exception &e) {
        std::free(bytes);
        return sct_vendor_fail(SONNX_STATUS_UNSUPPORTED, message, message_cap,
                               "OpenCV's ONNX importer refused the %s node: "
                               "%s",
                               op->op_type, first_line(e.what()).c_str());
    }
    std::free(bytes);
    cv::Mat result;
    try {
        net.setPreferableBackend(cv::dnn::DNN_BACKEND_OPENCV);
        net.setPreferableTarget(cv::dnn::DNN_TARGET_CPU);
        for (size_t i = 0; i < n_inputs; i++) {
            std::vector<int> dims(in[i].dims, in[i].dims + in[i].rank);
            /* OpenCV's Mat has no rank 0: a scalar is passed as [1]. */
            if (dims.empty())
                dims.push_back(1);
            /* Wrapped in place; OpenCV copies inputs into its blobs. */
            cv::Mat m((int)dims.size(), dims.data(), CV_32F, in[i].data);
            net.setInput(m, sct_ort_input_names[i]);
        }
        result = net.forward(sct_ort_output_name);
    } catch (const cv::Exception &e) {
        return sct_vendor_fail(SONNX_STATUS_ERROR, message, message_cap,
                               "OpenCV DNN: %s",
                               first_line(e.what()).c_str());
    }
    if (!result.isContinuous())
        result = result.clone();
    sonnx_tensor *out = &outputs[0];
    size_t need = result.total() * result.elemSize();
    if (result.dims > SONNX_MAX_RANK || need > out->nbytes)
        return sct_vendor_fail(SONNX_STATUS_ERROR, message, message_cap,
                               "OpenCV's result (%zu bytes, %d dims) does not "
                               "fit the output (%llu bytes)",
                               need, result.dims,
                               (unsigned long long)out->nbytes);
    if (result.depth() != CV_32F)
        return sct_vendor_fail(SONNX_STATUS_ERROR, message, message_cap,
                               "OpenCV's result has depth %d, not float32",
                               result.depth());
    if (need > 0)
        std::memcpy(out->data, result.ptr(), need);
    /* What OpenCV produced: its blob's type and shape (Less included). */
    out->elem_type = SONNX_DT_FLOAT;
    out->rank = result.dims;
    for (int i = 0; i < result.dims; i++)
        out->dims[i] = result.size[i];
    return SONNX_STATUS_OK;
}

} // namespace

SONNX_PLUGIN_DEFINE_ENTRY = {
    SONNX_PLUGIN_ABI_MAJOR,
    /* 1.0: reads no attribute; the harness declines attributed ops (plugin.h) */
    SONNX_PLUGIN_ABI_MINOR_1_0,
    (uint32_t)sizeof(sonnx_plugin_entry),
    0,
    "OpenCV",
    "OpenCV DNN (ONNX importer, OpenCV backend, CPU target)",
    g_version,
    cv_init,
    cv_shutdown,
    cv_query,
    cv_run,
};
