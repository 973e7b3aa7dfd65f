/* onednn_types.c — ONNX type -> oneDNN data type (see onednn_types.h). */
#include "onednn_types.h"

#include "sonnx_cts/plugin.h"

int sct_onednn_dtype(int32_t onnx_type, dnnl_data_type_t *out)
{
    switch (onnx_type) {
    case SONNX_DT_FLOAT: *out = dnnl_f32; return 0;
    case SONNX_DT_FLOAT16: *out = dnnl_f16; return 0;
    case SONNX_DT_BFLOAT16: *out = dnnl_bf16; return 0;
    case SONNX_DT_INT32: *out = dnnl_s32; return 0;
    case SONNX_DT_INT8: *out = dnnl_s8; return 0;
    case SONNX_DT_UINT8: *out = dnnl_u8; return 0;
    default: return -1;
    }
}
