/*
 * test_bundle.c — the manifest of digests and the Ed25519 signature of a
 * bundle (bundle_files.h, bundle_sign.h).  Expected digests come from
 * FIPS 180-4's example ("abc"); keys from the openssl command.
 *
 * usage: test_bundle WORKDIR
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sct/bundle/bundle_files.h"
#include "sct/bundle/bundle_sign.h"
#include "sct_check_main.h"

static const char *g_work;
static char g_found[8][512];
static size_t g_n;

static void collect(void *user, const char *file, const char *what)
{
    (void)user;
    if (g_n < 8)
        snprintf(g_found[g_n++], sizeof g_found[0], "%s: %s", file, what);
}

static void put(const char *dir, const char *rel, const char *text)
{
    char p[2200];
    snprintf(p, sizeof p, "%s/%s", dir, rel);
    FILE *f = fopen(p, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
}

static void fresh(char *dir, size_t cap, const char *name)
{
    snprintf(dir, cap, "%s/%s", g_work, name);
    sct_bundle_remove_tree(dir);
    ck_assert_int_eq(mkdir(dir, 0777), 0);
    char sub[2200];
    snprintf(sub, sizeof sub, "%s/inputs", dir);
    ck_assert_int_eq(mkdir(sub, 0777), 0);
    put(dir, "a.txt", "abc");
    put(dir, "inputs/b.txt", "abc");
    char err[512];
    ck_assert_int_eq(sct_bundle_manifest_write(dir, err, sizeof err), 0);
    g_n = 0;
}

START_TEST(manifest_lists_every_file)
{
    char dir[1024], p[2200], text[512] = "";
    fresh(dir, sizeof dir, "m1");
    snprintf(p, sizeof p, "%s/MANIFEST.sha256", dir);
    FILE *f = fopen(p, "r");
    ck_assert_ptr_nonnull(f);
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = '\0';
    /* FIPS 180-4 example B.1: SHA-256("abc"). */
    ck_assert_str_eq(text,
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad  a.txt\n"
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad  inputs/b.txt\n");
    ck_assert_uint_eq(sct_bundle_manifest_check(dir, collect, NULL), 0);
}
END_TEST

START_TEST(manifest_finds_changed_added_missing)
{
    char dir[1024], p[2200];
    fresh(dir, sizeof dir, "m2");
    put(dir, "a.txt", "abd");
    ck_assert_uint_eq(sct_bundle_manifest_check(dir, collect, NULL), 1);
    ck_assert_ptr_nonnull(strstr(g_found[0], "a.txt: sha256 "));
    fresh(dir, sizeof dir, "m3");
    put(dir, "new.txt", "x");
    snprintf(p, sizeof p, "%s/inputs/b.txt", dir);
    remove(p);
    ck_assert_uint_eq(sct_bundle_manifest_check(dir, collect, NULL), 2);
    ck_assert_ptr_nonnull(strstr(g_found[0], "inputs/b.txt: listed in MANIFEST.sha256 but missing"));
    ck_assert_ptr_nonnull(strstr(g_found[1], "new.txt: present but not listed"));
    /* a listed file replaced by a link to identical bytes */
    fresh(dir, sizeof dir, "m4");
    snprintf(p, sizeof p, "%s/a.txt", dir);
    remove(p);
    char target[2200];
    snprintf(target, sizeof target, "%s/inputs/b.txt", dir);
    ck_assert_int_eq(symlink(target, p), 0);
    ck_assert_uint_eq(sct_bundle_manifest_check(dir, collect, NULL), 1);
    ck_assert_ptr_nonnull(strstr(g_found[0], "a.txt: not a regular file"));
}
END_TEST

static void keypair(const char *name, char *priv, char *pub, size_t cap)
{
    snprintf(priv, cap, "%s/%s.pem", g_work, name);
    snprintf(pub, cap, "%s/%s.pub.pem", g_work, name);
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "openssl genpkey -algorithm ed25519 -out '%s' && "
             "openssl pkey -in '%s' -pubout -out '%s'", priv, priv, pub);
    ck_assert_int_eq(system(cmd), 0);
}

START_TEST(signature_round_trip_and_refusals)
{
    char dir[1024], priv[1024], pub[1024], priv2[1024], pub2[1024], m[2200], sig[2200];
    char err[1024];
    fresh(dir, sizeof dir, "s1");
    keypair("k1", priv, pub, sizeof priv);
    keypair("k2", priv2, pub2, sizeof priv2);
    snprintf(m, sizeof m, "%s/MANIFEST.sha256", dir);
    snprintf(sig, sizeof sig, "%s/MANIFEST.sha256.sig", dir);
    ck_assert_int_eq(sct_bundle_sign_file(priv, m, sig, err, sizeof err), 0);
    ck_assert_int_eq(sct_bundle_verify_signature(pub, m, sig, err, sizeof err), 0);
    /* another key */
    ck_assert_int_eq(sct_bundle_verify_signature(pub2, m, sig, err, sizeof err), 1);
    ck_assert_ptr_nonnull(strstr(err, "does not match"));
    /* a public key where the private one is needed */
    ck_assert_int_eq(sct_bundle_sign_file(pub, m, sig, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "not a PEM private key"));
    /* the manifest changed after signing */
    ck_assert_int_eq(sct_bundle_sign_file(priv, m, sig, err, sizeof err), 0);
    put(dir, "MANIFEST.sha256", "changed\n");
    ck_assert_int_eq(sct_bundle_verify_signature(pub, m, sig, err, sizeof err), 1);
    /* a malformed signature file */
    put(dir, "MANIFEST.sha256.sig", "zz\n");
    ck_assert_int_eq(sct_bundle_verify_signature(pub, m, sig, err, sizeof err), 1);
    ck_assert_ptr_nonnull(strstr(err, "128 lowercase hex"));
}
END_TEST

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_bundle WORKDIR\n");
        return 2;
    }
    g_work = argv[1];
    mkdir(g_work, 0777);
    const TTest *tests[] = {manifest_lists_every_file, manifest_finds_changed_added_missing,
                            signature_round_trip_and_refusals};
    return SCT_CHECK_RUN("bundle", tests);
}
