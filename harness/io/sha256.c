/* sha256.c — SHA-256 per FIPS 180-4 §6.2 (see sha256.h for why). */
#include "sct/io/sha256.h"

#include <string.h>

/* FIPS 180-4 §4.2.2: first 32 bits of the fractional parts of the cube
 * roots of the first 64 primes. */
static const uint32_t k_round[64] = {
    0x428a2f98u, 0x71374491u, 0xb5c0fbcfu, 0xe9b5dba5u, 0x3956c25bu,
    0x59f111f1u, 0x923f82a4u, 0xab1c5ed5u, 0xd807aa98u, 0x12835b01u,
    0x243185beu, 0x550c7dc3u, 0x72be5d74u, 0x80deb1feu, 0x9bdc06a7u,
    0xc19bf174u, 0xe49b69c1u, 0xefbe4786u, 0x0fc19dc6u, 0x240ca1ccu,
    0x2de92c6fu, 0x4a7484aau, 0x5cb0a9dcu, 0x76f988dau, 0x983e5152u,
    0xa831c66du, 0xb00327c8u, 0xbf597fc7u, 0xc6e00bf3u, 0xd5a79147u,
    0x06ca6351u, 0x14292967u, 0x27b70a85u, 0x2e1b2138u, 0x4d2c6dfcu,
    0x53380d13u, 0x650a7354u, 0x766a0abbu, 0x81c2c92eu, 0x92722c85u,
    0xa2bfe8a1u, 0xa81a664bu, 0xc24b8b70u, 0xc76c51a3u, 0xd192e819u,
    0xd6990624u, 0xf40e3585u, 0x106aa070u, 0x19a4c116u, 0x1e376c08u,
    0x2748774cu, 0x34b0bcb5u, 0x391c0cb3u, 0x4ed8aa4au, 0x5b9cca4fu,
    0x682e6ff3u, 0x748f82eeu, 0x78a5636fu, 0x84c87814u, 0x8cc70208u,
    0x90befffau, 0xa4506cebu, 0xbef9a3f7u, 0xc67178f2u};

static uint32_t rotr(uint32_t x, unsigned n) { return (x >> n) | (x << (32u - n)); }

/* FIPS 180-4 §6.2.2: process one 512-bit block. */
static void compress(uint32_t state[8], const uint8_t block[64])
{
    uint32_t w[64];
    for (unsigned t = 0; t < 16; t++)
        w[t] = ((uint32_t)block[4 * t] << 24) | ((uint32_t)block[4 * t + 1] << 16) |
               ((uint32_t)block[4 * t + 2] << 8) | (uint32_t)block[4 * t + 3];
    for (unsigned t = 16; t < 64; t++) {
        uint32_t s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >> 3);
        uint32_t s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >> 10);
        w[t] = w[t - 16] + s0 + w[t - 7] + s1;
    }
    uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
    uint32_t e = state[4], f = state[5], g = state[6], h = state[7];
    for (unsigned t = 0; t < 64; t++) {
        uint32_t big_s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
        uint32_t ch = (e & f) ^ (~e & g);
        uint32_t t1 = h + big_s1 + ch + k_round[t] + w[t];
        uint32_t big_s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
        uint32_t maj = (a & b) ^ (a & c) ^ (b & c);
        uint32_t t2 = big_s0 + maj;
        h = g; g = f; f = e; e = d + t1;
        d = c; c = b; b = a; a = t1 + t2;
    }
    state[0] += a; state[1] += b; state[2] += c; state[3] += d;
    state[4] += e; state[5] += f; state[6] += g; state[7] += h;
}

void sct_sha256_init(sct_sha256_ctx *ctx)
{
    /* FIPS 180-4 §5.3.3 initial hash value. */
    static const uint32_t h0[8] = {0x6a09e667u, 0xbb67ae85u, 0x3c6ef372u,
                                   0xa54ff53au, 0x510e527fu, 0x9b05688cu,
                                   0x1f83d9abu, 0x5be0cd19u};
    memcpy(ctx->state, h0, sizeof h0);
    ctx->total_bytes = 0;
    ctx->block_used = 0;
}

void sct_sha256_update(sct_sha256_ctx *ctx, const void *data, size_t len)
{
    const uint8_t *p = data;
    ctx->total_bytes += len;
    if (ctx->block_used > 0) {
        size_t take = 64 - ctx->block_used;
        if (take > len)
            take = len;
        memcpy(ctx->block + ctx->block_used, p, take);
        ctx->block_used += take;
        p += take;
        len -= take;
        if (ctx->block_used < 64)
            return;
        compress(ctx->state, ctx->block);
        ctx->block_used = 0;
    }
    while (len >= 64) {
        compress(ctx->state, p);
        p += 64;
        len -= 64;
    }
    if (len > 0) {
        memcpy(ctx->block, p, len);
        ctx->block_used = len;
    }
}

void sct_sha256_final(sct_sha256_ctx *ctx, uint8_t digest[SCT_SHA256_DIGEST_BYTES])
{
    /* FIPS 180-4 §5.1.1 padding: 0x80, zeros, 64-bit big-endian bit length. */
    uint64_t bit_len = ctx->total_bytes * 8u;
    uint8_t pad[72] = {0x80};
    size_t pad_len = (ctx->block_used < 56) ? 56 - ctx->block_used
                                             : 120 - ctx->block_used;
    for (unsigned i = 0; i < 8; i++)
        pad[pad_len + i] = (uint8_t)(bit_len >> (56 - 8 * i));
    uint64_t saved_total = ctx->total_bytes;
    sct_sha256_update(ctx, pad, pad_len + 8);
    ctx->total_bytes = saved_total;
    for (unsigned i = 0; i < 8; i++) {
        digest[4 * i] = (uint8_t)(ctx->state[i] >> 24);
        digest[4 * i + 1] = (uint8_t)(ctx->state[i] >> 16);
        digest[4 * i + 2] = (uint8_t)(ctx->state[i] >> 8);
        digest[4 * i + 3] = (uint8_t)ctx->state[i];
    }
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
    sct_sha256_ctx ctx;
    uint8_t digest[SCT_SHA256_DIGEST_BYTES];
    sct_sha256_init(&ctx);
    sct_sha256_update(&ctx, data, len);
    sct_sha256_final(&ctx, digest);
    sct_sha256_digest_to_hex(digest, hex);
}
