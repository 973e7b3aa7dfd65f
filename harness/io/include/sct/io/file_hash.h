/*
 * file_hash.h — sha256 of a file, streamed in fixed-size chunks so that
 * hashing a scanned set never holds a whole file in memory.
 */
#ifndef SCT_IO_FILE_HASH_H
#define SCT_IO_FILE_HASH_H

#include <stddef.h>

#include "sct/io/sha256.h"

/* 0 and the lowercase hex digest, or -1 with err naming `display`. */
int sct_sha256_file(const char *path, const char *display,
                    char hex[SCT_SHA256_HEX_CHARS + 1], char *err, size_t err_cap);

#endif /* SCT_IO_FILE_HASH_H */
