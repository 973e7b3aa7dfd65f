/*
 * bundle_verify.c — the checks of `sonnx-cts verify` on a bundle directory
 * (bundle_verify.h).
 */
#include "sct/bundle/bundle_verify.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sct/bundle/bundle_identity.h"
#include "sct/bundle/bundle_layout.h"
#include "sct/bundle/bundle_sign.h"
#include "sct/io/file_hash.h"
#include "sct/jsonstream/json_exact.h"
#include "sct/jsonstream/json_fields.h"
#include "sct/results/report_read.h"
#include "verify_parts.h"

static void note(const sct_bundle_verify_opts *o, const char *fmt, const char *arg)
{
    if (o->note == NULL)
        return;
    char line[1024];
    snprintf(line, sizeof line, fmt, arg);
    o->note(o->user, line);
}

static size_t check_signature(const char *dir, const sct_bundle_verify_opts *o)
{
    char sig[4096], manifest[4096], err[1024];
    snprintf(sig, sizeof sig, "%s/%s", dir, SCT_BUNDLE_SIGNATURE);
    snprintf(manifest, sizeof manifest, "%s/%s", dir, SCT_BUNDLE_MANIFEST);
    bool has_sig = access(sig, F_OK) == 0;
    if (o->pubkey_path == NULL) {
        note(o, "signature: %s", has_sig ? "present, NOT checked (no --key given)"
                                         : "none (no --key given)");
        return 0;
    }
    if (!has_sig) {
        o->problem(o->user, SCT_BUNDLE_SIGNATURE, "missing: --key was given but the "
                   "bundle is not signed (or its signature was removed)");
        return 1;
    }
    int rc = sct_bundle_verify_signature(o->pubkey_path, manifest, sig, err, sizeof err);
    if (rc != 0) {
        o->problem(o->user, rc < 0 ? o->pubkey_path : SCT_BUNDLE_SIGNATURE, err);
        return 1;
    }
    note(o, "signature: valid Ed25519 signature of MANIFEST.sha256 under %s",
         o->pubkey_path);
    return 0;
}

/* The first line where two files differ, or 0 when they are equal. */
static unsigned long first_difference(const char *a_path, const char *b_path)
{
    FILE *a = fopen(a_path, "rb"), *b = fopen(b_path, "rb");
    unsigned long line = 1, diff = 0;
    if (a == NULL || b == NULL) {
        diff = 1;
    } else {
        int ca, cb;
        do {
            ca = getc(a);
            cb = getc(b);
            if (ca != cb) {
                diff = line;
                break;
            }
            if (ca == '\n')
                line++;
        } while (ca != EOF);
    }
    if (a)
        fclose(a);
    if (b)
        fclose(b);
    return diff;
}

static size_t check_renders(const char *dir, const sct_bundle_verify_opts *o)
{
    char scratch[4096], err[1024], html[4200], md[4200];
    if (sct_bundle_scratch_dir("verify-render", scratch, sizeof scratch, err,
                               sizeof err) != 0) {
        o->problem(o->user, SCT_BUNDLE_HTML, err);
        return 1;
    }
    snprintf(html, sizeof html, "%s/report.html", scratch);
    snprintf(md, sizeof md, "%s/report.md", scratch);
    size_t findings = 0;
    if (sct_bundle_render(dir, html, md, err, sizeof err) != 0) {
        o->problem(o->user, SCT_BUNDLE_JSON, err);
        findings++;
    } else {
        const char *names[] = {SCT_BUNDLE_HTML, SCT_BUNDLE_MD};
        const char *fresh[] = {html, md};
        for (int i = 0; i < 2; i++) {
            char held[4096], what[512];
            snprintf(held, sizeof held, "%s/%s", dir, names[i]);
            unsigned long line = first_difference(held, fresh[i]);
            if (line != 0) {
                snprintf(what, sizeof what, "does not say what report.json says: it "
                         "differs from the report rendered again from report.json from "
                         "line %lu on", line);
                o->problem(o->user, names[i], what);
                findings++;
            }
        }
        if (findings == 0)
            note(o, "%s", "report.html, report.md: rendered again from report.json, "
                 "byte-identical");
    }
    sct_bundle_remove_tree(scratch);
    return findings;
}

static cJSON *read_json(const char *path, char *err, size_t err_cap)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        snprintf(err, err_cap, "missing or unreadable");
        return NULL;
    }
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    char chunk[65536];
    size_t n;
    while (mem != NULL && (n = fread(chunk, 1, sizeof chunk, f)) > 0)
        fwrite(chunk, 1, n, mem);
    fclose(f);
    if (mem == NULL || fclose(mem) != 0) {
        free(buf);
        snprintf(err, err_cap, "cannot read");
        return NULL;
    }
    cJSON *root = sct_json_parse_exact(buf, len, err, err_cap);
    free(buf);
    return root;
}

/* identity.json against report.json's identity (check 6). */
static size_t check_identity(const cJSON *id, const sct_run_identity *r,
                             const sct_bundle_verify_opts *o)
{
    struct { const char *what, *in_identity, *in_report; } pairs[] = {
        {"profile", sct_json_get_str(id, "profile"), r->profile},
        {"vectors.manifest_sha256",
         sct_json_get_str(sct_json_member(id, "vectors"), "manifest_sha256"),
         r->vector_set_sha256},
        {"harness.version",
         sct_json_get_str(sct_json_member(id, "harness"), "version"),
         r->harness_version},
        {"plugin.runtime_name",
         sct_json_get_str(sct_json_member(id, "plugin"), "runtime_name"),
         r->runtime_name},
        {"plugin.runtime_version",
         sct_json_get_str(sct_json_member(id, "plugin"), "runtime_version"),
         r->runtime_version},
        {"sandbox", sct_json_get_str(id, "sandbox"), r->isolation},
    };
    size_t findings = 0;
    if (o->plugin_path != NULL) {
        char hex[SCT_SHA256_HEX_CHARS + 1], err[1024], what[1400];
        const char *rec = sct_json_get_str(sct_json_member(id, "plugin"),
                                           "sha256");
        if (sct_sha256_file(o->plugin_path, o->plugin_path, hex, err, sizeof err) != 0) {
            o->problem(o->user, o->plugin_path, err);
            findings++;
        } else if (rec == NULL || strcmp(rec, hex) != 0) {
            snprintf(what, sizeof what, "plugin.sha256: \"%s\", but %s has sha256 %s: "
                     "another runtime binary was certified", rec ? rec : "(missing)",
                     o->plugin_path, hex);
            o->problem(o->user, SCT_BUNDLE_IDENTITY, what);
            findings++;
        } else {
            note(o, "plugin: %s is the binary certified (sha256 recorded)", o->plugin_path);
        }
    }
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        const char *a = pairs[i].in_identity, *b = pairs[i].in_report;
        if (a == NULL || b == NULL || strcmp(a, b) != 0) {
            char what[1024];
            snprintf(what, sizeof what, "%s: \"%s\", but report.json says \"%s\"",
                     pairs[i].what, a ? a : "(missing)", b ? b : "(missing)");
            o->problem(o->user, SCT_BUNDLE_IDENTITY, what);
            findings++;
        }
    }
    return findings;
}

size_t sct_bundle_verify_dir(const char *dir, const sct_bundle_verify_opts *o)
{
    size_t findings = sct_bundle_manifest_check(dir, o->problem, o->user);
    if (findings == 0)
        note(o, "%s", "MANIFEST.sha256: every file's sha256 matches, none missing or added");
    findings += check_signature(dir, o);

    char json[4096], idpath[4096], err[1024];
    snprintf(json, sizeof json, "%s/%s", dir, SCT_BUNDLE_JSON);
    snprintf(idpath, sizeof idpath, "%s/%s", dir, SCT_BUNDLE_IDENTITY);
    char **ids = NULL;
    size_t n_ids = 0;
    size_t verdict_findings =
        sct_bundle_check_verdicts(json, SCT_BUNDLE_JSON, o->problem, o->user, &ids, &n_ids);
    if (verdict_findings == 0)
        note(o, "%s", "report.json: every case verdict, the counts and the overall "
             "verdict agree with the verdict rule");
    findings += verdict_findings;

    cJSON *id = read_json(idpath, err, sizeof err);
    if (id == NULL) {
        o->problem(o->user, SCT_BUNDLE_IDENTITY, err);
        findings++;
    } else {
        sct_run_report head;
        sct_report_read_opts ro = {.mode = SCT_READ_TOLERANT};
        sct_report_file *f = NULL;
        if (sct_report_open(json, &ro, &f, err, sizeof err) == 0 &&
            sct_report_read_head(f, &head, err, sizeof err) == 0) {
            findings += check_identity(id, &head.identity, o);
            findings += sct_bundle_check_complete(dir, id, &head, ids, n_ids, o);
            sct_run_report_free(&head);
        } else {
            o->problem(o->user, SCT_BUNDLE_JSON, err);
            findings++;
        }
        if (f != NULL)
            sct_report_close(f);
        cJSON_Delete(id);
    }
    sct_strv_free(ids, n_ids);
    findings += check_renders(dir, o);
    return findings;
}
