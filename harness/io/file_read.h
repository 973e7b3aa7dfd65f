/*
 * file_read.h — reads one whole vector file into memory, with a size cap.
 *
 * Why a cap: a truncated or hostile vector set must not make the harness
 * allocate without bound.  Tensors are refused above
 * SCT_IO_MAX_TENSOR_BYTES; a file may add protobuf framing on top.
 */
#ifndef SCT_IO_FILE_READ_H
#define SCT_IO_FILE_READ_H

#include <stddef.h>
#include <stdint.h>

#define SCT_IO_MAX_TENSOR_BYTES ((uint64_t)1 << 30)          /* 1 GiB */
#define SCT_IO_MAX_FILE_BYTES (SCT_IO_MAX_TENSOR_BYTES + ((uint64_t)1 << 20))
#define SCT_IO_MAX_MANIFEST_BYTES ((uint64_t)256 << 20)      /* 256 MiB */
/* Memory protobuf-c may allocate to unpack one file (pb_budget.h): a 1 GiB
 * tensor plus message overhead; typed fields whose in-memory form is
 * larger than this are refused rather than allocated. */
#define SCT_IO_MAX_UNPACK_BYTES (SCT_IO_MAX_TENSOR_BYTES + ((uint64_t)64 << 20))

/* Reads the regular file `path` (at most `max_bytes`) into a malloc'ed
 * buffer (*data, *len; a NUL is appended after the last byte so text can be
 * parsed in place).  Errors name `display` (the path shown to the user). */
int sct_read_file(const char *path, const char *display, uint64_t max_bytes,
                  uint8_t **data, size_t *len, char *err, size_t err_cap);

#endif /* SCT_IO_FILE_READ_H */
