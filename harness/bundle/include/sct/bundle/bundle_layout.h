/*
 * bundle_layout.h — the files of a certification bundle
 * (docs/qualification/bundle.md): one directory, or a tar archive of it.
 *
 *   report.json            the run report (docs/report-format.md)
 *   report.xml             JUnit XML of the same run
 *   report.md, report.html rendered from report.json with the inputs below
 *   inputs/requirements.json, inputs/spec-notes.md
 *                          what the renderer cited, so that `verify` renders
 *                          the same bytes on another machine
 *   identity.json          who judged what, where, how (bundle_identity.h)
 *   MANIFEST.sha256        "<sha256>  <path>" per file, sorted by path, in
 *                          the format of `sha256sum -c`
 *   MANIFEST.sha256.sig    optional: Ed25519 signature of MANIFEST.sha256
 *                          (hex), by OpenSSL EVP (bundle_sign.h)
 */
#ifndef SCT_BUNDLE_BUNDLE_LAYOUT_H
#define SCT_BUNDLE_BUNDLE_LAYOUT_H

#define SCT_BUNDLE_JSON "report.json"
#define SCT_BUNDLE_JUNIT "report.xml"
#define SCT_BUNDLE_MD "report.md"
#define SCT_BUNDLE_HTML "report.html"
#define SCT_BUNDLE_IDENTITY "identity.json"
#define SCT_BUNDLE_INPUTS "inputs"
#define SCT_BUNDLE_REQUIREMENTS "inputs/requirements.json"
#define SCT_BUNDLE_SPEC_NOTES "inputs/spec-notes.md"
#define SCT_BUNDLE_MANIFEST "MANIFEST.sha256"
#define SCT_BUNDLE_SIGNATURE "MANIFEST.sha256.sig"

/* identity.json: schema name and version (bundle_identity.h). */
#define SCT_BUNDLE_IDENTITY_SCHEMA "sonnx-cts-identity"
#define SCT_BUNDLE_IDENTITY_VERSION "1.0"

#endif /* SCT_BUNDLE_BUNDLE_LAYOUT_H */
