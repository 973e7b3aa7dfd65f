/* file_hash.c — streamed sha256 of one file (see file_hash.h). */
#include "sct/io/file_hash.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "io_error.h"

int sct_sha256_file(const char *path, const char *display,
                    char hex[SCT_SHA256_HEX_CHARS + 1], char *err, size_t err_cap)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return sct_io_error(err, err_cap, display, SCT_IO_FIELD_FILE, "cannot open: %s",
                            strerror(errno));
    sct_sha256_ctx ctx;
    sct_sha256_init(&ctx);
    uint8_t chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
        sct_sha256_update(&ctx, chunk, n);
    int failed = ferror(f);
    fclose(f);
    if (failed) {
        sct_sha256_abandon(&ctx);
        return sct_io_error(err, err_cap, display, SCT_IO_FIELD_FILE, "read failed");
    }
    uint8_t digest[SCT_SHA256_DIGEST_BYTES];
    sct_sha256_final(&ctx, digest);
    sct_sha256_digest_to_hex(digest, hex);
    return 0;
}
