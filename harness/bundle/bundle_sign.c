/*
 * bundle_sign.c — Ed25519 (RFC 8032) signatures by OpenSSL's EVP
 * one-shot DigestSign/DigestVerify (bundle_sign.h).  Ed25519 hashes
 * internally: EVP is given no digest (NULL md), as OpenSSL requires.
 */
#include "sct/bundle/bundle_sign.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>

#define SIG_BYTES 64

/* The whole file (at most 64 MiB: a manifest is a few KiB). */
static unsigned char *read_all(const char *path, size_t *len, char *err, size_t err_cap)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        snprintf(err, err_cap, "%s: cannot open: %s", path, strerror(errno));
        return NULL;
    }
    size_t cap = 4096, n = 0;
    unsigned char *buf = malloc(cap);
    size_t got;
    while (buf != NULL && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            unsigned char *b = cap < (64u << 20) ? realloc(buf, 2 * cap) : NULL;
            if (b == NULL) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = b;
            cap *= 2;
        }
    }
    bool bad = buf == NULL || ferror(f);
    fclose(f);
    if (bad) {
        free(buf);
        snprintf(err, err_cap, "%s: cannot read", path);
        return NULL;
    }
    *len = n;
    return buf;
}

static void openssl_reason(char *out, size_t cap)
{
    unsigned long e = ERR_get_error();
    if (e == 0)
        snprintf(out, cap, "no reason given");
    else
        ERR_error_string_n(e, out, cap);
    ERR_clear_error();
}

static EVP_PKEY *read_key(const char *path, bool private_key, char *err, size_t err_cap)
{
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        snprintf(err, err_cap, "%s: cannot open: %s", path, strerror(errno));
        return NULL;
    }
    EVP_PKEY *k = private_key ? PEM_read_PrivateKey(f, NULL, NULL, NULL)
                              : PEM_read_PUBKEY(f, NULL, NULL, NULL);
    fclose(f);
    if (k == NULL) {
        char why[256];
        openssl_reason(why, sizeof why);
        snprintf(err, err_cap, "%s: not a PEM %s key (%s)", path,
                 private_key ? "private" : "public", why);
        return NULL;
    }
    if (EVP_PKEY_get_id(k) != EVP_PKEY_ED25519) {
        snprintf(err, err_cap, "%s: not an Ed25519 key (make one with `openssl genpkey "
                 "-algorithm ed25519`)", path);
        EVP_PKEY_free(k);
        return NULL;
    }
    return k;
}

int sct_bundle_sign_file(const char *key_path, const char *data_path, const char *sig_path,
                         char *err, size_t err_cap)
{
    EVP_PKEY *key = read_key(key_path, true, err, err_cap);
    if (key == NULL)
        return -1;
    size_t len;
    unsigned char *data = read_all(data_path, &len, err, err_cap);
    if (data == NULL) {
        EVP_PKEY_free(key);
        return -1;
    }
    unsigned char sig[SIG_BYTES];
    size_t sig_len = sizeof sig;
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    int ok = md != NULL && EVP_DigestSignInit(md, NULL, NULL, NULL, key) == 1 &&
             EVP_DigestSign(md, sig, &sig_len, data, len) == 1 && sig_len == SIG_BYTES;
    EVP_MD_CTX_free(md);
    EVP_PKEY_free(key);
    free(data);
    if (!ok) {
        char why[256];
        openssl_reason(why, sizeof why);
        snprintf(err, err_cap, "signing %s with %s failed: %s", data_path, key_path, why);
        return -1;
    }
    FILE *out = fopen(sig_path, "w");
    if (out == NULL) {
        snprintf(err, err_cap, "%s: cannot write: %s", sig_path, strerror(errno));
        return -1;
    }
    for (size_t i = 0; i < SIG_BYTES; i++)
        fprintf(out, "%02x", sig[i]);
    fputc('\n', out);
    if (fclose(out) != 0) {
        snprintf(err, err_cap, "%s: write failed", sig_path);
        return -1;
    }
    return 0;
}

static int hex_nibble(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    return -1;
}

int sct_bundle_verify_signature(const char *pub_path, const char *data_path,
                                const char *sig_path, char *err, size_t err_cap)
{
    EVP_PKEY *key = read_key(pub_path, false, err, err_cap);
    if (key == NULL)
        return -1;
    size_t sig_text_len, len;
    unsigned char *sig_text = read_all(sig_path, &sig_text_len, err, err_cap);
    if (sig_text == NULL) {
        EVP_PKEY_free(key);
        return 1;
    }
    unsigned char sig[SIG_BYTES];
    bool well_formed = sig_text_len == 2 * SIG_BYTES + 1 && sig_text[2 * SIG_BYTES] == '\n';
    for (size_t i = 0; well_formed && i < SIG_BYTES; i++) {
        int hi = hex_nibble(sig_text[2 * i]), lo = hex_nibble(sig_text[2 * i + 1]);
        well_formed = hi >= 0 && lo >= 0;
        /* hi and lo are -1 for a bad character: no shift of a negative */
        sig[i] = well_formed ? (unsigned char)((unsigned)hi << 4 | (unsigned)lo) : 0;
    }
    free(sig_text);
    if (!well_formed) {
        EVP_PKEY_free(key);
        snprintf(err, err_cap, "not 128 lowercase hex characters and a newline");
        return 1;
    }
    unsigned char *data = read_all(data_path, &len, err, err_cap);
    if (data == NULL) {
        EVP_PKEY_free(key);
        return 1;
    }
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    int rc = md != NULL && EVP_DigestVerifyInit(md, NULL, NULL, NULL, key) == 1
                 ? EVP_DigestVerify(md, sig, SIG_BYTES, data, len)
                 : -1;
    EVP_MD_CTX_free(md);
    EVP_PKEY_free(key);
    free(data);
    ERR_clear_error();
    if (rc == 1)
        return 0;
    snprintf(err, err_cap, "the signature does not match %s under the key %s "
             "(signed by another key, or the manifest changed)", data_path, pub_path);
    return 1;
}
