/* io_error.c — formats loader errors as "<file>: field <field>: <reason>",
 * or "<file>: <reason>" about the whole file (io_error.h). */
#include "io_error.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

int sct_io_error(char *err, size_t cap, const char *file, const char *field,
                 const char *reason_fmt, ...)
{
    if (err == NULL || cap == 0)
        return -1;
    bool whole = field == NULL || strcmp(field, SCT_IO_FIELD_FILE) == 0;
    int head = whole ? snprintf(err, cap, "%s: ", file ? file : "(unknown)")
                     : snprintf(err, cap, "%s: field %s: ", file ? file : "(unknown)",
                                field);
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
