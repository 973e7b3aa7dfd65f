/*
 * bundle_sign.h — Ed25519 signatures of a bundle's manifest, by OpenSSL's
 * EVP interface (RFC 8032 through libcrypto; no cryptography of our own).
 *
 * Keys are PEM files as `openssl genpkey -algorithm ed25519` writes them
 * (private) and `openssl pkey -pubout` (public).  The signature file holds
 * the 64 signature bytes as 128 lowercase hex characters and a newline.
 */
#ifndef SCT_BUNDLE_BUNDLE_SIGN_H
#define SCT_BUNDLE_BUNDLE_SIGN_H

#include <stddef.h>

/* Signs the bytes of `data_path` with the private key in `key_path`,
 * writes the signature to `sig_path`.  0, or -1 with `err` (file and
 * reason: unreadable, not a PEM private key, not Ed25519). */
int sct_bundle_sign_file(const char *key_path, const char *data_path,
                         const char *sig_path, char *err, size_t err_cap);

/* 0 when `sig_path` holds a valid signature of `data_path`'s bytes by the
 * public key in `pub_path`; 1 when it does not (`err` says why: malformed
 * signature file, signature does not match); -1 when the key cannot be
 * used (`err`). */
int sct_bundle_verify_signature(const char *pub_path, const char *data_path,
                                const char *sig_path, char *err, size_t err_cap);

#endif /* SCT_BUNDLE_BUNDLE_SIGN_H */
