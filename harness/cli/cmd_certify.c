/*
 * cmd_certify.c — `sonnx-cts certify --out DIR|FILE.tar [--sign KEY]
 * [run options]`: `run` with every report written into one certification
 * bundle, plus identity.json, the manifest of digests and an optional
 * Ed25519 signature (harness/bundle, docs/qualification/bundle.md).
 *
 * Exit status: run's (0 conforms, 1 non-conformance) once the bundle is
 * complete; 2 on usage errors or when the bundle could not be made.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "install_layout.h"
#include "run_identity.h"
#include "run_options.h"
#include "sct/bundle/bundle_files.h"
#include "sct/bundle/bundle_identity.h"
#include "sct/bundle/bundle_layout.h"
#include "sct/bundle/bundle_sign.h"
#include "sct/bundle/bundle_verify.h"
#include "sct/results/report_read.h"
#include "subcommands.h"

static void certify_usage(FILE *out)
{
    fputs("usage: sonnx-cts certify --out DIR|FILE.tar [--sign KEY.pem] [run options]\n"
          "\n"
          "Runs the selected cases as `sonnx-cts run` does (same options: --vendor,\n"
          "--profile, --vectors, --vendor-options, --timeout, sandbox options, ...)\n"
          "and writes one certification bundle: report.json, report.xml (JUnit),\n"
          "report.md, report.html, the requirement catalogue and spec notes they\n"
          "cite, identity.json (harness version and build id, plugin path, sha256\n"
          "and self-description, vector manifest sha256, profile, tier, command\n"
          "line, sandbox protections, machine) and MANIFEST.sha256 (every file's\n"
          "digest; `sha256sum -c MANIFEST.sha256` works too).\n"
          "\n"
          "  --out DIR|FILE.tar   the bundle: a new (or empty) directory, or a tar\n"
          "                       archive when the name ends in .tar\n"
          "  --sign KEY.pem       sign MANIFEST.sha256 with this Ed25519 private key\n"
          "                       (openssl genpkey -algorithm ed25519 -out KEY.pem);\n"
          "                       MANIFEST.sha256.sig\n"
          "\n"
          "Report options of run (--json, --junit, --html, --md, --text) and\n"
          "--shard, --baseline, --write-baseline are refused: the bundle is the\n"
          "report, and a certification covers the whole selection.  Check a bundle\n"
          "with `sonnx-cts verify`.\n"
          "\n"
          "exit status: as run (0 conforms, 1 non-conformance) once the bundle is\n"
          "written; 2 usage error or no bundle.\n",
          out);
}

enum { OPT_OUT = SCT_RUN_EXTRA_ID, OPT_SIGN, OPT_REFUSED };

/* certify's own options, and run's report, shard and baseline options
 * taken away: the bundle is the report. */
static const sct_option k_certify_opts[] = {
    {"out", SCT_OPT_VALUE, OPT_OUT},
    {"sign", SCT_OPT_VALUE, OPT_SIGN},
    {"json", SCT_OPT_VALUE, OPT_REFUSED},
    {"junit", SCT_OPT_VALUE, OPT_REFUSED},
    {"html", SCT_OPT_VALUE, OPT_REFUSED},
    {"md", SCT_OPT_VALUE, OPT_REFUSED},
    {"text", SCT_OPT_VALUE, OPT_REFUSED},
    {"shard", SCT_OPT_VALUE, OPT_REFUSED},
    {"baseline", SCT_OPT_VALUE, OPT_REFUSED},
    {"write-baseline", SCT_OPT_VALUE, OPT_REFUSED},
    SCT_OPTION_END,
};

typedef struct certify_args {
    const char *out, *sign_key;
    char **run_argv; /* argv without --out and --sign */
    int run_argc, next; /* next: the argv word not yet copied */
    char **argv;
} certify_args;

static bool take_certify_option(void *user, const sct_option_hit *hit)
{
    certify_args *c = user;
    if (hit->opt->id == OPT_REFUSED) {
        fprintf(stderr, "sonnx-cts certify: %s is not for certify (the bundle holds "
                "every report; a certification covers the whole selection)\n",
                c->argv[hit->argi]);
        return false;
    }
    *(hit->opt->id == OPT_OUT ? &c->out : &c->sign_key) = hit->value;
    /* run gets every other word, in order */
    while (c->next < hit->argi)
        c->run_argv[c->run_argc++] = c->argv[c->next++];
    c->next = hit->argi + hit->words;
    return true;
}

/* DIR must not exist yet, or be an empty directory: a bundle never mixes
 * with files of another run. */
static int prepare_dir(const char *dir, char *err, size_t cap)
{
    if (mkdir(dir, 0777) != 0) {
        if (errno != EEXIST || rmdir(dir) != 0 || mkdir(dir, 0777) != 0) {
            snprintf(err, cap, "--out %s: cannot create, or exists and is not an empty "
                     "directory", dir);
            return -1;
        }
    }
    char inputs[4352];
    snprintf(inputs, sizeof inputs, "%s/%s", dir, SCT_BUNDLE_INPUTS);
    if (mkdir(inputs, 0777) != 0) {
        snprintf(err, cap, "%s: cannot create: %s", inputs, strerror(errno));
        return -1;
    }
    return 0;
}

/* The requirement catalogue and spec notes the renderer would cite, copied
 * into the bundle so that verify renders with the same bytes anywhere. */
static int copy_inputs(const char *dir, const char *vectors, char *err, size_t cap)
{
    char from[4352], to[4352];
    snprintf(from, sizeof from, "%s/requirements.json", vectors);
    snprintf(to, sizeof to, "%s/%s", dir, SCT_BUNDLE_REQUIREMENTS);
    if (access(from, R_OK) == 0 && sct_bundle_copy_file(from, to, err, cap) != 0)
        return -1;
    /* As render_outputs.c looks for them: beside the vector set, else the
     * installed (or source tree's) copy. */
    snprintf(from, sizeof from, "%s/../docs/spec-notes.md", vectors);
    const char *notes = access(from, R_OK) == 0 ? from : sct_default_spec_notes();
    snprintf(to, sizeof to, "%s/%s", dir, SCT_BUNDLE_SPEC_NOTES);
    if (notes != NULL && sct_bundle_copy_file(notes, to, err, cap) != 0)
        return -1;
    return 0;
}

static int write_identity(const char *dir, int argc, char **argv, const sct_run_config *cfg,
                          char *err, size_t cap)
{
    char json[4352], path[4352], plugin[4096], req[4352];
    snprintf(json, sizeof json, "%s/%s", dir, SCT_BUNDLE_JSON);
    snprintf(path, sizeof path, "%s/%s", dir, SCT_BUNDLE_IDENTITY);
    snprintf(req, sizeof req, "%s/requirements.json", cfg->vectors_dir);
    sct_report_read_opts ro = {.mode = SCT_READ_STRICT};
    sct_report_file *f = NULL;
    if (sct_report_open(json, &ro, &f, err, cap) != 0)
        return -1;
    sct_run_report head;
    int rc = sct_report_read_head(f, &head, err, cap);
    sct_report_close(f);
    if (rc != 0)
        return -1;
    if (cfg->vendor_path != NULL &&
        sct_resolve_vendor(cfg->vendor_path, plugin, sizeof plugin, err, cap) != 0) {
        sct_run_report_free(&head);
        return -1;
    }
    char **full = calloc((size_t)argc + 1u, sizeof *full);
    char *line = NULL;
    if (full != NULL) {
        full[0] = "sonnx-cts";
        for (int i = 0; i < argc; i++)
            full[i + 1] = argv[i];
        line = sct_join_command_line(argc + 1, full);
        free(full);
    }
    sct_bundle_identity_in in = {.command_line = line,
                                 .plugin_file = cfg->vendor_path ? plugin : NULL,
                                 .requirements_file = access(req, R_OK) == 0 ? req : NULL,
                                 .claim_file = cfg->claim_path,
                                 .waivers_file = cfg->waivers_path,
                                 .run = &head.identity, .filter = &cfg->filter};
    rc = sct_bundle_identity_write(path, &in, err, cap);
    free(line);
    sct_run_report_free(&head);
    return rc;
}

/* Everything after the run: inputs, renders, identity, manifest, signature. */
static int finish_bundle(const char *dir, int argc, char **argv, const sct_run_config *cfg,
                         const char *sign_key, char *err, size_t cap)
{
    char html[4352], md[4352], manifest[4352], sig[4352];
    snprintf(html, sizeof html, "%s/%s", dir, SCT_BUNDLE_HTML);
    snprintf(md, sizeof md, "%s/%s", dir, SCT_BUNDLE_MD);
    snprintf(manifest, sizeof manifest, "%s/%s", dir, SCT_BUNDLE_MANIFEST);
    snprintf(sig, sizeof sig, "%s/%s", dir, SCT_BUNDLE_SIGNATURE);
    if (copy_inputs(dir, cfg->vectors_dir, err, cap) != 0 ||
        sct_bundle_render(dir, html, md, err, cap) != 0 ||
        write_identity(dir, argc, argv, cfg, err, cap) != 0 ||
        sct_bundle_manifest_write(dir, err, cap) != 0)
        return -1;
    if (sign_key != NULL && sct_bundle_sign_file(sign_key, manifest, sig, err, cap) != 0)
        return -1;
    return 0;
}

int sct_cmd_certify(int argc, char **argv)
{
    certify_args c = {.run_argv = calloc((size_t)argc + 8u, sizeof *c.run_argv),
                      .next = 1, .argv = argv};
    if (c.run_argv == NULL)
        return SCT_EXIT_USAGE;
    c.run_argv[c.run_argc++] = "run";
    /* run's own parser validates the run options (the one parser of run),
     * certify's with them. */
    sct_run_config cfg;
    bool profile_given;
    sct_run_extra extra = {.options = k_certify_opts, .take = take_certify_option,
                           .user = &c};
    sct_parse_outcome p = sct_parse_run_options("certify", argc, argv, true, &extra, &cfg,
                                                &profile_given);
    if (p != SCT_PARSE_OK) {
        if (p == SCT_PARSE_HELP)
            certify_usage(stdout);
        free(c.run_argv);
        return p == SCT_PARSE_HELP ? SCT_EXIT_OK : SCT_EXIT_USAGE;
    }
    while (c.next < argc)
        c.run_argv[c.run_argc++] = argv[c.next++];
    const char *out = c.out, *sign_key = c.sign_key;
    char **run_argv = c.run_argv;
    int run_argc = c.run_argc;
    if (out == NULL) {
        fprintf(stderr, "sonnx-cts certify: --out DIR|FILE.tar is required\n");
        free(run_argv);
        return SCT_EXIT_USAGE;
    }
    char err[8192], dir[4096], json[4352], junit[4352];
    bool tar = sct_bundle_is_tar(out);
    if (tar ? sct_bundle_scratch_dir("certify", dir, sizeof dir, err, sizeof err) != 0 ||
                  prepare_dir(dir, err, sizeof err) != 0
            : (snprintf(dir, sizeof dir, "%s", out), prepare_dir(dir, err, sizeof err) != 0)) {
        fprintf(stderr, "sonnx-cts certify: %s\n", err);
        free(run_argv);
        return SCT_EXIT_USAGE;
    }
    snprintf(json, sizeof json, "%s/%s", dir, SCT_BUNDLE_JSON);
    snprintf(junit, sizeof junit, "%s/%s", dir, SCT_BUNDLE_JUNIT);
    run_argv[run_argc++] = "--json";
    run_argv[run_argc++] = json;
    run_argv[run_argc++] = "--junit";
    run_argv[run_argc++] = junit;
    int rc = sct_cmd_run(run_argc, run_argv);
    if (access(json, R_OK) != 0) {
        fprintf(stderr, "sonnx-cts certify: the run wrote no report: no bundle\n");
        rc = SCT_EXIT_USAGE;
    } else if (finish_bundle(dir, argc, argv, &cfg, sign_key, err, sizeof err) != 0 ||
               (tar && sct_bundle_tar_create(dir, out, err, sizeof err) != 0)) {
        fprintf(stderr, "sonnx-cts certify: %s\n", err);
        rc = SCT_EXIT_USAGE;
    } else {
        fprintf(rc == SCT_EXIT_OK ? stdout : stderr,
                "certification bundle: %s%s (run exit status %d)\n"
                "check it with: sonnx-cts verify %s --vectors %s%s\n", out,
                sign_key ? ", signed" : "", rc, out, cfg.vectors_dir,
                sign_key ? " --key PUBLIC.pem" : "");
    }
    /* A bundle that could not be completed is removed rather than left to
     * look like one (a tar's scratch directory always is). */
    if (tar || rc == SCT_EXIT_USAGE)
        sct_bundle_remove_tree(dir);
    free(run_argv);
    return rc;
}
