/*
 * waiver_file.h — `run --waivers FILE` (docs/cli.md "Waivers"): governed
 * exceptions.  Each waiver names a case or an op x types group, the runtime
 * it applies to (name and version, or the plugin library's sha256), a
 * reason, a link, an owner and an expiry date.  A failing case it covers is
 * WAIVED: counted apart, never as PASS.  An expired waiver, or one for
 * another runtime, is refused before any case runs (exit 2, naming it); a
 * waiver that covers no failure is reported stale.
 *
 * File (JSON):
 *   {"schema": "sonnx-cts-waivers",
 *    "waivers": [{"case": "div/float16/x" | "group": "Div float16",
 *                 "runtime": {"name": "…", "version": "…"} | "library_sha256": "…",
 *                 "reason": "…", "link": "https://…", "owner": "…",
 *                 "expires": "2027-01-31"}]}
 */
#ifndef SCT_CLI_WAIVER_FILE_H
#define SCT_CLI_WAIVER_FILE_H

#include <stdbool.h>
#include <stddef.h>

#include "sct/exec/backend.h"
#include "sct/results/report_model.h"

#define SCT_WAIVER_MAX 256

typedef struct sct_waiver {
    char what[200];          /* "case ID" or "group Op types" */
    char target[160];        /* the case id, or "Op types" */
    bool is_group;
    char runtime_name[128], runtime_version[128], library_sha256[65];
    char reason[512], link[512], owner[128], expires[11];
    size_t matched;          /* failing cases it covered in this run */
} sct_waiver;

typedef struct sct_waivers {
    sct_waiver w[SCT_WAIVER_MAX];
    size_t n;
} sct_waivers;

/* Reads and checks every field; an expired waiver (expires before `today`,
 * "YYYY-MM-DD" UTC) is an error naming it.  0, or non-zero with `err`. */
int sct_waivers_load(const char *path, const char *today, sct_waivers *out, char *err,
                     size_t err_cap);

/* Every waiver must be for the runtime under test (its identity; the plugin
 * file's sha256 when a waiver names one): 0, or non-zero with `err` naming
 * the first that is not. */
int sct_waivers_check_runtime(const sct_waivers *w, const sct_backend_identity *id,
                              char *err, size_t err_cap);

/* A finished case: when it fails (FAIL, CRASH, TIMEOUT, DECLINED_AT_RUN)
 * and a waiver covers it (its id, or its group "Op types"), it becomes
 * WAIVED, its message naming the waiver, and the waiver's count grows. */
void sct_waivers_judge(sct_waivers *w, sct_case_result *c, const char *group);

/* Every waiver into the report (r->waivers), with the cases it covered
 * (0: stale).  0, or non-zero when out of memory. */
int sct_waivers_record(const sct_waivers *w, sct_run_report *r);

#endif /* SCT_CLI_WAIVER_FILE_H */
