/* vendor_call.c — shared run() checks (see vendor_call.h). */
#include "sct/vendor/vendor_call.h"

#include <stdarg.h>
#include <stdio.h>

#include "sct/numeric/dtype.h"

sonnx_status sct_vendor_fail(sonnx_status status, char *message,
                             size_t message_cap, const char *fmt, ...)
{
    if (message_cap > 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(message, message_cap, fmt, ap);
        va_end(ap);
    }
    return status;
}

sonnx_status sct_vendor_check_arity(const char *adapter, size_t n_inputs,
                                    size_t n_outputs, char *message,
                                    size_t message_cap)
{
    if (n_outputs != 1)
        return sct_vendor_fail(SONNX_STATUS_ERROR, message, message_cap,
                               "%s adapter: %zu outputs requested; the ops "
                               "under test have exactly one",
                               adapter, n_outputs);
    if (n_inputs == 0 || n_inputs > SCT_VENDOR_MAX_INPUTS)
        return sct_vendor_fail(SONNX_STATUS_ERROR, message, message_cap,
                               "%s adapter: %zu inputs (expected 1 or 2)",
                               adapter, n_inputs);
    return SONNX_STATUS_OK;
}

sonnx_status sct_vendor_check_open(const char *adapter, int open,
                                   char *message, size_t message_cap)
{
    if (open)
        return SONNX_STATUS_OK;
    return sct_vendor_fail(SONNX_STATUS_ERROR, message, message_cap,
                           "%s adapter: not initialised (init failed or was "
                           "not called)",
                           adapter);
}

sonnx_status sct_vendor_check_call(const char *adapter, int open,
                                   size_t n_inputs, size_t n_outputs,
                                   char *message, size_t message_cap)
{
    sonnx_status s = sct_vendor_check_open(adapter, open, message, message_cap);
    if (s != SONNX_STATUS_OK)
        return s;
    return sct_vendor_check_arity(adapter, n_inputs, n_outputs, message,
                                  message_cap);
}

sonnx_status sct_vendor_shape_count(const char *adapter, int32_t rank,
                                    const int64_t *dims, uint64_t *count,
                                    char *message, size_t message_cap)
{
    if (sct_shape_nelem(rank, dims, count))
        return SONNX_STATUS_OK;
    return sct_vendor_fail(SONNX_STATUS_ERROR, message, message_cap,
                           "%s adapter: a shape of rank %d has a negative "
                           "dimension, too high a rank, or more elements "
                           "than 64 bits count",
                           adapter, (int)rank);
}
