/*
 * bounded_append.c — see sct/text/bounded_append.h.
 */
#include "sct/text/bounded_append.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

size_t sct_bounded_appendf(char *buf, size_t cap, const char *fmt, ...)
{
    if (cap == 0)
        return 0;
    size_t len = strnlen(buf, cap);
    if (len >= cap - 1) {
        buf[cap - 1] = '\0'; /* full (or not terminated: cut there) */
        return cap - 1;
    }
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf + len, cap - len, fmt, ap);
    va_end(ap);
    if (n < 0) {
        buf[len] = '\0'; /* an encoding error adds nothing */
        return len;
    }
    return (size_t)n < cap - len ? len + (size_t)n : cap - 1;
}
