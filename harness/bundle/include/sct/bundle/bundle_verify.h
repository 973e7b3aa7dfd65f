/*
 * bundle_verify.h — offline verification of a certification bundle
 * (`sonnx-cts verify`, docs/qualification/bundle.md).  Every check runs and
 * every finding is reported (file, what differs); none hides another:
 *
 *   1. MANIFEST.sha256: every file's digest, no file missing or added
 *      (bundle_files.h);
 *   2. the signature of the manifest under the given public key
 *      (bundle_sign.h); with a key, a missing signature is a finding;
 *   3. every case verdict re-derived from the recorded elements and exec
 *      status by the harness's one verdict rule (sct/results/case_verdict.h),
 *      the per-verdict counts and the overall verdict by
 *      sct_overall_from_counts, against what report.json states;
 *   4. completeness: the case ids of report.json against the vector set's
 *      manifest under the recorded profile and selection (identity.json,
 *      "tier"): no case missing, none added, the manifest's digest the one
 *      recorded; the bundle's requirement catalogue is the vector set's;
 *   5. report.html and report.md rendered again from report.json with the
 *      bundle's inputs: byte for byte what the bundle holds (the first
 *      differing line named);
 *   6. identity.json against report.json (profile, vector set digest,
 *      plugin, harness version), and the recorded plugin sha256 against
 *      the plugin file given.
 */
#ifndef SCT_BUNDLE_BUNDLE_VERIFY_H
#define SCT_BUNDLE_BUNDLE_VERIFY_H

#include <stddef.h>

#include "sct/bundle/bundle_files.h"

typedef struct sct_bundle_verify_opts {
    const char *vectors_dir;   /* the vector set to check completeness against */
    const char *pubkey_path;   /* NULL: the signature is not checked (noted) */
    /* The runtime's plugin file the assessor has: its sha256 must be the
     * one identity.json records (NULL: not checked). */
    const char *plugin_path;
    sct_bundle_problem_fn problem;
    /* What was checked and found right, one line each (may be NULL). */
    void (*note)(void *user, const char *line);
    void *user;
} sct_bundle_verify_opts;

/* Verifies the bundle directory `dir`; the number of findings (0: the
 * bundle is what was certified). */
size_t sct_bundle_verify_dir(const char *dir, const sct_bundle_verify_opts *opts);

/* Checks 3 alone (exposed for tests): report.json's case verdicts, counts
 * and overall verdict against the one verdict rule.  Fills *ids with the
 * case ids in report order (malloc'ed; sct_strv_free) when ids != NULL. */
size_t sct_bundle_check_verdicts(const char *json_path, const char *display,
                                 sct_bundle_problem_fn problem, void *user,
                                 char ***ids, size_t *n_ids);

/* Renders report.json of the bundle `dir` with the bundle's own
 * inputs/requirements.json and inputs/spec-notes.md, paths relative to the
 * bundle (the reports name them), into `html_path` and `md_path`
 * (absolute, or relative to the bundle).  0, or -1 with `err`. */
int sct_bundle_render(const char *dir, const char *html_path, const char *md_path,
                      char *err, size_t err_cap);

#endif /* SCT_BUNDLE_BUNDLE_VERIFY_H */
