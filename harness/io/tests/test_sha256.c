/* test_sha256.c — SHA-256 against the NIST FIPS 180-4 example vectors
 * (NIST CSRC "Examples with intermediate values": SHA256.pdf, and the
 * one-million-'a' long message). */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "sct/io/sha256.h"
#include "sct_check_main.h"

static const struct {
    const char *msg;
    const char *digest;
} nist[] = {
    {"abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
    {"", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
    {"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
     "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
    {"abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
     "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"},
};

START_TEST(nist_short_messages)
{
    char hex[65];
    sct_sha256_hex(nist[_i].msg, strlen(nist[_i].msg), hex);
    ck_assert_str_eq(hex, nist[_i].digest);
}
END_TEST

/* Same digests when the message arrives in pieces of every size 1..64:
 * exercises the partial-block path of sct_sha256_update. */
START_TEST(nist_streamed_in_pieces)
{
    const char *msg = nist[3].msg;
    size_t len = strlen(msg);
    for (size_t piece = 1; piece <= 64; piece++) {
        sct_sha256_ctx ctx;
        uint8_t digest[32];
        char hex[65];
        sct_sha256_init(&ctx);
        for (size_t off = 0; off < len; off += piece)
            sct_sha256_update(&ctx, msg + off, off + piece <= len ? piece : len - off);
        sct_sha256_final(&ctx, digest);
        sct_sha256_digest_to_hex(digest, hex);
        ck_assert_str_eq(hex, nist[3].digest);
    }
}
END_TEST

START_TEST(nist_one_million_a)
{
    size_t n = 1000000;
    char *msg = malloc(n);
    ck_assert_ptr_nonnull(msg);
    memset(msg, 'a', n);
    char hex[65];
    sct_sha256_hex(msg, n, hex);
    free(msg);
    ck_assert_str_eq(hex, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}
END_TEST

/* Padding boundaries: 55, 56 and 64 bytes need one or two final blocks.
 * Digests from `printf 'a%.0s' {1..N} | sha256sum` (GNU coreutils). */
START_TEST(padding_boundaries)
{
    static const struct {
        size_t n;
        const char *digest;
    } cases[] = {
        {55, "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"},
        {56, "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"},
        {64, "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"},
    };
    char msg[64];
    memset(msg, 'a', sizeof msg);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char hex[65];
        sct_sha256_hex(msg, cases[i].n, hex);
        ck_assert_str_eq(hex, cases[i].digest);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("sha256");
    TCase *tc = tcase_create("nist");
    tcase_add_loop_test(tc, nist_short_messages, 0, (int)(sizeof nist / sizeof nist[0]));
    tcase_add_test(tc, nist_streamed_in_pieces);
    tcase_add_test(tc, nist_one_million_a);
    tcase_add_test(tc, padding_boundaries);
    suite_add_tcase(s, tc);
    return sct_check_run_suite(s);
}
