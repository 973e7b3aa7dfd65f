/*
 * onednn_options.h — the oneDNN adapter's --vendor-options
 * (vendors/common/vendor_options.h syntax):
 *   max_isa=NAME   cap oneDNN's JIT dispatch (dnnl_set_max_cpu_isa) at
 *                  sse41, avx, avx2, avx512_core, ... or "all"; the
 *                  effective ISA is recorded in the report either way.
 */
#ifndef SCT_ONEDNN_OPTIONS_H
#define SCT_ONEDNN_OPTIONS_H

#include <stddef.h>

#include <oneapi/dnnl/dnnl.h>

typedef struct sct_onednn_options {
    char max_isa[32];             /* "" = oneDNN's default */
    dnnl_cpu_isa_t max_isa_value; /* valid when max_isa[0] */
} sct_onednn_options;

/* Returns 0, or -1 with `err` naming the key or value. */
int sct_onednn_options_parse(const char *text, sct_onednn_options *out,
                             char *err, size_t err_cap);

#endif /* SCT_ONEDNN_OPTIONS_H */
