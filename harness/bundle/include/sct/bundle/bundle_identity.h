/*
 * bundle_identity.h — identity.json of a certification bundle: everything
 * an assessor needs to say which tool judged which runtime binary on which
 * vectors, where and how (docs/qualification/bundle.md):
 *
 *   harness   version, build id (the ELF NT_GNU_BUILD_ID of the running
 *             sonnx-cts), sha256 of its executable
 *   plugin    path, sha256 of its bytes, and what it says of itself
 *             (vendor, runtime name and version, ABI)
 *   vectors   directory, sha256 of the manifest, format version,
 *             sha256 of requirements.json
 *   profile, tier ("full": every case of the profile; "filtered": the
 *             selection below), selection, claim and waivers (none today:
 *             the harness has neither), command line, sandbox protections
 *   machine   CPU model and ISA flags, OS, kernel, libc (machine_identity.h)
 *
 * Written by `certify`, read back by `verify` (the selection, to check
 * completeness; the rest against the report).
 */
#ifndef SCT_BUNDLE_BUNDLE_IDENTITY_H
#define SCT_BUNDLE_BUNDLE_IDENTITY_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "sct/results/report_model.h"
#include "sct/select/case_filter.h"

typedef struct sct_bundle_identity_in {
    const char *command_line;        /* certify's own, shell-quoted */
    const char *plugin_file;         /* the resolved plugin file; NULL: built-in */
    const char *requirements_file;   /* the vector set's requirements.json, or NULL */
    const char *claim_file;          /* --claim FILE applied, or NULL */
    const char *waivers_file;        /* --waivers FILE applied, or NULL */
    const sct_run_identity *run;     /* the run report's identity */
    const sct_case_filter *filter;   /* the selection (profile_bit set) */
} sct_bundle_identity_in;

/* Writes identity.json to `path`.  0, or -1 with `err`. */
int sct_bundle_identity_write(const char *path, const sct_bundle_identity_in *in,
                              char *err, size_t err_cap);

/* The selection recorded in identity.json back into `f` (zeroed here); its
 * strings point into `root`, which must outlive `f`.  "full" tier: the
 * profile alone.  0, or -1 with `err` naming the field. */
int sct_bundle_identity_selection(const cJSON *root, sct_case_filter *f, char *err,
                                  size_t err_cap);

/* "full" when the filter selects the whole profile, else "filtered". */
const char *sct_bundle_tier(const sct_case_filter *f);

#endif /* SCT_BUNDLE_BUNDLE_IDENTITY_H */
