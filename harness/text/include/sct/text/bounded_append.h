/*
 * bounded_append.h — the one "append to a fixed buffer, cut at its
 * capacity" of the harness: notes, messages and option lists built in a
 * char array.  A message is for people, so a cut one beats none; the
 * buffer is always a NUL-terminated string afterwards.
 */
#ifndef SCT_TEXT_BOUNDED_APPEND_H
#define SCT_TEXT_BOUNDED_APPEND_H

#include <stddef.h>

/* Appends the printf-formatted text to the NUL-terminated string in
 * buf[cap], cutting it at cap - 1 characters; a full buffer is left as it
 * is.  Returns the string's length afterwards (cap - 1 when cut).  cap 0:
 * nothing written, 0. */
size_t sct_bounded_appendf(char *buf, size_t cap, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif /* SCT_TEXT_BOUNDED_APPEND_H */
