/*
 * cmd_verify.c — `sonnx-cts verify BUNDLE [--vectors DIR] [--key PUB.pem]`:
 * checks a certification bundle offline (harness/bundle/bundle_verify.h):
 * digests, signature, every verdict re-derived by the one verdict rule,
 * completeness against the vector set, reports rendered again.
 *
 * Exit status: 0 the bundle is what was certified, 1 a finding (each
 * printed: file and what differs), 2 usage error or unreadable bundle.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "install_layout.h"
#include "option_parse.h"
#include "sct/bundle/bundle_files.h"
#include "sct/bundle/bundle_verify.h"
#include "subcommands.h"

static void verify_usage(FILE *out)
{
    fputs("usage: sonnx-cts verify BUNDLE [--vectors DIR] [--key PUBLIC.pem] [--plugin LIB]\n"
          "\n"
          "Checks a certification bundle (a directory or .tar from `sonnx-cts\n"
          "certify`) offline: the sha256 of every file against MANIFEST.sha256 (none\n"
          "missing or added), the Ed25519 signature under the public key, every\n"
          "case verdict and the overall verdict re-derived from the recorded\n"
          "elements by the harness's verdict rule, completeness against the vector\n"
          "set (no case missing or added for the recorded profile and tier), and\n"
          "report.html / report.md rendered again from report.json.\n"
          "\n"
          "  --vectors DIR        the vector set certified against (default as for run)\n"
          "  --key PUBLIC.pem     the signer's Ed25519 public key (openssl pkey -in\n"
          "                       KEY.pem -pubout); the bundle must then be signed\n"
          "  --plugin LIB         the runtime's plugin file: its sha256 must be the\n"
          "                       one the bundle records\n"
          "\n"
          "exit status: 0 verified; 1 a finding (each printed: file, what differs);\n"
          "2 usage error or the bundle cannot be read.\n",
          out);
}

static void on_problem(void *user, const char *file, const char *what)
{
    (void)user;
    printf("FAIL  %s: %s\n", file, what);
}

static void on_note(void *user, const char *line)
{
    (void)user;
    printf("ok    %s\n", line);
}

enum { OPT_VECTORS = 1, OPT_KEY, OPT_PLUGIN };

static const sct_option k_verify_opts[] = {
    {"vectors", SCT_OPT_VALUE, OPT_VECTORS},
    {"key", SCT_OPT_VALUE, OPT_KEY},
    {"plugin", SCT_OPT_VALUE, OPT_PLUGIN},
    SCT_OPTION_END,
};

typedef struct verify_args {
    sct_bundle_verify_opts *opts;
    const char *bundle;
} verify_args;

static bool take_verify_option(void *user, const sct_option_hit *hit)
{
    sct_bundle_verify_opts *o = ((verify_args *)user)->opts;
    /* A path that is not there is a usage error, said before any check
     * (a finding, exit 1, is about the bundle, not the command line). */
    struct stat st;
    bool dir = hit->opt->id == OPT_VECTORS;
    if (stat(hit->value, &st) != 0 || access(hit->value, R_OK) != 0) {
        fprintf(stderr, "sonnx-cts verify: --%s %s: cannot read: %s\n", hit->opt->name,
                hit->value, strerror(errno));
        return false;
    }
    if (dir != (S_ISDIR(st.st_mode) != 0)) {
        fprintf(stderr, "sonnx-cts verify: --%s %s: %s\n", hit->opt->name, hit->value,
                dir ? "not a directory" : "is a directory");
        return false;
    }
    switch (hit->opt->id) {
    case OPT_VECTORS: o->vectors_dir = hit->value; break;
    case OPT_KEY: o->pubkey_path = hit->value; break;
    default: o->plugin_path = hit->value; break;
    }
    return true;
}

static bool take_bundle(void *user, const char *cmd, const char *arg)
{
    verify_args *a = user;
    if (a->bundle != NULL)
        return sct_usage_error(cmd, "unexpected argument '%s' (one BUNDLE only)", arg);
    a->bundle = arg;
    return true;
}

int sct_cmd_verify(int argc, char **argv)
{
    sct_bundle_verify_opts o = {.vectors_dir = sct_default_vectors_dir(),
                                .problem = on_problem, .note = on_note};
    verify_args va = {.opts = &o};
    const sct_option *const tables[] = {k_verify_opts, NULL};
    sct_option_spec spec = {.cmd = "verify", .tables = tables, .on_option = take_verify_option,
                            .on_operand = take_bundle, .user = &va};
    int rc = sct_parse_command_line(&spec, argc, argv, verify_usage);
    if (rc >= 0)
        return rc;
    const char *bundle = va.bundle;
    if (bundle == NULL || o.vectors_dir == NULL) {
        fprintf(stderr, "sonnx-cts verify: %s\n", bundle == NULL
                ? "a BUNDLE (directory or .tar) is required"
                : "no vector set: give --vectors DIR or set SONNX_CTS_VECTORS");
        return SCT_EXIT_USAGE;
    }
    char dir[4096], err[1024];
    bool tar = sct_bundle_is_tar(bundle);
    if (tar) {
        if (sct_bundle_scratch_dir("verify", dir, sizeof dir, err, sizeof err) != 0 ||
            sct_bundle_tar_extract(bundle, dir, err, sizeof err) != 0) {
            fprintf(stderr, "sonnx-cts verify: %s: %s\n", bundle, err);
            return SCT_EXIT_USAGE;
        }
    } else {
        snprintf(dir, sizeof dir, "%s", bundle);
    }
    printf("verifying %s against the vector set %s\n", bundle, o.vectors_dir);
    size_t findings = sct_bundle_verify_dir(dir, &o);
    if (tar)
        sct_bundle_remove_tree(dir);
    if (findings > 0) {
        printf("verify: %zu finding(s): %s is NOT what was certified\n", findings, bundle);
        return SCT_EXIT_NONCONFORMING;
    }
    printf("verify: OK: %s is intact and says what its recorded elements give\n", bundle);
    return SCT_EXIT_OK;
}
