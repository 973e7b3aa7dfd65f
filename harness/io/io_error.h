/*
 * io_error.h — the ONE format of every loader error message, the
 * harness's "PATH: what: why" (docs/cli.md, "Messages"):
 *
 *     <file>: field <field>: <reason>
 *     <file>: <reason>                  (about the file as a whole)
 *
 * e.g. "vectors/div/float32/x/test_data_set_0/input_0.pb: field raw_data:
 * 12 bytes, shape [4] of float32 needs 16".  <file> is the path as the user
 * gave the vectors directory, joined with the path inside it; <field> is a
 * protobuf field name or a JSON path (cases[3].inputs[0].dtype); errors
 * about the file as a whole pass the field SCT_IO_FIELD_FILE (or NULL),
 * which is not written.
 */
#ifndef SCT_IO_ERROR_H
#define SCT_IO_ERROR_H

#include <stddef.h>

#define SCT_IO_FIELD_FILE "(file)"

/* Writes the formatted message into err[0..cap-1] (always NUL-terminated,
 * truncated if needed).  Returns -1 so callers can `return sct_io_error(..)`. */
int sct_io_error(char *err, size_t cap, const char *file, const char *field,
                 const char *reason_fmt, ...)
    __attribute__((format(printf, 5, 6)));

#endif /* SCT_IO_ERROR_H */
