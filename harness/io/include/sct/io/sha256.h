/*
 * sha256.h — SHA-256 (FIPS 180-4) of bytes, computed by OpenSSL's EVP
 * interface (libcrypto).
 *
 * Why a library: every vector file's digest is verified against the
 * manifest (tampering must be reported) and certification bundles are
 * hashed and signed (docs/qualification/); a conformance tool that
 * assessors rely on uses well-kept cryptography, never its own.  The
 * context hides the EVP object so that callers need no OpenSSL header.
 * Checked against the NIST example vectors in harness/io/tests/test_sha256.c.
 */
#ifndef SCT_IO_SHA256_H
#define SCT_IO_SHA256_H

#include <stddef.h>
#include <stdint.h>

#define SCT_SHA256_DIGEST_BYTES 32
#define SCT_SHA256_HEX_CHARS 64

typedef struct sct_sha256_ctx {
    void *evp;   /* EVP_MD_CTX *; NULL when it could not be allocated */
    int failed;  /* an EVP call failed: final yields an all-zero digest */
} sct_sha256_ctx;

/* init allocates the EVP context that final releases: every init must be
 * followed by final (or sct_sha256_abandon on an error path). */
void sct_sha256_init(sct_sha256_ctx *ctx);
void sct_sha256_update(sct_sha256_ctx *ctx, const void *data, size_t len);
/* The digest; all zero when libcrypto failed (out of memory), which no
 * manifest digest equals, so the mismatch is reported rather than hidden. */
void sct_sha256_final(sct_sha256_ctx *ctx,
                      uint8_t digest[SCT_SHA256_DIGEST_BYTES]);
/* Releases a context whose digest is not wanted. */
void sct_sha256_abandon(sct_sha256_ctx *ctx);

/* One-shot digest of `len` bytes as 64 lowercase hex characters + NUL. */
void sct_sha256_hex(const void *data, size_t len,
                    char hex[SCT_SHA256_HEX_CHARS + 1]);

/* Lowercase hex of a finished digest. */
void sct_sha256_digest_to_hex(const uint8_t digest[SCT_SHA256_DIGEST_BYTES],
                              char hex[SCT_SHA256_HEX_CHARS + 1]);

#endif /* SCT_IO_SHA256_H */
