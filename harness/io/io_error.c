/* io_error.c — formats loader errors as "<file>: field <field>: <reason>". */
#include "io_error.h"

#include <stdarg.h>
#include <stdio.h>

int sct_io_error(char *err, size_t cap, const char *file, const char *field,
                 const char *reason_fmt, ...)
{
    if (err == NULL || cap == 0)
        return -1;
    int head = snprintf(err, cap, "%s: field %s: ", file ? file : "(unknown)",
                        field ? field : SCT_IO_FIELD_FILE);
    if (head < 0) {
        err[0] = '\0';
        return -1;
    }
    if ((size_t)head < cap) {
        va_list ap;
        va_start(ap, reason_fmt);
        vsnprintf(err + head, cap - (size_t)head, reason_fmt, ap);
        va_end(ap);
    }
    return -1;
}
