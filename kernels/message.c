/* message.c — status messages into harness-owned buffers (message.h). */
#include "message.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>

sonnx_status sct_fail(sonnx_status status, char *message, size_t cap,
                      const char *fmt, ...)
{
    if (message != NULL && cap > 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(message, cap, fmt, ap);
        va_end(ap);
    }
    return status;
}

const char *sct_shape_text(char *buf, size_t cap, int32_t rank,
                           const int64_t *dims)
{
    size_t used = 0;
    if (cap == 0)
        return buf;
    buf[0] = '\0';
    int w = snprintf(buf, cap, "[");
    used = w > 0 ? (size_t)w : 0;
    for (int32_t i = 0; i < rank && i < SONNX_MAX_RANK && used < cap; i++) {
        w = snprintf(buf + used, cap - used, "%s%" PRId64, i ? "," : "",
                     dims[i]);
        if (w < 0)
            break;
        used += (size_t)w;
    }
    if (used < cap)
        snprintf(buf + used, cap - used, "]");
    return buf;
}
