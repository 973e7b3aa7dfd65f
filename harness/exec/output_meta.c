/*
 * output_meta.c — validation of the output metadata a plugin reports.
 * plugin.h run() contract: the plugin MUST set elem_type, rank and dims to
 * what it produced and write into the harness's buffer; any difference from
 * the expectation is reported (BAD_OUTPUT_META), never silently fixed.
 */
#include <inttypes.h>
#include <stdio.h>

#include "run_outcome.h"

bool sct_output_meta_matches(const sonnx_tensor *expected,
                             const sonnx_tensor *produced, size_t k,
                             bool data_pointer_kept, char *msg, size_t cap)
{
    if (!data_pointer_kept) {
        snprintf(msg, cap,
                 "output %zu: plugin replaced the harness's data pointer or "
                 "nbytes instead of writing into the given buffer", k);
        return false;
    }
    if (produced->elem_type != expected->elem_type) {
        snprintf(msg, cap, "output %zu: elem_type %" PRId32 ", expected %" PRId32,
                 k, produced->elem_type, expected->elem_type);
        return false;
    }
    if (produced->rank != expected->rank) {
        snprintf(msg, cap, "output %zu: rank %" PRId32 ", expected %" PRId32, k,
                 produced->rank, expected->rank);
        return false;
    }
    for (int32_t d = 0; d < expected->rank && d < SONNX_MAX_RANK; d++) {
        if (produced->dims[d] != expected->dims[d]) {
            snprintf(msg, cap,
                     "output %zu: dims[%" PRId32 "] = %" PRId64 ", expected %" PRId64,
                     k, d, produced->dims[d], expected->dims[d]);
            return false;
        }
    }
    return true;
}
