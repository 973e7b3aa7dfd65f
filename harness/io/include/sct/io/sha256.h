/*
 * sha256.h — SHA-256 (FIPS 180-4 §6.2), small and self-contained.
 *
 * Why our own: every vector file's digest is verified against the manifest
 * (issue 6: tampering must be reported), and the harness must not depend on
 * a crypto library for that one function.  Checked against the NIST example
 * vectors in harness/io/tests/test_sha256.c.
 */
#ifndef SCT_IO_SHA256_H
#define SCT_IO_SHA256_H

#include <stddef.h>
#include <stdint.h>

#define SCT_SHA256_DIGEST_BYTES 32
#define SCT_SHA256_HEX_CHARS 64

typedef struct sct_sha256_ctx {
    uint32_t state[8];
    uint64_t total_bytes;   /* message length so far, in bytes */
    uint8_t block[64];      /* pending partial block */
    size_t block_used;
} sct_sha256_ctx;

void sct_sha256_init(sct_sha256_ctx *ctx);
void sct_sha256_update(sct_sha256_ctx *ctx, const void *data, size_t len);
void sct_sha256_final(sct_sha256_ctx *ctx,
                      uint8_t digest[SCT_SHA256_DIGEST_BYTES]);

/* One-shot digest of `len` bytes as 64 lowercase hex characters + NUL. */
void sct_sha256_hex(const void *data, size_t len,
                    char hex[SCT_SHA256_HEX_CHARS + 1]);

/* Lowercase hex of a finished digest. */
void sct_sha256_digest_to_hex(const uint8_t digest[SCT_SHA256_DIGEST_BYTES],
                              char hex[SCT_SHA256_HEX_CHARS + 1]);

#endif /* SCT_IO_SHA256_H */
