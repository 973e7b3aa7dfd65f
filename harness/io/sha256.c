/* sha256.c — SHA-256 through OpenSSL's EVP digest interface (see sha256.h
 * for why a library). */
#include "sct/io/sha256.h"

#include <string.h>

#include <openssl/evp.h>

void sct_sha256_init(sct_sha256_ctx *ctx)
{
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    ctx->evp = md;
    ctx->failed = md == NULL || EVP_DigestInit_ex(md, EVP_sha256(), NULL) != 1;
}

void sct_sha256_update(sct_sha256_ctx *ctx, const void *data, size_t len)
{
    if (ctx->failed || len == 0)
        return;
    if (EVP_DigestUpdate(ctx->evp, data, len) != 1)
        ctx->failed = 1;
}

void sct_sha256_final(sct_sha256_ctx *ctx, uint8_t digest[SCT_SHA256_DIGEST_BYTES])
{
    unsigned int n = 0;
    if (ctx->failed || EVP_DigestFinal_ex(ctx->evp, digest, &n) != 1 ||
        n != SCT_SHA256_DIGEST_BYTES)
        memset(digest, 0, SCT_SHA256_DIGEST_BYTES);
    sct_sha256_abandon(ctx);
}

void sct_sha256_abandon(sct_sha256_ctx *ctx)
{
    EVP_MD_CTX_free(ctx->evp);
    ctx->evp = NULL;
    ctx->failed = 1;
}

void sct_sha256_digest_to_hex(const uint8_t digest[SCT_SHA256_DIGEST_BYTES],
                              char hex[SCT_SHA256_HEX_CHARS + 1])
{
    static const char digits[] = "0123456789abcdef";
    for (unsigned i = 0; i < SCT_SHA256_DIGEST_BYTES; i++) {
        hex[2 * i] = digits[digest[i] >> 4];
        hex[2 * i + 1] = digits[digest[i] & 15u];
    }
    hex[SCT_SHA256_HEX_CHARS] = '\0';
}

void sct_sha256_hex(const void *data, size_t len, char hex[SCT_SHA256_HEX_CHARS + 1])
{
    uint8_t digest[SCT_SHA256_DIGEST_BYTES];
    unsigned int n = 0;
    /* EVP_Digest: the one-shot form, no context to manage. */
    if (EVP_Digest(data, len, digest, &n, EVP_sha256(), NULL) != 1 ||
        n != SCT_SHA256_DIGEST_BYTES)
        memset(digest, 0, sizeof digest);
    sct_sha256_digest_to_hex(digest, hex);
}
