/*
 * message.h — internal: writing a status message into a harness-owned
 * buffer (plugin.h: NUL-terminated, truncated to the capacity, the buffer
 * may be NULL or of capacity 0).
 */
#ifndef SCT_KERNELS_MESSAGE_H
#define SCT_KERNELS_MESSAGE_H

#include <stddef.h>
#include <stdint.h>

#include "sonnx_cts/plugin.h"

/* printf-style; returns `status` so that callers can `return sct_fail(...)`. */
sonnx_status sct_fail(sonnx_status status, char *message, size_t cap,
                      const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* "[2,3,4]" (or "[]" for a scalar) into buf. */
const char *sct_shape_text(char *buf, size_t cap, int32_t rank,
                           const int64_t *dims);

#endif /* SCT_KERNELS_MESSAGE_H */
