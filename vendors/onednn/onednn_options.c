/* onednn_options.c — see onednn_options.h. */
#include "onednn_options.h"

#include <stdio.h>
#include <string.h>

#include "sct/vendor/vendor_options.h"

static const struct {
    const char *name;
    dnnl_cpu_isa_t isa;
} isas[] = {
    {"all", dnnl_cpu_isa_all},
    {"sse41", dnnl_cpu_isa_sse41},
    {"avx", dnnl_cpu_isa_avx},
    {"avx2", dnnl_cpu_isa_avx2},
    {"avx2_vnni", dnnl_cpu_isa_avx2_vnni},
    {"avx512_core", dnnl_cpu_isa_avx512_core},
    {"avx512_core_vnni", dnnl_cpu_isa_avx512_core_vnni},
    {"avx512_core_bf16", dnnl_cpu_isa_avx512_core_bf16},
    {"avx512_core_amx", dnnl_cpu_isa_avx512_core_amx},
};

static int item(void *ctx, const char *key, size_t klen, const char *v,
                size_t vlen, char *err, size_t err_cap)
{
    sct_onednn_options *o = ctx;
    if (!sct_vopt_key_is(key, klen, "max_isa"))
        return SCT_VOPT_UNKNOWN_KEY;
    for (size_t i = 0; i < sizeof isas / sizeof isas[0]; i++) {
        if (sct_vopt_key_is(v, vlen, isas[i].name)) {
            snprintf(o->max_isa, sizeof o->max_isa, "%s", isas[i].name);
            o->max_isa_value = isas[i].isa;
            return SCT_VOPT_OK;
        }
    }
    snprintf(err, err_cap,
             "oneDNN adapter option max_isa='%.*s' is not one of all, sse41, "
             "avx, avx2, avx2_vnni, avx512_core, avx512_core_vnni, "
             "avx512_core_bf16, avx512_core_amx",
             (int)vlen, v);
    return SCT_VOPT_FAILED;
}

int sct_onednn_options_parse(const char *text, sct_onednn_options *out,
                             char *err, size_t err_cap)
{
    memset(out, 0, sizeof *out);
    return sct_vopt_parse(text, "oneDNN", "max_isa", item, out, err, err_cap);
}
